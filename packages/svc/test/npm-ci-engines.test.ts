// A clone installs with whatever Node runs npm (the repository brings Node 24 for everything it runs), so `npm ci` on
// an older system Node says nothing about engines: the workspaces' manifests do not claim Node 24 (their code never
// runs on the Node that runs npm), and the manifests `npm pack` ships do (install-from-tarball.test.ts checks the
// installed ones). Run with the system's own npm on every Node older than 24 found here, as a dry run (it changes
// nothing); skipped, saying why, where there is none.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** A Node older than 24 and the npm installed beside it (npm-cli.js), if this machine has them. */
function systemNpm(): { node: string; npm: string; version: string } | undefined {
  for (const dir of ['/usr/bin', '/usr/local/bin']) {
    const node = join(dir, 'node');
    if (!existsSync(node)) continue;
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (!/^v\d+\./.test(version) || Number(version.slice(1).split('.')[0]) >= 24) continue;
    const prefix = dirname(dirname(realpathSync(node)));
    const npm = [join(prefix, 'lib/node_modules/npm/bin/npm-cli.js'), '/usr/share/nodejs/npm/bin/npm-cli.js'].find(
      existsSync,
    );
    if (npm !== undefined) return { node, npm, version };
  }
  return undefined;
}

const found = systemNpm();
const skip = found === undefined ? 'no Node older than 24 with its npm on this machine' : false;

test('npm ci on an older system Node prints no engine warning for the workspaces', { skip }, () => {
  const { node, npm, version } = found as NonNullable<typeof found>;
  const run = spawnSync(node, [npm, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: REPO,
    encoding: 'utf8',
    // The system's npm as a user runs it: not the repository's Node 24 that npm scripts put first on PATH.
    env: { ...process.env, PATH: `${dirname(node)}:/usr/bin:/bin` },
    timeout: 300_000,
  });
  assert.equal(run.status, 0, `${version}: ${run.stderr}`);
  // Our own workspaces claim no engine in a clone; a third-party dev tool that needs a newer Node may still say so.
  const warned = [...(run.stdout + run.stderr).matchAll(/EBADENGINE\s+package: '(.+?)@/g)].map((m) => m[1]);
  for (const ours of ['svc', 'svc-android', 'svc-sim']) assert.ok(!warned.includes(ours), `${version}: ${warned}`);
});

test('the workspaces claim no engines in the clone; the packing step gives svc Node 22, svc-sim Node 24', () => {
  for (const dir of ['packages/svc', 'packages/sim']) {
    const pkg = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'));
    assert.equal(pkg.engines, undefined, dir);
    assert.match(pkg.scripts.prepack, /pack-manifest\.ts strip/, dir);
    assert.match(pkg.scripts.postpack, /pack-manifest\.ts restore/, dir);
  }
  const script = readFileSync(join(REPO, 'scripts/pack-manifest.ts'), 'utf8');
  assert.match(script, /'svc-android': \{ node: '>=22' \}/);
  assert.match(script, /'svc-sim': \{ node: '>=24' \}/);
});

test('the tarballs `npm pack -w svc -w svc-sim` writes at the root are ignored by git', () => {
  const names = ['packages/svc', 'packages/sim'].map((dir) => {
    const pkg = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'));
    return `${pkg.name}-${pkg.version}.tgz`;
  });
  const run = spawnSync('git', ['check-ignore', '--no-index', ...names], { cwd: REPO, encoding: 'utf8' });
  assert.deepEqual(run.stdout.trim().split('\n'), names, run.stderr);
});
