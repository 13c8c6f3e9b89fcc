// The package.json that `npm pack` ships: without the `svc-source` export conditions, and with the Node it needs.
// In a clone those conditions make svc's build, its tests and tsc use svc-sim's TypeScript sources; a published
// package ships no sources, so they would point at files that are not there. `engines` says what Node an installed
// package runs on (svc 22, svc-sim 24: their bins refuse older ones); the clone's manifests do not claim it, because in a clone the
// packages never run on the Node that runs npm (npm scripts run them on the Node 24 of the devDependencies), and npm
// would warn about every workspace, twice, on each `npm ci` with an older system Node. `prepack` writes the packed
// manifest (keeping the clone's file aside), `postpack` puts the clone's file back; a strip finding a file left aside
// by a pack that died first restores it before anything else. The clone's file is moved aside and back, never
// copied, so it comes back with its own mtime: the bundle's freshness check (bin/svc.js) compares the mtime and size
// of every file the bundle was made from, package.json among them, and a copy would leave the bundle stale after
// every `npm pack` (each later call in the clone running the sources).
//
// Usage (in the package folder, as npm runs lifecycle scripts): node ../../scripts/pack-manifest.ts strip|restore
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const SOURCE_CONDITION = 'svc-source';
/**
 * The Node an installed package runs on (bin/svc.js and bin/svc-sim.js refuse older ones): svc's bundle runs on
 * Node 22 and 24; svc-sim on 24.
 */
const RUNTIME_ENGINES: Readonly<Record<string, { node: string }>> = {
  'svc-android': { node: '>=22' },
  'svc-sim': { node: '>=24' },
};
const manifest = 'package.json';
const aside = 'package.json.before-pack';

/** `exports` without the source condition, at any depth of nesting. */
function withoutSourceCondition(exports: unknown): unknown {
  if (exports === null || typeof exports !== 'object' || Array.isArray(exports)) return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, value]) => [key, withoutSourceCondition(value)]),
  );
}

const action = process.argv[2];
if (action === 'strip') {
  if (existsSync(aside)) renameSync(aside, manifest);
  renameSync(manifest, aside);
  const pkg = JSON.parse(readFileSync(aside, 'utf8')) as Record<string, unknown>;
  const engines = RUNTIME_ENGINES[String(pkg.name)] ?? { node: '>=24' };
  const packed = { ...pkg, exports: withoutSourceCondition(pkg.exports), engines };
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(aside)) renameSync(aside, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.ts strip|restore');
  process.exit(2);
}
