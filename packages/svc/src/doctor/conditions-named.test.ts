// Doctor reports the conditions of the condition → code table by name (codeOf), never by a code literal, so its
// codes cannot drift from the executions' (the operator missing was RECEIVER_NOT_INSTALLED on one surface and
// OPERATOR_NOT_INSTALLED on another). test/conditions.test.ts walks the codes themselves on every surface.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CONDITIONS } from '../contracts/conditions.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

test("doctor names the table's conditions with codeOf, never with a code literal", () => {
  const codes = new Set(Object.values(CONDITIONS).map((row) => row.code));
  const found: string[] = [];
  for (const file of sources(import.meta.dirname)) {
    for (const [, code] of readFileSync(file, 'utf8').matchAll(/'([A-Z][A-Z_]+)'/g)) {
      if (codes.has(code as never)) found.push(`${file}: '${code}'`);
    }
  }
  assert.deepEqual(found, []);
});
