// read_text validators (DECISIONS 3): temperature, version, regex. Anything else, or a regex that does not compile,
// is a step error; a text that does not pass is retried like a missing node.
import { StepError } from '../step-error.ts';

export const VALIDATORS = ['temperature', 'version', 'regex'] as const;

const TEMPERATURE = /-?\d+(?:[.,]\d+)?\s*°\s*[CF]?|-?\d+(?:[.,]\d+)?\s*[CF]\b/;
const VERSION = /\bv?\d+(?:\.\d+)+(?:[-+][\w.]+)?\b/;

export function compileValidator(
  name: string | undefined,
  pattern: string | undefined,
): ((t: string) => boolean) | undefined {
  if (name === undefined || name === 'none') return undefined;
  if (name === 'temperature') return (t) => TEMPERATURE.test(t);
  if (name === 'version') return (t) => VERSION.test(t);
  if (name === 'regex') {
    if (!pattern) throw new StepError('VALIDATOR_INVALID', 'validator regex needs validatorPattern');
    try {
      const re = new RegExp(pattern);
      return (t) => re.test(t);
    } catch {
      throw new StepError('VALIDATOR_INVALID', `validatorPattern does not compile: ${pattern}`);
    }
  }
  throw new StepError('VALIDATOR_INVALID', `unknown validator "${name}" (expected ${VALIDATORS.join(', ')})`);
}
