// The svc CLI as a bundle (the first step of scripts/build.ts): esbuild bundles src/main.ts with its dependencies and
// the simulator's sources, split at the lazy imports, then Rollup re-chunks that output as CommonJS into dist/.
// What a cold process pays, and what the bundle does about it:
// - ~200 TypeScript modules, each resolved, read and type-stripped on every run: esbuild bundles them (and the
//   dependencies) into a few chunks, split at the lazy imports (the full command line, other commands, the adb
//   stack, ...).
// - Each chunk file costs ~0.4 ms to load, and esbuild makes one chunk per set of importers. Rollup re-chunks its
//   output: everything the entry loads statically is the entry file itself (dist/main.js: the hot path of an agent's
//   calls), the full command line (commander and the execution commands) is one `cli` file, what a direct run adds
//   one `direct` file; the other lazy chunks stay apart.
// - Node's ESM loader costs a cold process ~3 ms before the first module loads: the output is CommonJS (dist/
//   package.json says so), with import() of a sibling chunk as require().
// - commander requires node:child_process at load, only for executable subcommands, which svc has none of; that
//   require compiles child_process, net, dgram and streams (~2 ms), so commander gets a lazy stand-in.
// - The hot path parses argv with a table read off the commander program (scripts/cli-table.ts), given to the bundle
//   as the module cli/baked-cli-table.ts (an object literal in place of the sources' `undefined`).
// esbuild-wasm and @rollup/wasm-node, not their native builds, because those come as per-platform binary packages
// that a registry may lack, and `npm ci` must work on any machine.
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { rollup } from '@rollup/wasm-node';
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild-wasm';

const root = join(import.meta.dirname, '..');
const svcRoot = join(root, 'packages', 'svc');

/** Node's `import.meta` properties that Rollup's CommonJS output does not translate by itself. */
const COMMONJS_IMPORT_META: Record<string, string> = {
  main: '(require.main === module)',
  dirname: '__dirname',
  filename: '__filename',
  resolve: '((specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href)',
};

/** Where each group of chunks goes: the entry (`core`), the full command line (`cli`), a direct run (`direct`). */
type ChunkGroup = 'core' | 'cli' | 'direct';

