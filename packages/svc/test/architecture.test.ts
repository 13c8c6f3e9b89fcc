// The layers of packages/svc/src, kept by a test so a wrong-way import fails CI:
//   contracts, ui      pure rules and types (no node: imports)
//   adapters           adb, process, fs, clock, http: the ports to the outside world
//   core               context, configuration, version, package root
//   use cases, in order (each may use only those before it):
//     device-shell, devices    one device's shell (processes, the window in front, dumps); listing and picking devices
//     executions               the execute use case and its drivers
//     daemons, operator        the per-device daemons; installing and granting the operator app
//     the rest                 builders, skills, emulators, toolbox, doctor, submit: none uses another
//   front ends         cli, server, mcp (none imports another); inspector-web, the inspector page, runs in a
//                      browser: it talks to the server over HTTP and imports only types of the contracts
//   main.ts            the composition root: the only module that knows every front end
// An import may point at its own folder or a lower layer, never up or sideways; no files import each other in a
// loop, type-only imports included.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The rank of each top-level folder: an import must point at a strictly lower rank (or stay in its folder). */
const LAYERS: Record<string, number> = {
  contracts: 0,
  ui: 1,
  adapters: 2,
  core: 3,
  'device-shell': 4,
  'web-pages': 4.5,
  devices: 4,
  executions: 5,
  daemons: 6,
  operator: 7,
  builders: 8,
  skills: 8,
  emulators: 8,
  toolbox: 8,
  doctor: 8,
  submit: 8,
  cli: 9,
  server: 9,
  mcp: 9,
  'inspector-web': 9,
  'main.ts': 10,
};
const PURE = new Set(['contracts', 'ui']);

/** The shipped sources, and with `helpers` the test helpers beside them (they are layered like the code). */
function sourceFiles(dir: string, out: string[] = [], helpers = false): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out, helpers);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      if (helpers || !/\.test-helper\.ts$/.test(entry.name)) out.push(path);
    }
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

/** The files inside SRC a file imports (relative specifiers only). */
function localImportsOf(file: string): string[] {
  return importsOf(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((target) => target.startsWith(SRC));
}

test('no import points up a layer or sideways, test helpers included', () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC, [], true)) {
    const from = areaOf(file);
    for (const target of localImportsOf(file)) {
      const to = areaOf(target);
      if (from === to) continue;
      if ((LAYERS[to] ?? 99) >= (LAYERS[from] ?? -1)) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('nothing outside executions reaches into a driver: the use cases share device-shell, never the internals of a driver', () => {
  // The chores, the doctor and every front end reach a driver through executions/ (run-on-device, choose-driver);
  // what a driver and a chore both need (input lines, a device's refusal, the keyboard app) lives in device-shell/.
  const drivers = join(SRC, 'executions', 'drivers');
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC, [], true)) {
    if (areaOf(file) === 'executions') continue;
    for (const target of localImportsOf(file)) {
      if (target.startsWith(`${drivers}/`)) wrong.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('no files import each other in a loop, type-only imports included', () => {
  const files = sourceFiles(SRC, [], true);
  const edges = new Map(files.map((file) => [file, localImportsOf(file)]));
  // Depth-first search; a file met again while still on the path closes a loop.
  const state = new Map<string, 'open' | 'done'>();
  const loops: string[] = [];
  const visit = (file: string, path: string[]): void => {
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') {
        loops.push([...path.slice(path.indexOf(next)), file, next].map((f) => relative(SRC, f)).join(' → '));
      } else if (!state.has(next) && edges.has(next)) {
        visit(next, [...path, file]);
      }
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  assert.deepEqual(loops, []);
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
