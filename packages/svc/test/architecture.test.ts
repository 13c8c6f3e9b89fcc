// The layers of packages/svc/src, kept by a test so a wrong-way import fails CI:
//   contracts, ui      pure rules and types (no node: imports)
//   adapters           adb, process, fs, clock, http: the ports to the outside world
//   core               context, configuration, version, package root
//   use cases          submit, executions, devices, skills, emulators, doctor, operator, builders, daemons
//   front ends         cli, server, mcp (none imports another); inspector-web, the inspector page, runs in a
//                      browser: it talks to the server over HTTP and imports only types of the contracts
//   main.ts            the composition root: the only module that knows every front end
// An import may point at its own layer or below, never up; a front end never imports another front end.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

const LAYERS: Record<string, number> = {
  contracts: 0,
  ui: 0,
  adapters: 1,
  core: 2,
  submit: 3,
  executions: 3,
  devices: 3,
  skills: 3,
  emulators: 3,
  doctor: 3,
  operator: 3,
  builders: 3,
  daemons: 3,
  toolbox: 3,
  cli: 4,
  server: 4,
  mcp: 4,
  'inspector-web': 4,
  'main.ts': 5,
};
const FRONT_ENDS = new Set(['cli', 'server', 'mcp', 'inspector-web']);
const PURE = new Set(['contracts', 'ui']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.ts$/.test(entry.name) && !/\.test(-helper)?\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every module a file imports: static, type-only, re-exports and dynamic `import('...')`. */
function importsOf(text: string): string[] {
  const specifiers: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) specifiers.push(match[1] as string);
  return specifiers;
}

const areaOf = (file: string) => relative(SRC, file).split('/')[0] as string;

test('every source file belongs to a known layer', () => {
  const unknown = [...new Set(sourceFiles(SRC).map(areaOf))].filter((area) => !(area in LAYERS));
  assert.deepEqual(unknown, [], 'add new top-level folders to LAYERS (and to docs/architecture.md)');
});

test('no import points up a layer and no front end imports another', () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = areaOf(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(SRC)) continue;
      const to = areaOf(target);
      if (from === to) continue;
      const up = (LAYERS[to] ?? 99) > (LAYERS[from] ?? -1);
      const sideways = FRONT_ENDS.has(from) && FRONT_ENDS.has(to);
      if (up || sideways) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the pure layers import nothing from Node or npm packages', () => {
  const impure: string[] = [];
  for (const file of sourceFiles(SRC).filter((f) => PURE.has(areaOf(f)))) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:')) impure.push(`${relative(SRC, file)} → ${specifier}`);
    }
  }
  assert.deepEqual(impure, []);
});

test('the inspector page imports nothing but its own modules and types of the contracts', () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(join(SRC, 'inspector-web'))) {
    const text = readFileSync(file, 'utf8');
    for (const specifier of importsOf(text)) {
      const target = resolve(dirname(file), specifier);
      if (areaOf(target) === 'inspector-web') continue;
      const typeOnly = new RegExp(`import type [^;]*['"]${specifier.replaceAll('.', '\\.')}['"]`).test(text);
      if (!(specifier.startsWith('.') && areaOf(target) === 'contracts' && typeOnly)) {
        wrong.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('the home directory is decided in one place (contracts/env.ts homeOf, core/home.ts for the fallback)', () => {
  // A blank HOME, a trimmed one, the OS fallback: every `~/.svc` and `~/.android` path must agree on them.
  const own = new Set(['core/home.ts', 'contracts/env.ts']);
  const readers: string[] = [];
  for (const file of sourceFiles(SRC)) {
    if (own.has(relative(SRC, file))) continue;
    const text = readFileSync(file, 'utf8');
    if (/\bhomedir\s*\(|env\.HOME\b/.test(text)) readers.push(relative(SRC, file));
  }
  assert.deepEqual(readers, [], 'use homeOf(env, osHomedir)');
});
