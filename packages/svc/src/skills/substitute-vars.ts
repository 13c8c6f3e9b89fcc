// `{{VAR}}` substitution in a recipe's JSON text that can never break the JSON: the template is scanned with a
// JSON string tracker, so a placeholder inside a string literal receives the value escaped as string content, and a
// bare placeholder (for example `"timeoutMs": {{TIMEOUT}}`) receives the value as a JSON literal. The scan is one
// pass over the template, so a value that itself contains `{{X}}` is inserted verbatim, never expanded again.

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/y;

export interface Substitution {
  text: string;
  /** Every placeholder name without a value, in order of first appearance, each once. */
  missing: string[];
  /** Every placeholder name the template uses, each once. */
  used: string[];
}

function asStringContent(value: unknown): string {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(raw).slice(1, -1);
}

export function substituteVars(template: string, vars: Readonly<Record<string, unknown>>): Substitution {
  let text = '';
  const missing: string[] = [];
  const used: string[] = [];
  let inString = false;
  let index = 0;
  while (index < template.length) {
    const char = template[index] as string;
    if (inString && char === '\\') {
      text += template.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === '"') inString = !inString;
    if (char === '{' && template[index + 1] === '{') {
      PLACEHOLDER.lastIndex = index;
      const match = PLACEHOLDER.exec(template);
      if (match) {
        const name = match[1] as string;
        if (!used.includes(name)) used.push(name);
        if (Object.hasOwn(vars, name) && vars[name] !== undefined) {
          text += inString ? asStringContent(vars[name]) : JSON.stringify(vars[name]);
        } else {
          if (!missing.includes(name)) missing.push(name);
          text += match[0];
        }
        index += match[0].length;
        continue;
      }
    }
    text += char;
    index += 1;
  }
  return { text, missing, used };
}
