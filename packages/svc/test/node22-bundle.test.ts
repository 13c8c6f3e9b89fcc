// The installed package runs on Node 22 as on Node 24 (issue 38 item 6): the bundle (dist/, what a user installs) is
// built for Node 22, and this runs it on a real Node 22 binary (npm's `node` package, pinned, installed once into
// the temp folder; SVC_TEST_NODE22 names another) for a few commands against a simulated phone through real adb:
// the version, the device list, a compact snapshot, a click by text and an execution as JSON. The rest of the suite
// runs on Node 24, so both are covered. A clone's TypeScript sources still need Node 24; a Node 22 there says so.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { collectOutput, isolatedEnv, MAIN } from './run-cli.ts';

/** The Node 22 this test runs the bundle on (npm's `node` package of that version ships the official binary). */
const NODE22 = '22.23.3';

/** The path of a Node 22 binary, installed into the temp folder on first use. */
function node22(): string {
  const given = process.env.SVC_TEST_NODE22;
  if (given !== undefined && given !== '') return given;
  const dir = join(tmpdir(), `svc-test-node-${NODE22}`);
  const bin = join(dir, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(bin)) return bin;
  const staging = mkdtempSync(join(tmpdir(), 'svc-test-node-staging-'));
  const install = spawnSync(
    'npm',
    ['i', '--no-save', '--no-audit', '--no-fund', '--prefix', staging, `node@${NODE22}`],
    {
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  assert.equal(install.status, 0, `npm i node@${NODE22}: ${install.stderr}`);
  // Moved into place whole: a run that died half-way leaves no binary that looks installed.
  if (!existsSync(bin)) renameSync(staging, dir);
  else rmSync(staging, { recursive: true, force: true });
  return bin;
}

function run(node: string, args: string[], env: Record<string, string>) {
  const child = spawn(node, [MAIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end('');
  return collectOutput(child);
}

describe('the bundle on Node 22', () => {
  let lab: Lab;
  let node: string;
  let env: Record<string, string>;
  let serial: string;

  before(async () => {
    node = node22();
    lab = await createLab({ devices: [{ operator: false }] });
    serial = lab.devices[0]?.serial ?? '';
    env = isolatedEnv(lab.env);
  });
  after(async () => {
    await lab?.close();
  });

  test('the Node is 22, and the bundle is what runs (built from the current sources)', () => {
    assert.match(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout, /^v22\./);
    const bin = createRequire(import.meta.url)(MAIN) as { bundleIsFresh(): boolean };
    assert.ok(bin.bundleIsFresh(), 'the bundle is stale: `npm run build` (npm test builds it first)');
  });

  test('version, devices, snapshot, a click and an execution run on Node 22', async () => {
    const version = await run(node, ['--version'], env);
    assert.equal(version.code, 0, version.stderr);
    const devices = await run(node, ['devices', '--json'], env);
    assert.equal(devices.code, 0, devices.stderr);
    assert.ok(devices.stdout.includes(serial), devices.stdout);
    const open = await run(node, ['open', 'com.android.settings', '--device', serial], env);
    assert.equal(open.code, 0, open.stderr);
    const snapshot = await run(node, ['snapshot', '--device', serial], env);
    assert.equal(snapshot.code, 0, snapshot.stderr);
    assert.equal(JSON.parse(snapshot.stdout).succeeded, true, snapshot.stdout);
    assert.match(snapshot.stdout, /Network &amp; internet/);
    const click = await run(node, ['click', '--text', 'Network & internet', '--device', serial], env);
    assert.equal(click.code, 0, `${click.stdout}${click.stderr}`);
    const execution = JSON.stringify({ actions: [{ type: 'read_text', params: { matcher: { text: 'Wi-Fi' } } }] });
    const exec = await run(node, ['exec', execution, '--device', serial, '--json'], env);
    assert.equal(exec.code, 0, `${exec.stdout}${exec.stderr}`);
    assert.match(exec.stdout, /"text": ?"Wi-Fi"/);
  });
});
