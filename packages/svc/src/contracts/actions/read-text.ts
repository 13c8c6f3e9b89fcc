// read_text: the visible text of an element, optionally checked by a validator (SPEC 2.5, DECISIONS 3).
import { bool, matcher, oneOf, retry, str } from '../fields.ts';
import { READ_TEXT_VALIDATORS } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';

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
        try {
          new RegExp(pattern);
        } catch (error) {
          fail(
            `${path}.validatorPattern`,
            `does not compile: ${(error as Error).message}`,
            'a compiling regular expression',
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
});
