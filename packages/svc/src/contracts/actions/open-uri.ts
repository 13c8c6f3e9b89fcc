// open_uri: an implicit view intent to the device's registered handler, any scheme (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { LIMITS } from '../limits.ts';
import { defineAction } from './define.ts';

export const openUri = defineAction({
  type: 'open_uri',
  aliases: ['open_url'],
  params: { fields: { uri: str('nonBlank', LIMITS.MAX_URI_LENGTH), retry }, required: ['uri'] },
  retry: 'AppLaunch',
  nature: 'act',
  changesScreen: true,
});