/** Bundles the CLI into `dist` (which must be empty); returns the absolute paths of every input it bundled. */
export async function bundleCli(dist: string): Promise<string[]> {
  const esm = await build({
    absWorkingDir: root,
    entryPoints: { main: join(svcRoot, 'src', 'main.ts') },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // svc-sim's `svc-source` export condition: its sources, not its (pack-time) dist.
    conditions: ['svc-source'],
    plugins: [lazyChildProcessForCommander(), bakedCliTable()],
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await writeCommonJsChunks(dist, esm.outputFiles, chunkGroups(dist, esm.metafile));
  const inputs = [...Object.keys(esm.metafile.inputs), ...(await bundleThinExec(dist))];
  return [...new Set(inputs)].map((input) => resolve(root, input));
}

/**
 * dist/thin-exec.js: the thin client of `svc exec` (cli/thin-exec.ts) alone, one CommonJS file that shares no chunk
 * with the CLI bundle, so a call it takes loads nothing else. Returns its inputs (relative to the repository).
 */
async function bundleThinExec(dist: string): Promise<string[]> {
  const made = await build({
    absWorkingDir: root,
    entryPoints: { 'thin-exec': join(svcRoot, 'src', 'cli', 'thin-exec.ts') },
    outdir: dist,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    // The file sits directly in dist/, as every chunk of the CLI bundle: core/package-root.ts finds the package so.
    define: { 'import.meta.url': '__thinExecUrl' },
    banner: { js: "'use strict';\nconst __thinExecUrl = require('node:url').pathToFileURL(__filename).href;" },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return Object.keys(made.metafile.inputs);
}

/** The hot path's table as JSON, made from the sources in a process of its own (scripts/cli-table.ts). */
function cliTable(): string {
  const made = spawnSync(process.execPath, ['--conditions=svc-source', join(import.meta.dirname, 'cli-table.ts')], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`scripts/cli-table.ts failed:\n${made.stderr}`);
  JSON.parse(made.stdout);
  return made.stdout;
}

/** The esbuild chunks that `entry` (an output path) and what it imports statically load, as absolute paths. */
function staticClosure(metafile: Metafile, entry: string): Set<string> {
  const closure = new Set<string>();
  const visit = (output: string) => {
    if (closure.has(output)) return;
    closure.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return new Set([...closure].map((output) => resolve(root, output)));
}

/**
 * Which file each esbuild chunk goes to: the entry's static closure is the core (every call loads it); the full
 * command line (behind one lazy import) is one `cli` file; what a direct run loads on top (the execution core and the
 * adb stack, behind two lazy imports) is one `direct` file instead of a dozen; everything else keeps esbuild's split.
 */
function chunkGroups(dist: string, metafile: Metafile): Map<string, ChunkGroup> {
  const groups = new Map<string, ChunkGroup>();
  for (const path of staticClosure(metafile, relative(root, join(dist, 'main.js')))) groups.set(path, 'core');
  const lazyGroups: [ChunkGroup, string[]][] = [
    ['cli', ['src/cli/main.ts']],
    ['direct', ['src/core/context.ts', 'src/executions/run-on-device.ts']],
  ];
  for (const [group, sources] of lazyGroups) {
    for (const source of sources) {
      const entry = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === `packages/svc/${source}`)?.[0];
      if (entry === undefined) throw new Error(`no esbuild chunk for ${source}`);
      for (const path of staticClosure(metafile, entry)) if (!groups.has(path)) groups.set(path, group);
    }
  }
  return groups;
}

/**
 * Rollup re-chunks esbuild's ESM output as CommonJS: the core chunks merge into one file (a call then loads the entry
 * and that file), the lazy ones keep their own, and import() of a sibling chunk becomes require().
 */
async function writeCommonJsChunks(
  dist: string,
  files: readonly OutputFile[],
  groups: ReadonlyMap<string, ChunkGroup>,
): Promise<void> {
  const sources = new Map(files.map((file) => [file.path, file.text]));
  const bundle = await rollup({
    input: join(dist, 'main.js'),
    // The entry chunk may export more than main.ts does, so it can BE the core chunk (no facade re-exporting it).
    preserveEntrySignatures: 'allow-extension',
    external: (id) => id.startsWith('node:') || builtinModules.includes(id),
    plugins: [
      {
        name: 'esbuild-output',
        resolveId: (id, importer) => {
          const path = importer !== undefined && id.startsWith('.') ? resolve(dirname(importer), id) : id;
          return sources.has(path) ? path : undefined;
        },
        load: (id) => sources.get(id) ?? null,
        // A sibling chunk loads with require(). Any other import() (a computed URL) goes through the entry's
        // __svcImport (bin/svc.js, cli.js): chunks may be compiled as vm scripts (P-7), which cannot import().
        renderDynamicImport: ({ targetModuleId }) =>
          targetModuleId !== null && sources.has(targetModuleId)
            ? { left: 'Promise.resolve().then(() => require(', right: '))' }
            : { left: 'globalThis.__svcImport(', right: ')' },
        // import.meta.url has Rollup's CommonJS form; these are Node's.
        resolveImportMeta: (property) => COMMONJS_IMPORT_META[property ?? ''],
      },
    ],
    onwarn: (warning) => {
      // esbuild keeps a dependency's unused named imports of Node built-ins; nothing else is expected.
      if (warning.code === 'UNUSED_EXTERNAL_IMPORT') return;
      throw new Error(`rollup ${warning.code}: ${warning.message}`);
    },
  });
  await bundle.write({
    dir: dist,
    format: 'cjs',
    dynamicImportInCjs: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    manualChunks: (id) => groups.get(id),
    generatedCode: 'es2015',
  });
  await bundle.close();
}

/** cli/baked-cli-table.ts with the table of the current sources in place of `undefined`. */
function bakedCliTable(): Plugin {
  return {
    name: 'baked-cli-table',
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]cli[\\/]baked-cli-table\.ts$/ }, () => ({
        contents: `export const BAKED_CLI_TABLE = ${cliTable()};\n`,
        loader: 'js',
      }));
    },
  };
}

/** commander's `require('node:child_process')` as an object that loads child_process on first use. */
function lazyChildProcessForCommander(): Plugin {
  return {
    name: 'lazy-child-process-for-commander',
    setup(plugin) {
      plugin.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        dirname(args.importer).includes(`${join('node_modules', 'commander')}`)
          ? { path: 'lazy-child-process', namespace: 'svc-lazy' }
          : undefined,
      );
      plugin.onLoad({ filter: /.*/, namespace: 'svc-lazy' }, () => ({
        contents: 'module.exports = { get spawn() { return require("node:child_process").spawn; } };',
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}
