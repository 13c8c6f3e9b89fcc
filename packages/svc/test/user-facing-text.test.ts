// Users do not have our design documents: no message, hint, help text or tool description may send them to "SPEC 4.5",
// OPERATOR-PROTOCOL or DECISIONS. Comments may cite them (they are for us), so this reads the string literals and
// template texts of every shipped source file of both packages, found by the TypeScript parser, not by grepping lines.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from './install-helpers.ts';

const SHIPPED = ['packages/svc/src', 'packages/svc/bin', 'packages/sim/src', 'packages/sim/bin'];
const DESIGN_DOCUMENTS = /\bSPEC\b|OPERATOR-PROTOCOL|\bDECISIONS\b|ARCHITECTURE\.md|STYLE\.md|ADB-DRIVER-NOTES/;

function shippedSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) shippedSources(path, out);
    else if (/\.(ts|js|cjs)$/.test(entry.name) && !/\.test\.ts$|test-helper|\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every string a program can print: string literals and the literal parts of template strings. */
function textsOf(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      // Module specifiers are paths, not text anyone reads.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
        texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

test('no text a user can see cites our design documents (SPEC, OPERATOR-PROTOCOL, DECISIONS)', () => {
  const citing: string[] = [];
  for (const dir of SHIPPED) {
    for (const file of shippedSources(join(REPO_ROOT, dir))) {
      for (const { line, text } of textsOf(file)) {
        if (DESIGN_DOCUMENTS.test(text)) citing.push(`${relative(REPO_ROOT, file)}:${line}: ${text.slice(0, 100)}`);
      }
    }
  }
  assert.deepEqual(citing, []);
});

test('the check sees a citation inside a message, and not inside a comment', () => {
  const file = join(REPO_ROOT, 'packages', 'svc', 'test', 'user-facing-text.test.ts');
  const own = textsOf(file).map(({ text }) => text);
  assert.ok(
    own.some((text) => DESIGN_DOCUMENTS.test(text) && text.includes('SPEC 2.2')),
    'sample below not seen',
  );
  const commentText = ['cites SPEC 9', 'in a comment'].join(' '); // split, so no literal here holds it whole
  assert.ok(!own.some((text) => text.includes(commentText)));
});

// cites SPEC 9 in a comment: not a message
export const SAMPLE_MESSAGE = `Use an action type of SPEC 2.2 (${'sample'})`;
