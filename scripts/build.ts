// Builds packages/svc/dist/, what the `svc` command runs (bin/svc.js) and what `npm pack` ships: a bundle that starts
// a CLI call in a few milliseconds (bench/daemon.ts), the simulator inside it, and everything it reads at run time.
//
// The build is the list of STEPS below, run in order into an empty dist/. A step writes its files and returns every
// source file it read, so that dist/build.json records them: bin/svc.js runs the bundle only while all of them are
// unchanged (mtime and size), else the sources, so an edit without a rebuild never runs stale code. To add something
// to the bundle (a web page, an asset), add a step: a function of its own, ideally in its own file.
// An installed package has no sources: its bin runs the bundle without that check.
//
// Usage: npm run build [-- --if-stale]   (--if-stale: do nothing when the bundle is fresh)

import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleCli } from './build-cli-bundle.ts';
import { buildInspectorPage } from './build-inspector.ts';
import { copyKeyboardApks } from './build-keyboard-apks.ts';
import { writeThirdPartyLicenses } from './third-party-licenses.ts';

const root = join(import.meta.dirname, '..');
const svcRoot = join(root, 'packages', 'svc');
const simSources = join(root, 'packages', 'sim', 'src');
const dist = join(svcRoot, 'dist');

/** What a step sees: where to write, and what the steps before it bundled. */
interface BuildContext {
  dist: string;
  /** Absolute paths of every file the CLI bundle was made from (sources and npm packages). */
  bundled: string[];
}

/** One step of the build: writes into dist/, returns the source files it read (recorded for the freshness check). */
type BuildStep = (context: BuildContext) => Promise<string[]> | string[];

const STEPS: [name: string, step: BuildStep][] = [
  [
    'CLI bundle',
    async (context) => {
      context.bundled = await bundleCli(context.dist);
      writeFileSync(join(context.dist, 'package.json'), '{ "type": "commonjs" }\n');
      return context.bundled;
    },
  ],
  [
    'simulator apps',
    // The simulator reads its built-in apps from beside the module that loads them: a chunk directly in dist/.
    () => {
      const apps = join(simSources, 'ui', 'apps');
      cpSync(apps, join(dist, 'apps'), { recursive: true });
      return readdirSync(apps, { recursive: true, encoding: 'utf8' })
        .map((name) => join(apps, name))
        .filter((file) => statSync(file).isFile());
    },
  ],
  [
    'licences',
    // The bundles carry no legal comments: the licences of the bundled npm packages go beside them.
    ({ bundled }) => {
      const inputs = bundled.map((file) => relative(root, file));
      writeThirdPartyLicenses(root, inputs, join(dist, 'THIRD-PARTY-LICENSES.txt'));
      return [];
    },
  ],
  // The Unicode keyboard `svc keyboard install` pushes, with its licence (an installed svc has no node_modules).
  ['Unicode keyboard APKs', () => copyKeyboardApks(root, join(dist, 'apks'))],
  // The inspector page the server serves (`svc inspect`), bundled for the browser beside the CLI.
  ['inspector page', ({ dist }) => buildInspectorPage(root, join(dist, 'inspector'))],
  [
    'process entry',
    // What `node <file>` runs (the daemon is spawned that way, core/package-root.ts): the entry chunk only exports.
    () => {
      // bin/svc.js code-caches only chunks without a dynamic import() (P-7); the entry chunk is on every call's path.
      if (readFileSync(join(dist, 'main.js'), 'utf8').includes('import(')) {
        throw new Error('dist/main.js contains import(): it could not be code-cached (see renderDynamicImport)');
      }
      writeFileSync(
        join(dist, 'cli.js'),
        "'use strict';\nglobalThis.__svcImport = (specifier) => import(specifier);\nrequire('./main.js').runAsProcess();\n",
      );
      return [];
    },
  ],
];

// bin/svc.js owns the freshness rule (it runs it on every call); CommonJS, hence require.
const { BUNDLE_MANIFEST, bundleIsFresh } = createRequire(import.meta.url)('../packages/svc/bin/svc.js') as {
  BUNDLE_MANIFEST: string;
  bundleIsFresh: () => boolean;
};

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
if (values['if-stale'] && bundleIsFresh()) process.exit(0);

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const context: BuildContext = { dist, bundled: [] };
const read = new Set<string>();
for (const [name, step] of STEPS) {
  try {
    for (const file of await step(context)) read.add(file);
  } catch (error) {
    throw new Error(`build step "${name}" failed: ${(error as Error).message}`, { cause: error });
  }
}
const recorded = writeManifest([...read]);
const ms = Math.round(performance.now() - started);
const chunks = readdirSync(dist).filter((name) => name.endsWith('.js')).length;
// stderr: `npm pack --json` (prepack) prints its JSON on stdout.
console.error(`svc bundle: ${chunks} files from ${recorded} sources in ${ms} ms`);

/**
 * dist/build.json: a new build id and every workspace source the steps read, with the build scripts themselves (a
 * bundle made by an older build script is stale too) and npm's install stamp (it stands for the bundled packages).
 */
function writeManifest(files: string[]): number {
  // Names this build's V8 code caches (bin/svc.js): a rebuild never meets the cache of other code. An installed svc
  // reads it from dist/build-id alone (a few bytes instead of the manifest).
  const buildId = randomUUID();
  writeFileSync(join(dist, 'build-id'), `${buildId}\n`);
  const sources = files.filter((file) => file.startsWith(join(svcRoot, 'src')) || file.startsWith(simSources));
  sources.push(join(svcRoot, 'package.json'));
  const scripts = join(root, 'scripts');
  for (const script of [
    'build.ts',
    'build-cli-bundle.ts',
    'build-inspector.ts',
    'build-keyboard-apks.ts',
    'cli-table.ts',
    'third-party-licenses.ts',
  ]) {
    sources.push(join(scripts, script));
  }
  const installStamp = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installStamp)) sources.push(installStamp);
  writeFileSync(
    BUNDLE_MANIFEST,
    `${JSON.stringify({
      buildId,
      sources: [...new Set(sources)].map((file) => {
        const stat = statSync(file);
        return [relative(svcRoot, file), stat.mtimeMs, stat.size];
      }),
    })}\n`,
  );
  // The daemon's build identity is cli.js's mtime and size (core/package-root.ts): every build must change it.
  const now = new Date();
  utimesSync(join(dist, 'cli.js'), now, now);
  return sources.length;
}
