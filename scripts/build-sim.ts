// Builds packages/sim/dist/, what the published svc-sim runs (its package.json `exports` and bin point there):
// - an ESM bundle per public entry (index, testing, sdk, cli) and per SDK stand-in (emulator, avdmanager,
//   sdkmanager: fake-sdk.ts writes wrappers that run them from beside itself), split into shared chunks, with its one
//   npm dependency (pngjs) inside, so an installed svc-sim needs nothing else;
// - the built-in virtual apps (src/ui/apps/*.json, read at run time from beside the module that loads them);
// - type declarations of the entries (tsconfig.types.json) and the licences of the bundled packages.
// In a clone nothing uses dist/: svc's build, the tests and typecheck resolve svc-sim to its sources (the
// `svc-source` export condition). `npm pack -w svc-sim` runs this (prepack).
//
// Usage: node scripts/build-sim.ts
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild-wasm';
import { writeThirdPartyLicenses } from './third-party-licenses.ts';

const root = join(import.meta.dirname, '..');
const simRoot = join(root, 'packages', 'sim');
const src = join(simRoot, 'src');
const dist = join(simRoot, 'dist');

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    index: join(src, 'index.ts'),
    testing: join(src, 'testing', 'lab.ts'),
    sdk: join(src, 'sdk', 'fake-sdk.ts'),
    cli: join(src, 'cli', 'main.ts'),
    emulator: join(src, 'sdk', 'emulator.ts'),
    avdmanager: join(src, 'sdk', 'avdmanager.ts'),
    sdkmanager: join(src, 'sdk', 'sdkmanager.ts'),
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // pngjs is CommonJS and requires Node built-ins, which esbuild's ESM output can do only through a real `require`.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
// Every chunk sits directly in dist/, so `import.meta.dirname` of the app loader is dist/ whichever chunk it lands in.
cpSync(join(src, 'ui', 'apps'), join(dist, 'apps'), { recursive: true });
cpSync(join(src, 'ui', 'web-apps'), join(dist, 'web-apps'), { recursive: true });
const bundled = writeThirdPartyLicenses(
  root,
  Object.keys(result.metafile.inputs),
  join(dist, 'THIRD-PARTY-LICENSES.txt'),
);

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const types = spawnSync(process.execPath, [tsc, '-p', join(simRoot, 'tsconfig.types.json')], { stdio: 'inherit' });
if (types.status !== 0) throw new Error(`tsc (declarations) exited with ${types.status}`);

const files = readdirSync(dist).filter((name) => name.endsWith('.js')).length;
const ms = Math.round(performance.now() - started);
// stderr: `npm pack --json` (prepack) prints its JSON on stdout.
console.error(`svc-sim bundle: ${files} files, bundled ${bundled.join(', ') || 'no npm packages'}, in ${ms} ms`);
