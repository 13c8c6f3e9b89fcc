// read_text: the visible text of an element, optionally checked by a validator (SPEC 2.5, DECISIONS 3).
import { bool, matcher, oneOf, retry, str } from '../fields.ts';
import { javaRegexProblem } from '../java-regex.ts';
import { READ_TEXT_VALIDATORS } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';

export const readText = defineAction({
  type: 'read_text',
  aliases: ['read'],
  params: {
    fields: {
      matcher,
      all: bool,
      container: matcher,
      validator: oneOf(READ_TEXT_VALIDATORS),
      validatorPattern: str('nonEmpty'),
      retry,
    },
    required: ['matcher'],
    check(params, path) {
      const pattern = params.validatorPattern;
      if (params.validator === 'regex') {
        if (typeof pattern !== 'string') {
          fail(`${path}.validatorPattern`, 'is required when validator is regex', 'a regular expression');
        }
        // Java's dialect (the operator app compiles it with java.util.regex), or JavaScript's where Java's refuses it:
        // the operator driver then refuses what only JavaScript takes (contracts/operator-wire.ts).
        const java = javaRegexProblem(pattern);
        if (java !== undefined && !compilesInJs(pattern)) {
          fail(
            `${path}.validatorPattern`,
            `does not compile: ${java.construct} at ${java.index}: ${java.why}`,
            "a regular expression in Java's syntax",
          );
        }
      } else if (pattern !== undefined) {
        fail(`${path}.validatorPattern`, 'is only allowed with validator regex', 'validator: "regex"');
      }
    },
    // validator regex <=> validatorPattern present (written without if/then: a `then` key makes objects thenable).
    schemaExtra: {
      anyOf: [
        { properties: { validator: { const: 'regex' } }, required: ['validator', 'validatorPattern'] },
        {
          not: {
            anyOf: [
              { required: ['validatorPattern'] },
              { properties: { validator: { const: 'regex' } }, required: ['validator'] },
            ],
          },
        },
      ],
    },
  },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
  example: { matcher: { textEquals: 'Battery' }, validator: 'regex', validatorPattern: '^\\d+%$', all: true },
  cli: [
    {
      verb: 'read',
      description: 'read the text of an element',
      examples: [
        'svc read --id com.android.settings:id/title',
        'svc read --text-contains Wi --container-id com.android.settings:id/recycler_view --all',
      ],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element', required: true },
        { kind: 'selector', param: 'container', flags: 'container' },
        { kind: 'switch', flag: '--all', param: 'all', value: true, help: FLAG_HELP.all },
        { kind: 'flag', flag: '--validator <name>', param: 'validator', help: 'temperature, version or regex' },
        {
          kind: 'flag',
          flag: '--validator-pattern <regex>',
          param: 'validatorPattern',
          help: 'pattern for --validator regex',
        },
      ],
    },
    {
      verb: 'read',
      group: 'action',
      description: 'read the text of the element matching --selector',
      examples: [`svc action read --selector '{"textEquals":"Settings"}'`],
      inputs: [{ kind: 'selector', param: 'matcher', flags: 'json', required: true }],
    },
  ],
  mcp: {
    name: 'read',
    description: "Read `selector`'s text (`all`: every match; in `container`); `validator` checks it.",
    arguments: {
      selector: { param: 'matcher' },
      container: { param: 'container' },
      all: { param: 'all' },
      validator: { param: 'validator' },
      validatorPattern: { param: 'validatorPattern' },
    },
    required: ['selector'],
  },
});

function compilesInJs(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
