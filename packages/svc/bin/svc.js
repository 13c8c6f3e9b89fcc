#!/usr/bin/env node
// Entry of the `svc` command. It runs the bundle in dist/ (scripts/build.ts; made by `npm ci` and before the tests)
// when that bundle was made from the current sources, else the TypeScript sources themselves through Node 24's type
// stripping: the same behaviour, a slower start. So an edit without a rebuild never runs stale code. An installed
// package ships no sources (no src/main.ts): there the bundle is all there is, and runs without that check.
//
// CommonJS (bin/package.json) and self-contained on purpose: every CLI call runs this file first, and an ESM entry
// would start Node's ESM loader (~3 ms), a second module another ~0.4 ms. Decisions P-1, P-2, P-7. Nothing newer
// than Node 18 can parse, so that an older Node gets as far as saying which Node svc needs and how to get it.
'use strict';
const { readFileSync } = require('node:fs');

const PACKAGE_ROOT = require('node:path').dirname(__dirname);
const DIST = `${PACKAGE_ROOT}/dist`;
const BUNDLE_MANIFEST = `${DIST}/build.json`;
/** The bundle (dist/) runs on Node 22 and 24, both supported LTS lines. */
const BUNDLE_NODE_MAJOR = 22;
/** A clone's TypeScript sources run through Node 24's type stripping and module hooks. */
const SOURCE_NODE_MAJOR = 24;
const GET_NODE =
  'install Node.js 22 or 24 (LTS) from https://nodejs.org/en/download, or with a version manager (nvm install 24)';

/**
 * The bundle's build id when every file it was made from (dist/build.json: its path under `packageRoot`, mtime and
 * size, for each workspace source and npm's install stamp) still has the mtime and size it had then, else undefined.
 * ~200 stat calls, about 1 ms.
 * @param {string} [packageRoot]
 * @returns {string | undefined}
 */
function freshBundleId(packageRoot = PACKAGE_ROOT) {
  const { statSync } = require('node:fs');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(`${packageRoot}/dist/build.json`, 'utf8'));
  } catch {
    return undefined;
  }
  const sources = manifest?.sources;
  if (!Array.isArray(sources) || sources.length === 0 || typeof manifest.buildId !== 'string') return undefined;
  for (const [path, mtimeMs, size] of sources) {
    const stat = statSync(`${packageRoot}/${path}`, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs !== mtimeMs || stat.size !== size) return undefined;
  }
  return manifest.buildId;
}

/** @param {string} [packageRoot] */
const bundleIsFresh = (packageRoot) => freshBundleId(packageRoot) !== undefined;

/**
 * In an installed package (no sources beside the bundle: nothing to be fresh against), the bundle's build id, or
 * null when the bundle is missing; undefined in a clone, where freshBundleId decides. The id is read from
 * dist/build-id, a few bytes, rather than from the manifest of every source.
 * @param {string} [packageRoot]
 * @returns {string | null | undefined}
 */
function installedBundleId(packageRoot = PACKAGE_ROOT) {
  const { existsSync } = require('node:fs');
  if (existsSync(`${packageRoot}/src/main.ts`)) return undefined;
  try {
    const buildId = readFileSync(`${packageRoot}/dist/build-id`, 'utf8').trim();
    return /^[\w-]{8,64}$/.test(buildId) ? buildId : null;
  } catch {
    return null;
  }
}

/** Node's own compile cache, for what the code cache below does not cover; idempotent. */
function enableNodeCompileCache() {
  enablePrivateCompileCache();
}

/**
 * Compiles the bundle's chunks with a V8 code cache taken AFTER a run, one per chunk and command word, in
 * ~/.svc/code-cache/ (private to the user: it holds code that will run). Node's own compile cache (still on for
 * everything else) is taken before a module runs, so it holds only top-level code, and every call compiled commander's
 * and svc's functions again: ~4 ms of a proxied `svc exec`. The first call of each command word writes its cache when
 * the process exits; later ones start with those functions compiled. V8 rejects a cache of another V8 or other flags,
 * and the directory is per build, so a cache never meets other code. Node's compile cache is turned on only when a
 * module this cache does not take is loaded (most calls load none).
 * @param {string} buildId
 * @param {string | undefined} word
 * @returns {boolean} false when the cache cannot be used (Node's compile cache is then the caller's to turn on)
 */
