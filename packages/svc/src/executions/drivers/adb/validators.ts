// read_text validators as the operator applies them: temperature, version, regex (validatorPattern). Validation
// upstream already refused unknown names and patterns that do not compile; a text that does not pass is retried
// like a missing node.
const TEMPERATURE = /-?\d+(?:[.,]\d+)?\s*°\s*[CF]?|-?\d+(?:[.,]\d+)?\s*[CF]\b/;
const VERSION = /\bv?\d+(?:\.\d+)+(?:[-+][\w.]+)?\b/;

export function textValidator(
  name: string | undefined,
  pattern: string | undefined,
): ((t: string) => boolean) | undefined {
  if (name === undefined || name === 'none') return undefined;
  if (name === 'temperature') return (t) => TEMPERATURE.test(t);
  if (name === 'version') return (t) => VERSION.test(t);
  if (name === 'regex' && pattern !== undefined) {
    const re = new RegExp(pattern);
    return (t) => re.test(t);
  }
  return undefined;
}
