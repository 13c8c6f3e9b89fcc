// Bundles the svc CLI into packages/svc/dist/ so that a CLI call starts in a few milliseconds (bench/daemon.ts).
// What a cold process pays, and what the bundle does about it:
// - ~200 TypeScript modules, each resolved, read and type-stripped on every run: esbuild bundles them (and the
//   dependencies) into a few chunks, split at the lazy imports (the non-execution commands, the adb stack, ...).
// - Each chunk file costs ~0.4 ms to load, and esbuild makes one chunk per set of importers, so the code every call
//   needs was spread over 14 files. Rollup re-chunks esbuild's output: everything the entry loads statically is the
//   entry file itself (dist/main.js), what a direct run adds is one `direct` file, the other lazy chunks stay apart.
// - Node's ESM loader costs a cold process ~3 ms before the first module loads: the output is CommonJS (dist/
//   package.json says so), with import() of a sibling chunk as require().
// - commander requires node:child_process at load, only for executable subcommands, which svc has none of; that
//   require compiles child_process, net, dgram and streams (~2 ms), so commander gets a lazy stand-in.
// - bin/svc.js then compiles these chunks with a V8 code cache taken after a run (decision P-7).
// - The simulator (svc-sim, from its sources) is bundled into the lazy chunks of `svc sim` and `svc demo`, with its
//   built-in apps copied to dist/apps/: an installed svc needs no svc-sim beside it, and no node_modules at all (the
//   licences of the bundled packages go to dist/THIRD-PARTY-LICENSES.txt).
//
// dist/build.json records every workspace source the bundle was made from (mtime and size), the build scripts and npm's
// install stamp; bin/svc.js runs the bundle only while all of them are unchanged, else the sources, so an edit without
// a rebuild never runs stale code (an installed package has no sources: its bin runs the bundle without this check).
// esbuild-wasm and @rollup/wasm-node, not their native builds, because those come as per-platform binary packages
// that a registry may lack, and `npm ci` must work on any machine.
//
// Usage: npm run build [-- --if-stale]   (--if-stale: do nothing when the bundle is fresh)

import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rollup } from '@rollup/wasm-node';
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild-wasm';
import { buildInspectorPage } from './build-inspector.ts';
import { writeThirdPartyLicenses } from './third-party-licenses.ts';

const root = join(import.meta.dirname, '..');
const svcRoot = join(root, 'packages', 'svc');
const simSources = join(root, 'packages', 'sim', 'src');
const dist = join(svcRoot, 'dist');
/** npm rewrites this file on every install or update, so it stands for the bundled dependencies. */
const installStamp = join(root, 'node_modules', '.package-lock.json');

/** Node's `import.meta` properties that Rollup's CommonJS output does not translate by itself. */
const COMMONJS_IMPORT_META: Record<string, string> = {
  main: '(require.main === module)',
  dirname: '__dirname',
  filename: '__filename',
  resolve: '((specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href)',
};

// bin/svc.js owns the freshness rule (it runs it on every call); CommonJS, hence require.
const { BUNDLE_MANIFEST, bundleIsFresh } = createRequire(import.meta.url)('../packages/svc/bin/svc.js') as {
  BUNDLE_MANIFEST: string;
  bundleIsFresh: () => boolean;
};

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
if (values['if-stale'] && bundleIsFresh()) process.exit(0);