function useCodeCache(buildId, word) {
  const home = process.env.HOME;
  if (!home || process.env.NODE_DISABLE_COMPILE_CACHE || typeof process.getuid !== 'function') return false;
  const { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
  const Module = require('node:module');
  const vm = require('node:vm');
  const root = `${home}/.svc/code-cache`;
  const dir = `${root}/${process.version}-${buildId}`;
  const key = word !== undefined && /^[a-z][a-z-]{0,31}$/.test(word) ? word : 'other';
  const stat = statSync(dir, { throwIfNoEntry: false });
  // Only a directory of ours that nobody else can write to: its files become code.
  const trusted = stat === undefined || (stat.isDirectory() && stat.uid === process.getuid() && !(stat.mode & 0o022));
  if (!trusted) return false;
  /** @type {{ script: import('node:vm').Script, file: string }[]} */
  const toWrite = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    // Bundle chunks only, and never one with a dynamic import() left (vm scripts would need an experimental flag).
    if (!filename.startsWith(DIST) || content.includes('import(')) {
      enableNodeCompileCache();
      return compile.call(this, content, filename);
    }
    // The mtime too: V8 checks only a cache's source length, and dist/main.js has no content hash in its name.
    const mtime = statSync(filename, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const file = `${dir}/${filename.slice(DIST.length + 1)}.${mtime}.${key}.bin`;
    let cachedData;
    try {
      cachedData = readFileSync(file);
    } catch {}
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push({ script, file });
    const wrapper = script.runInThisContext();
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, DIST);
  };
  process.once('exit', () => {
    if (toWrite.length === 0) return;
    try {
      if (stat === undefined) {
        // A new build: keep the caches of the two most recent others (two checkouts used in turn must not wipe each
        // other's on every call) and drop the rest. Every directory created here (~/.svc too) is 0700.
        const others = (statSync(root, { throwIfNoEntry: false }) ? readdirSync(root) : [])
          .map((name) => ({ path: `${root}/${name}`, mtimeMs: statSync(`${root}/${name}`).mtimeMs }))
          .sort((a, b) => b.mtimeMs - a.mtimeMs);
        for (const { path } of others.slice(KEPT_BUILDS)) rmSync(path, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      }
      for (const { script, file } of toWrite) {
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        renameSync(temp, file);
      }
    } catch {
      // A cache is only an optimisation: a read-only or full home just means no cache.
    }
  });
  return true;
}

/**
 * Node's compile cache in ~/.svc/compile-cache, not Node's default <tmpdir>/node-compile-cache: that folder is shared
 * by every user of the machine, and what it holds becomes code this process runs. Only when ~/.svc is a folder of
 * ours that nobody else can write to; an explicit NODE_COMPILE_CACHE is the user's choice and is kept. Windows keeps
 * Node's default (its temp folder is per user).
 */
function enablePrivateCompileCache() {
  const Module = require('node:module');
  if (typeof Module.enableCompileCache !== 'function' || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  const home = process.env.HOME;
  if (process.env.NODE_COMPILE_CACHE || typeof process.getuid !== 'function') {
    Module.enableCompileCache();
    return;
  }
  if (!home) return;
  const { chmodSync, mkdirSync, statSync } = require('node:fs');
  try {
    mkdirSync(`${home}/.svc`, { recursive: true, mode: 0o700 });
    const stat = statSync(`${home}/.svc`);
    if (!stat.isDirectory() || stat.uid !== process.getuid() || stat.mode & 0o022) return;
    // Every folder svc makes is 0700; Node makes its own (one per Node build) with the umask's mode: tightened too.
    mkdirSync(`${home}/.svc/compile-cache`, { mode: 0o700 });
  } catch (error) {
    if (error?.code !== 'EEXIST') return;
  }
  try {
    Module.enableCompileCache(`${home}/.svc/compile-cache`);
    const directory = Module.getCompileCacheDir?.();
    if (typeof directory === 'string' && (statSync(directory).mode & 0o077) !== 0) chmodSync(directory, 0o700);
  } catch {
    // A cache is only an optimisation.
  }
}

/** How many other builds' code caches survive a new build's first write. */
const KEPT_BUILDS = 2;

/**
 * Whether the thin client of `svc exec` may take argv: `exec` or `execute` and no option but --device (its
 * thinCallOf decides; this only spares every other call the load of its file).
 * @param {string[]} argv
 */
const mayBeThinExec = (argv) =>
  (argv.includes('exec') || argv.includes('execute')) &&
  argv.every((arg) => !arg.startsWith('-') || arg === '--device' || arg.startsWith('--device='));

/** The first argument that is not an option: the command word, which selects the code cache. */
const commandWord = (argv) => argv.find((arg) => !arg.startsWith('-'));

module.exports = { BUNDLE_MANIFEST, bundleIsFresh, freshBundleId, installedBundleId, enablePrivateCompileCache };

if (require.main === module) main();

function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < BUNDLE_NODE_MAJOR) {
    process.stderr.write(`svc needs Node.js ${BUNDLE_NODE_MAJOR} or newer (found ${process.version}): ${GET_NODE}\n`);
    process.exit(1);
  }
  const installed = installedBundleId();
  if (installed === null) {
    process.stderr.write(`svc: the installed package has no bundle (${DIST}/build-id is missing); reinstall svc\n`);
    process.exit(1);
  }
  const buildId = installed ?? freshBundleId();
  if (buildId !== undefined) {
    // The bundle's import() of modules outside it runs here: a vm-compiled chunk cannot import() itself.
    globalThis.__svcImport = (specifier) => import(specifier);
    const argv = process.argv.slice(2);
    if (!useCodeCache(buildId, commandWord(argv))) enableNodeCompileCache();
    // `svc exec <json>` tries the thin client first (cli/thin-exec.ts): a daemon already running takes the call
    // without the CLI being loaded; whatever it declines, nothing has run, and the CLI takes it.
    if (mayBeThinExec(argv)) {
      require('../dist/thin-exec.js')
        .runThinExec(argv)
        .then((code) => {
          if (code === undefined) require('../dist/main.js').runAsProcess();
          else process.exitCode = code;
        });
      return;
    }
    require('../dist/main.js').runAsProcess();
  } else {
    if (major < SOURCE_NODE_MAJOR) {
      process.stderr.write(
        `svc: this clone's bundle is missing or older than its sources, which need Node.js ${SOURCE_NODE_MAJOR} (found ${process.version}): run \`npm run build\` (the bundle runs on Node ${BUNDLE_NODE_MAJOR}), or ${GET_NODE}\n`,
      );
      process.exit(1);
    }
    enableNodeCompileCache();
    // A clone's sources import svc-sim's sources, as the build and the tests do (its `svc-source` export condition).
    require('node:module').registerHooks?.({
      resolve: (specifier, context, nextResolve) =>
        nextResolve(
          specifier,
          /^svc-sim(\/|$)/.test(specifier)
            ? { ...context, conditions: [...context.conditions, 'svc-source'] }
            : context,
        ),
    });
    import('../src/main.ts').then((svc) => svc.runAsProcess());
  }
}
