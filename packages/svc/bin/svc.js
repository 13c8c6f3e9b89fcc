#!/usr/bin/env node
// Entry of the `svc` command. It runs the bundle in dist/ (scripts/build.ts; made by `npm ci` and before the tests)
// when that bundle was made from the current sources, else the TypeScript sources themselves through Node 24's type
// stripping: the same behaviour, a slower start. So an edit without a rebuild never runs stale code.
//
// CommonJS (bin/package.json) and self-contained on purpose: every CLI call runs this file first, and an ESM entry
// would start Node's ESM loader (~3 ms), a second module another ~0.4 ms. The compile cache keeps V8 code between
// runs; it must be on before the CLI loads.
'use strict';
const { readFileSync, statSync } = require('node:fs');

const PACKAGE_ROOT = `${__dirname}/..`;
const BUNDLE_MANIFEST = `${PACKAGE_ROOT}/dist/build.json`;

/**
 * True when every file the bundle was made from (dist/build.json: its path under `packageRoot`, mtime and size, for
 * each workspace source and npm's install stamp) still has the mtime and size it had then. ~200 stat calls, <1 ms.
 * @param {string} [packageRoot]
 * @returns {boolean}
 */
function bundleIsFresh(packageRoot = PACKAGE_ROOT) {
  let sources;
  try {
    sources = JSON.parse(readFileSync(`${packageRoot}/dist/build.json`, 'utf8')).sources;
  } catch {
    return false;
  }
  if (!Array.isArray(sources) || sources.length === 0) return false;
  for (const [path, mtimeMs, size] of sources) {
    const stat = statSync(`${packageRoot}/${path}`, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs !== mtimeMs || stat.size !== size) return false;
  }
  return true;
}

module.exports = { BUNDLE_MANIFEST, bundleIsFresh };

if (require.main === module) {
  require('node:module').enableCompileCache?.();
  if (bundleIsFresh()) require('../dist/main.js').runAsProcess();
  else import('../src/cli/main.ts').then((cli) => cli.runAsProcess());
}
