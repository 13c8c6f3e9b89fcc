// Pretty output of a device tool's result: scalars as `key: value`, lists of text one per line, lists of objects
// as aligned rows. JSON (the default) prints the result as it is.
import { table } from './style.ts';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function renderToolResult(result: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (key === 'ok') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) {
        out.push(`${key}: (none)`);
      } else if (value.every((v) => typeof v !== 'object' || v === null)) {
        out.push(`${key}:`, ...value.map((v) => `  ${cell(v)}`));
      } else {
        const columns = [...new Set(value.flatMap((row) => Object.keys(row as object)))];
        out.push(
          table(
            columns,
            value.map((row) => columns.map((c) => cell((row as Record<string, unknown>)[c]))),
          ),
        );
      }
    } else {
      out.push(`${key}: ${cell(value)}`);
    }
  }
  return out.join('\n');
}
