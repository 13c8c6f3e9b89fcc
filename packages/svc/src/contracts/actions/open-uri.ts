// open_uri: an implicit view intent to the device's registered handler, any scheme (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { LIMITS } from '../limits.ts';
import { defineAction, URI_TARGET } from './define.ts';

export const openUri = defineAction({
  type: 'open_uri',
  aliases: ['open_url'],
  params: { fields: { uri: str('nonBlank', LIMITS.MAX_URI_LENGTH), retry }, required: ['uri'] },
  retry: 'AppLaunch',
  nature: 'act',
  changesScreen: true,
  example: { uri: 'https://example.com/?q=1' },
  cli: [
    {
      verb: 'open',
      when: { argument: 'package-or-uri', matches: URI_TARGET },
      description: 'open an app by package, or a URI (anything with a scheme) with its handler',
      examples: ['svc open https://example.com'],
      inputs: [{ kind: 'argument', name: 'package-or-uri', param: 'uri', missingPath: 'actions[0].params' }],
    },
    {
      verb: 'open-uri',
      group: 'action',
      description: 'open a URI',
      examples: ['svc action open-uri --uri https://example.com'],
      inputs: [{ kind: 'flag', flag: '--uri <uri>', param: 'uri', help: 'any scheme', required: true }],
    },
  ],
  mcp: {
    name: 'open',
    when: { argument: 'target', matches: URI_TARGET },
    description: 'Open an app by id, or a URI (https:, tel:, ...) with its handler.',
    arguments: { target: { param: 'uri' } },
    required: ['target'],
  },
});
