// bin/svc.js runs the bundle only while it was made from the current sources, else the TypeScript sources (P-2).
// The rule on a package of our own, and both paths end to end on a copy of the package whose manifest we control.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const { freshBundleId } = createRequire(import.meta.url)(join(PACKAGE, 'bin', 'svc.js')) as {
  freshBundleId: (packageRoot?: string) => string | undefined;
};

describe('freshness rule', () => {
  let root: string;
  const source = () => join(root, 'src', 'a.ts');
  const manifest = (sources: unknown, buildId: unknown = 'build-1') =>
    writeFileSync(join(root, 'dist', 'build.json'), JSON.stringify({ buildId, sources }));
  const recorded = () => {
    const stat = statSync(source());
    return [['src/a.ts', stat.mtimeMs, stat.size]];
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'svc-fresh-'));
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(source(), 'export const a = 1;\n');
  });
  after(() => rmSync(root, { recursive: true, force: true, maxRetries: 5 }));

  test('fresh while every recorded source has its mtime and size', () => {
    manifest(recorded());
    assert.equal(freshBundleId(root), 'build-1');
  });

  test('stale after an edit (mtime), a change of size, a deleted source, or without a usable manifest', () => {
    manifest(recorded());
    const [[path, mtimeMs, size]] = recorded() as [[string, number, number]];
    manifest([[path, mtimeMs - 1000, size]]);
    assert.equal(freshBundleId(root), undefined, 'mtime');
    manifest([[path, mtimeMs, size + 1]]);
    assert.equal(freshBundleId(root), undefined, 'size');
    manifest([['src/gone.ts', mtimeMs, size]]);
    assert.equal(freshBundleId(root), undefined, 'deleted');
    manifest([]);
    assert.equal(freshBundleId(root), undefined, 'empty');
    manifest(recorded(), null);
    assert.equal(freshBundleId(root), undefined, 'no build id');
    writeFileSync(join(root, 'dist', 'build.json'), '{ not json');
    assert.equal(freshBundleId(root), undefined, 'garbage');
    rmSync(join(root, 'dist', 'build.json'));
    assert.equal(freshBundleId(root), undefined, 'missing');
  });
});

describe('bin/svc.js on a copy of the package', () => {
  let copy: string;
  let home: string;
  /** Runs the copy's bin; reports which files of the copy's dist/ it loaded. */
  const run = (args: string[]) => {
    const preload = join(home, 'report.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeSync(2, '\\n' + JSON.stringify(Object.keys(require.cache))));`,
    );
    const out = spawnSync(process.execPath, ['--require', preload, join(copy, 'bin', 'svc.js'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, HOME: home, SVC_NO_DAEMON: '1' },
    });
    const loaded = JSON.parse(out.stderr.slice(out.stderr.lastIndexOf('\n') + 1)) as string[];
    return { ...out, fromBundle: loaded.some((file) => file.startsWith(join(copy, 'dist'))) };
  };

  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'svc-copy-'));
    home = mkdtempSync(join(tmpdir(), 'svc-copy-home-'));
    cpSync(join(PACKAGE, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(PACKAGE, 'dist'), join(copy, 'dist'), { recursive: true });
    symlinkSync(join(PACKAGE, 'src'), join(copy, 'src'));
    symlinkSync(join(PACKAGE, 'package.json'), join(copy, 'package.json'));
    // The copy's manifest lists the sources it can see (through the links), as the build recorded them.
    const built = JSON.parse(readFileSync(join(PACKAGE, 'dist', 'build.json'), 'utf8')) as {
      buildId: string;
      sources: [string, number, number][];
    };
    const own = built.sources.filter(([path]) => !path.startsWith('..'));
    writeFileSync(join(copy, 'dist', 'build.json'), JSON.stringify({ ...built, sources: own }));
  });
  after(() => {
    rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
    rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  });

  test('a fresh bundle runs from dist/', () => {
    const out = run(['snapshot', '--dry-run']);
    assert.equal(out.status, 0, out.stdout);
    assert.equal(JSON.parse(out.stdout).dryRun, true);
    assert.equal(out.fromBundle, true);
  });

  test('a stale bundle is not run: the same command runs from the sources, with the same output', () => {
    const fresh = run(['snapshot', '--dry-run']);
    const manifestPath = join(copy, 'dist', 'build.json');
    const built = JSON.parse(readFileSync(manifestPath, 'utf8')) as { sources: [string, number, number][] };
    const [first] = built.sources as [[string, number, number]];
    first[1] -= 1000; // as if that source had been edited after the build
    writeFileSync(manifestPath, JSON.stringify(built));
    const stale = run(['snapshot', '--dry-run']);
    assert.equal(stale.status, 0, stale.stdout);
    assert.equal(stale.fromBundle, false);
    const strip = (text: string) => text.replace(/"commandId": "[^"]+"/, '').replace(/"taskId": "[^"]+"/, '');
    assert.equal(strip(stale.stdout), strip(fresh.stdout));
  });
});

describe('bin/svc.js in an installed layout (no sources beside the bundle)', () => {
  let installed: string;
  before(() => {
    installed = mkdtempSync(join(tmpdir(), 'svc-installed-'));
    for (const entry of ['bin', 'dist', 'package.json'])
      cpSync(join(PACKAGE, entry), join(installed, entry), { recursive: true });
  });
  after(() => rmSync(installed, { recursive: true, force: true, maxRetries: 5 }));

  test('runs the bundle, and without its build id says to reinstall instead of running anything', () => {
    const bin = join(installed, 'bin', 'svc.js');
    const ran = spawnSync(process.execPath, [bin, '--version'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: installed },
    });
    assert.deepEqual(
      [ran.status, ran.stdout.trim()],
      [0, JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version],
    );
    rmSync(join(installed, 'dist', 'build-id'));
    const broken = spawnSync(process.execPath, [bin, '--version'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: installed },
    });
    assert.equal(broken.status, 1);
    assert.equal(broken.stdout, '');
    assert.match(
      broken.stderr,
      /^svc: the installed package has no bundle \(.*dist\/build-id is missing\); reinstall svc\n$/,
    );
  });
});