const started = performance.now();
const esm = await build({
  absWorkingDir: root,
  entryPoints: { main: join(svcRoot, 'src', 'main.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // svc-sim's `svc-source` export condition: its sources, not its (pack-time) dist.
  conditions: ['svc-source'],
  plugins: [lazyChildProcessForCommander()],
  write: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});

rmSync(dist, { recursive: true, force: true });
await writeCommonJsChunks(esm.outputFiles, chunkGroups(esm.metafile));
writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');
// The simulator reads its built-in apps from beside the module that loads them, which is a chunk directly in dist/.
cpSync(join(simSources, 'ui', 'apps'), join(dist, 'apps'), { recursive: true });
writeThirdPartyLicenses(root, Object.keys(esm.metafile.inputs), join(dist, 'THIRD-PARTY-LICENSES.txt'));
// The inspector page the server serves (`svc inspect`), bundled for the browser beside the CLI.
const pageSources = await buildInspectorPage(root, join(dist, 'inspector'));
// bin/svc.js code-caches only chunks without a dynamic import() (P-7); the entry chunk is on every call's path.
if (readFileSync(join(dist, 'main.js'), 'utf8').includes('import(')) {
  throw new Error('dist/main.js contains import(): it could not be code-cached (see renderDynamicImport)');
}
// What `node <file>` runs (the daemon is spawned that way, package-root.ts): the entry chunk only exports.
writeFileSync(
  join(dist, 'cli.js'),
  "'use strict';\nglobalThis.__svcImport = (specifier) => import(specifier);\nrequire('./main.js').runAsProcess();\n",
);

const sources = Object.keys(esm.metafile.inputs)
  .map((input) => resolve(root, input))
  .filter((file) => file.startsWith(join(svcRoot, 'src')) || file.startsWith(simSources));
sources.push(join(svcRoot, 'package.json'), ...pageSources);
// The build itself: a bundle made by an older build script (one that lacked a file `npm pack` ships) is stale too.
sources.push(
  fileURLToPath(import.meta.url),
  join(root, 'scripts', 'third-party-licenses.ts'),
  join(root, 'scripts', 'build-inspector.ts'),
);
if (existsSync(installStamp)) sources.push(installStamp);
writeFileSync(
  BUNDLE_MANIFEST,
  `${JSON.stringify({
    // Names this build's V8 code caches (bin/svc.js): a rebuild never meets the cache of other code.
    buildId: randomUUID(),
    sources: sources.map((file) => {
      const stat = statSync(file);
      return [relative(svcRoot, file), stat.mtimeMs, stat.size];
    }),
  })}\n`,
);
// The daemon's build identity is cli.js's mtime and size (package-root.ts): every build must change it.
const now = new Date();
utimesSync(join(dist, 'cli.js'), now, now);
const ms = Math.round(performance.now() - started);
const chunks = readdirSync(dist).filter((name) => name.endsWith('.js')).length;
// stderr: `npm pack --json` (prepack) prints its JSON on stdout.
console.error(`svc bundle: ${chunks} files from ${sources.length} sources in ${ms} ms`);

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
 * Which file each esbuild chunk goes to: the entry's static closure is the core (every call loads it); what a direct
 * run loads on top (the execution core and the adb stack, behind two lazy imports) is one `direct` file instead of a
 * dozen; everything else keeps esbuild's split.
 */
function chunkGroups(metafile: Metafile): Map<string, 'core' | 'direct'> {
  const groups = new Map<string, 'core' | 'direct'>();
  for (const path of staticClosure(metafile, relative(root, join(dist, 'main.js')))) groups.set(path, 'core');
  const directEntries = ['src/core/context.ts', 'src/executions/run-on-device.ts'].map((source) => {
    const output = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === `packages/svc/${source}`)?.[0];
    if (output === undefined) throw new Error(`no esbuild chunk for ${source}`);
    return output;
  });
  for (const entry of directEntries) {
    for (const path of staticClosure(metafile, entry)) if (!groups.has(path)) groups.set(path, 'direct');
  }
  return groups;
}

/**
 * Rollup re-chunks esbuild's ESM output as CommonJS: the core chunks merge into one file (a call then loads the entry
 * and that file), the lazy ones keep their own, and import() of a sibling chunk becomes require().
 */
async function writeCommonJsChunks(
  files: readonly OutputFile[],
  groups: ReadonlyMap<string, 'core' | 'direct'>,
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
