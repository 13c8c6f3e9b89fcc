// The transparent proxy (SPEC 4.7): execution commands go through the daemon of their key, print exactly what
// direct mode prints with the same exit code, and run direct whenever the spec says so.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { daemonPaths } from '../src/daemons/paths.ts';
import { daemonDirOf, daemonPidsOf, executeLines, firstSerial, stopDaemonsOf, svcIn } from './daemon-helpers.ts';

const SETTINGS = 'com.android.settings';

const payload = (commandId: string, actions: unknown[]) =>
  JSON.stringify({
    commandId,
    taskId: commandId,
    source: 'daemon-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions,
  });

describe('daemon proxy', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  let serial: string;
  const commandLog = () => lab.devices[0]?.device.commandLog ?? [];

  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab);
    serial = lab.devices[0]?.serial ?? '';
  });
  after(async () => {
    const stopped = await svc.json(['daemon', 'stop']);
    const leaked = await stopDaemonsOf(lab.home);
    await lab?.close();
    assert.equal(stopped.json.daemon.status, 'stopped');
    assert.deepEqual(leaked, [], 'no daemon left behind');
  });

  /** Runs args through the daemon and direct; asserts identical stdout and exit code, and that the daemon ran it. */
  async function sameBothWays(args: string[]) {
    const before = executeLines(lab, firstSerial(lab)).length;
    const proxied = await svc.raw(args);
    assert.doesNotMatch(proxied.stdout, /EXECUTION_VALIDATION_FAILED/);
    assert.equal(executeLines(lab, firstSerial(lab)).length, before + 1, `the daemon ran ${args.join(' ')}`);
    const direct = await svc.raw([...args, '--no-daemon']);
    assert.equal(executeLines(lab, firstSerial(lab)).length, before + 1, '--no-daemon did not reach the daemon');
    assert.equal(proxied.stdout, direct.stdout);
    assert.equal(proxied.code, direct.code);
    return proxied;
  }

  test('exec through the daemon prints byte-for-byte what direct mode prints (json and pretty)', async () => {
    const exec = payload('daemon-same-1', [
      { id: 'open', type: 'open_app', params: { applicationId: SETTINGS } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'title', type: 'read_text', params: { matcher: { resourceId: `${SETTINGS}:id/homepage_title` } } },
    ]);
    const json = await sameBothWays(['exec', exec]);
    assert.equal(json.code, 0, json.stdout);
    const result = JSON.parse(json.stdout);
    assert.equal(result.deviceId, serial);
    assert.equal(result.envelope.stepResults[2].data.text, 'Settings');
    assert.match(result.envelope.stepResults[1].data.text, /<hierarchy/);
    const pretty = await sameBothWays(['exec', exec, '--output', 'pretty']);
    assert.equal(pretty.code, 0);
    assert.ok(!pretty.stdout.startsWith('{'));
  });

  test('a failed step prints the full run result and exits 1, the same both ways', async () => {
    const exec = payload('daemon-same-2', [
      {
        id: 'missing',
        type: 'click',
        params: { matcher: { textEquals: 'No such node anywhere' }, retry: { maxAttempts: 1 } },
      },
    ]);
    const run = await sameBothWays(['exec', exec]);
    assert.equal(run.code, 1);
    const result = JSON.parse(run.stdout);
    assert.equal(result.ok, true);
    assert.equal(result.envelope.stepResults[0].success, false);
  });

  test('an error before dispatch (operator not installed) prints the same error both ways', async () => {
    const exec = payload('daemon-same-3', [{ id: 's', type: 'sleep', params: { durationMs: 0 } }]);
    const run = await sameBothWays(['exec', exec, '--operator-package', 'com.example.absent', '--driver', 'operator']);
    assert.equal(run.code, 1);
    const error = JSON.parse(run.stdout);
    assert.equal(error.code, 'OPERATOR_NOT_INSTALLED');
    assert.equal(error.details.operatorPackage, 'com.example.absent');
  });

  test('snapshot, screenshot with an absolute path and flat actions go through the daemon', async () => {
    const before = executeLines(lab, firstSerial(lab)).length;
    const dir = await mkdtemp(join(tmpdir(), 'svc-daemon-shot-'));
    const runs = [
      ['open', SETTINGS],
      ['snapshot'],
      ['screenshot', '--path', join(dir, 'abs.png')],
      ['wait', '--text', 'Settings', '--timeout', '5000'],
      ['read', '--id', `${SETTINGS}:id/homepage_title`],
      ['sleep', '0'],
      ['back'],
    ];
    for (const args of runs) {
      const run = await svc.json(args);
      assert.equal(run.code, 0, `${args.join(' ')} → ${run.stdout}`);
      assert.equal(run.json.envelope.status, 'success');
    }
    assert.equal(executeLines(lab, firstSerial(lab)).length, before + runs.length);
    assert.deepEqual([...readFileSync(join(dir, 'abs.png')).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test('the daemon keeps one log follow per device and caches operator presence; direct mode redoes both', async () => {
    const count = (prefix: string) => commandLog().filter((line) => line.startsWith(prefix)).length;
    const follows = () => count('logcat -B');
    // The operator's presence: its own `pm list packages -U '<pkg>'`, or the one line that looks for every variant
    // (which asks the Android release first).
    const presence = () => commandLog().filter((line) => line.includes('pm list packages -U')).length;
    await svc.json(['sleep', '0']); // daemon warm
    const [warmFollows, warmPresence] = [follows(), presence()];
    for (let i = 0; i < 3; i++) assert.equal((await svc.json(['sleep', '0'])).code, 0);
    assert.equal(follows(), warmFollows, 'no new follow through the daemon');
    assert.ok(presence() - warmPresence <= 1, 'presence asked at most once for three calls');
    const [directFollows, directPresence] = [follows(), presence()];
    for (let i = 0; i < 2; i++) assert.equal((await svc.json(['sleep', '0', '--no-daemon'])).code, 0);
    assert.equal(follows(), directFollows + 2, 'one follow per direct call');
    assert.equal(presence(), directPresence + 2, 'one presence check per direct call');
  });

  test('direct mode: --no-daemon before or after the command, SVC_NO_DAEMON=1, relative screenshot, dry-run, validate-only', async () => {
    const before = executeLines(lab, firstSerial(lab)).length;
    assert.equal((await svc.json(['--no-daemon', 'snapshot'])).code, 0);
    assert.equal((await svc.json(['snapshot', '--no-daemon'])).code, 0);
    assert.equal((await svc.json(['snapshot'], { env: { SVC_NO_DAEMON: '1' } })).code, 0);
    const dir = await mkdtemp(join(tmpdir(), 'svc-daemon-rel-'));
    const shot = await svc.json(['screenshot', '--path', 'rel.png'], { cwd: dir });
    assert.equal(shot.code, 0, shot.stdout);
    assert.equal(shot.json.envelope.stepResults[0].data.path, join(dir, 'rel.png'));
    assert.ok(existsSync(join(dir, 'rel.png')));
    assert.equal((await svc.json(['snapshot', '--dry-run'])).json.dryRun, true);
    assert.equal((await svc.json(['snapshot', '--validate-only'])).json.validated, true);
    assert.equal(executeLines(lab, firstSerial(lab)).length, before, 'none of them reached the daemon');
  });

  test('direct mode with no daemon running never starts one', async () => {
    const home = await mkdtemp(join(tmpdir(), 'svc-daemon-none-'));
    const env = { HOME: home };
    assert.equal((await svc.json(['snapshot', '--no-daemon'], { env })).code, 0);
    assert.equal((await svc.json(['sleep', '0'], { env: { ...env, SVC_NO_DAEMON: '1' } })).code, 0);
    assert.equal((await svc.json(['sleep', '0', '--dry-run'], { env })).code, 0);
    assert.ok(!existsSync(daemonDirOf(home)));
    assert.deepEqual(daemonPidsOf(home), []);
  });

  test('result text never reaches the daemon log unless the call is verbose (DECISIONS 18)', async () => {
    const log = () => readFileSync(daemonPaths(lab.home, firstSerial(lab), lab.env).log, 'utf8');
    const secret = 'daemon-log-secret-text';
    assert.equal((await svc.json(['open', SETTINGS])).code, 0);
    const typed = await svc.json(['type', '--id', `${SETTINGS}:id/search_src_text`, '--text', secret]);
    assert.equal(typed.code, 0, typed.stdout);
    // The result gives only the typed text's length; the request that carried it is not logged either.
    assert.equal(typed.json.envelope.stepResults[0].data.text_length, String(secret.length));
    assert.ok(!log().includes(secret));
    assert.ok(!log().includes('<hierarchy'));
    const verbose = await svc.json(['snapshot', '--verbose']);
    assert.equal(verbose.code, 0);
    assert.ok(log().includes('<hierarchy'), 'a verbose call may log its result');
  });
});
