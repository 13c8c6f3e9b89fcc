// Adding an action type is four files of svc (issue 37): this suite follows docs/architecture.md's "How to add an
// action type" in a copy of the repository, adds a throwaway type with a flat command and an MCP tool (its
// definition, the list, its adb runner in the runner file of its kind, its test), and proves the addition whole: the
// copy type-checks, the new type's own test passes there (validation, the JSON Schema, the flat command, the MCP
// tool, the adb driver through real adb on a simulated phone, the operator tables), so do the tests that go over
// every action type, and only those four files of packages/svc differ from the original. Without its adb entry the
// copy does not type-check, and the compiler names the type.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import ts from 'typescript';
import { THROWAWAY, THROWAWAY_EDITS, THROWAWAY_TEST } from './add-action-throwaway.ts';
import { collectOutput } from './run-cli.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SVC = 'packages/svc';
/** What the copy holds of svc: every file the type check and the tests read. */
const SVC_PARTS = ['src', 'test', 'bin', 'package.json', 'tsconfig.json'];

/** The files the doc's numbered steps name, in order (the first path written in code on each step's line). */
function recipeSteps(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.split('\n## How to add an action type\n')[1]?.split('\n## ')[0];
  assert.ok(section, 'docs/architecture.md has a section "How to add an action type"');
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1] as string);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const withNames = (step: string) => step.replace(/<type>|<kind>/g, (slot) => THROWAWAY[slot as keyof typeof THROWAWAY]);

/** A copy of svc, and of what its type check and tests read. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-recipe-'));
  for (const file of ['package.json', 'tsconfig.base.json']) cpSync(join(ROOT, file), join(dir, file));
  for (const part of SVC_PARTS) cpSync(join(ROOT, SVC, part), join(dir, SVC, part), { recursive: true });
  // The rest the tests import is the original's, unchanged: the simulator, the benches, the dependencies.
  for (const shared of ['node_modules', 'packages/sim', 'bench'])
    symlinkSync(join(ROOT, shared), join(dir, shared), 'dir');
  return dir;
}

/** Every file of svc's copied parts under `root`, by its path inside the repository. */
function svcFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (path: string) => {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      const inner = `${path}/${entry.name}`;
      if (entry.isDirectory()) walk(inner);
      else files.set(inner, readFileSync(join(root, inner), 'utf8'));
    }
  };
  for (const part of SVC_PARTS) {
    if (part.includes('.')) files.set(`${SVC}/${part}`, readFileSync(join(root, SVC, part), 'utf8'));
    else walk(`${SVC}/${part}`);
  }
  return files;
}

/**
 * The type check of one project (its tsconfig), as `tsc -p` runs it; `only` checks that one file. Parsed files are
 * kept in `parsed`, so a second check after one edit parses only the edited file.
 */
function typeErrors(tsconfig: string, parsed: Map<string, ts.SourceFile>, only?: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  });
  assert.ok(config, tsconfig);
  const host = ts.createCompilerHost(config.options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) => {
    const file = parsed.get(name) ?? parse(name, version, onError, create);
    if (file !== undefined) parsed.set(name, file);
    return file;
  };
  const program = ts.createProgram(config.fileNames, config.options, host);
  const diagnostics =
    only === undefined
      ? ts.getPreEmitDiagnostics(program)
      : program.getSemanticDiagnostics(program.getSourceFile(only));
  return diagnostics.map((d) => {
    const where = d.file === undefined ? '' : `${d.file.fileName.slice(d.file.fileName.indexOf(SVC))}: `;
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

/** Runs test files of the copy with node's test runner, as `npm test` runs them. */
async function runTests(dir: string, files: string[]) {
  // Not as a subtest of this run: a runner started by a test file would report to this file's runner.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const child = spawn(
    process.execPath,
    ['--conditions=svc-source', '--test', '--test-reporter=tap', '--test-concurrency=4', ...files],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return collectOutput(child);
}

describe('adding an action type by the recipe in docs/architecture.md', () => {
  const steps = recipeSteps();
  let dir: string;
  const parsed = new Map<string, ts.SourceFile>();
  before(() => {
    dir = copyRepository();
  });
  after(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  test('the recipe names four files of svc, and this suite edits exactly those', () => {
    assert.deepEqual(steps, Object.keys(THROWAWAY_EDITS));
    assert.ok(steps.every((step) => step.startsWith(`${SVC}/`)));
  });

  test('a throwaway type added in a copy type-checks, passes its own test and every test over all types, in four files', async () => {
    for (const step of steps) {
      const path = join(dir, withNames(step));
      let before: string | undefined;
      try {
        before = readFileSync(path, 'utf8');
      } catch {
        before = undefined;
      }
      writeFileSync(path, (THROWAWAY_EDITS[step] as (text: string | undefined) => string)(before));
    }
    // The copy's tests run in a process of their own meanwhile (the type check holds this one).
    const tests = runTests(dir, [
      withNames(`${SVC}/test/<type>.test.ts`),
      // The tests that go over every action type, unchanged: they must take the new type as it is.
      `${SVC}/src/contracts/normalize.test.ts`,
      `${SVC}/src/contracts/schema.test.ts`,
      `${SVC}/src/contracts/operator-variants.test.ts`,
      `${SVC}/test/inspector-copy-as.test.ts`,
    ]);
    assert.deepEqual(typeErrors(join(dir, SVC, 'src/contracts/tsconfig.json'), new Map()), [], 'the pure layer');
    assert.deepEqual(typeErrors(join(dir, SVC, 'tsconfig.json'), parsed), [], 'svc');
    const run = await tests;
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^# fail 0$/m);
    for (const name of THROWAWAY_TEST) assert.match(run.stdout, new RegExp(`^\\s*ok \\d+ - ${escaped(name)}$`, 'm'));
    assert.match(run.stdout, /^\s*ok \d+ - key_burst is accepted and normalized/m, 'the example runs in normalize');

    const original = svcFiles(ROOT);
    const copied = svcFiles(dir);
    const touched = [...new Set([...original.keys(), ...copied.keys()])]
      .filter((path) => original.get(path) !== copied.get(path))
      .sort();
    assert.deepEqual(touched, steps.map(withNames).sort());
    assert.ok(touched.length <= 4, touched.join('\n'));
  });

  test('without its entry in the adb table the copy does not type-check, and the error names the type', () => {
    const runners = join(dir, withNames(`${SVC}/src/executions/drivers/adb/actions/<kind>.ts`));
    const text = readFileSync(runners, 'utf8');
    const entry = '  key_burst: { run: keyBurst },\n';
    assert.ok(text.includes(entry), 'the entry the recipe added');
    writeFileSync(runners, text.replace(entry, ''));
    parsed.delete(runners);
    const table = join(dir, SVC, 'src/executions/drivers/adb/actions/index.ts');
    const errors = typeErrors(join(dir, SVC, 'tsconfig.json'), parsed, table);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0] as string, /actions\/index\.ts: Property 'key_burst' is missing in type .* 'AdbTable'/s);
  });
});
