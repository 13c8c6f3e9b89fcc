// The proxy when things go wrong (SPEC 3.6, 4.7, part 9): a daemon killed mid-dispatch (DAEMON_PROXY_ERROR, and the
// device saw one broadcast: nothing re-ran), a snapshot's single direct retry, a stale socket, and restarts when the
// running daemon is another build (other version, other entry, changed entry mtime).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createLab, type Lab } from 'svc-sim/testing';
import { daemonPaths } from '../src/daemons/paths.ts';
import {
  cliEnv,
  daemonPidsOf,
  executeLines,
  firstSerial,
  runForegroundDaemon,
  stopDaemonsOf,
  svcIn,
} from './daemon-helpers.ts';
import { waitFor } from './reliability-helpers.ts';
import { CLI_ENTRY, collectOutput } from './run-cli.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));

/** A second build of the CLI: a copy of the sources beside a package.json of the given version. */
function otherBuild(version: string): { dir: string; main: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-other-build-'));
  cpSync(SRC, join(dir, 'src'), { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'svc', version, type: 'module' }));
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'));
  return { dir, main: join(dir, 'src', 'main.ts') };
}

describe('daemon proxy faults and restarts', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  const builds: string[] = [];
  const broadcastsOf = (commandId: string) =>
    (lab.devices[0]?.device.commandLog ?? []).filter(
      (line) => line.startsWith('am broadcast') && line.includes(commandId),
    );

  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab);
  });
  after(async () => {
    const leaked = await stopDaemonsOf(lab.home);
    await lab?.close();
    for (const dir of builds) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    assert.deepEqual(leaked, [], 'no daemon left behind');
  });

  test('a daemon killed mid-dispatch gives DAEMON_PROXY_ERROR and the action is not run again', async () => {
    const daemon = await runForegroundDaemon(lab);
    const commandId = 'daemon-killed-mid-dispatch';
    const exec = JSON.stringify({
      commandId,
      taskId: commandId,
      source: 'daemon-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 2500 } }],
    });
    const running = svc.json(['exec', exec]);
    await waitFor('the broadcast to reach the device', () => broadcastsOf(commandId).length === 1);
    daemon.kill('SIGKILL');
    const run = await running;
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.json.code, 'DAEMON_PROXY_ERROR');
    assert.match(run.json.message, /may have executed/);
    assert.equal(typeof run.json.details.error, 'string');
    assert.equal(run.json.details.socketPath, daemonPaths(lab.home, firstSerial(lab), lab.env).socket);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // past the device's own sleep
    assert.equal(broadcastsOf(commandId).length, 1, 'the device saw exactly one broadcast');
  });

  test('a snapshot whose response was lost runs direct once and succeeds', async () => {
    const daemon = await runForegroundDaemon(lab);
    const device = lab.devices[0];
    assert.ok(device);
    device.faults.set('delay_envelope', 2000);
    const seen = device.device.commandLog.length;
    const running = svc.json(['snapshot']);
    let commandId = '';
    await waitFor('the snapshot broadcast', () => {
      const line = device.device.commandLog.slice(seen).find((l) => l.startsWith('am broadcast'));
      commandId = /"commandId":"([^"]+)"/.exec(line ?? '')?.[1] ?? '';
      return commandId !== '';
    });
    daemon.kill('SIGKILL');
    device.faults.clear('delay_envelope');
    const run = await running;
    assert.equal(run.code, 0, run.stdout);
    // The re-run has its own commandId, so the first run's late answer cannot be taken for it.
    assert.equal(run.json.envelope.commandId, `${commandId}-retry`);
    assert.match(run.json.envelope.stepResults[0].data.text, /<hierarchy/);
    assert.equal(broadcastsOf(`${commandId}-retry`).length, 1, 'one direct retry');
    assert.equal(broadcastsOf(commandId).length, 2, 'one broadcast by the daemon, one by the direct retry');
  });

  test('a stale socket (nobody listening) is deleted and a new daemon takes the call', async () => {
    const daemon = await runForegroundDaemon(lab);
    daemon.kill('SIGKILL');
    await new Promise((resolve) => daemon.on('exit', resolve));
    const paths = daemonPaths(lab.home, firstSerial(lab), lab.env);
    assert.ok(existsSync(paths.socket), 'the killed daemon left its socket file');
    assert.equal((await svc.json(['daemon', 'status'])).json.daemon.status, 'not_running');
    const before = executeLines(lab, firstSerial(lab)).length;
    const run = await svc.json(['sleep', '0']);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(executeLines(lab, firstSerial(lab)).length, before + 1, 'a new daemon ran it');
    // A new daemon owns the socket now (an inode comparison is not proof: the file system may reuse the number).
    const status = (await svc.json(['daemon', 'status'])).json.daemon;
    assert.equal(status.status, 'running');
    assert.notEqual(status.pid, daemon.pid);
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('a daemon of another version is restarted before dispatch', async () => {
    const old = otherBuild('0.0.1-old');
    builds.push(old.dir);
    const started = await runOtherCli(old.main, ['daemon', 'start']);
    assert.equal(started.json.daemon.status, 'started', started.stdout);
    assert.equal(started.json.daemon.version, '0.0.1-old');
    const oldPid = started.json.daemon.pid;

    const executed = executeLines(lab, firstSerial(lab)).length;
    const run = await svc.json(['sleep', '0']);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(
      executeLines(lab, firstSerial(lab)).length,
      executed + 1,
      'the restarted daemon ran it, not a direct fallback',
    );
    const status = (await svc.json(['daemon', 'status'])).json.daemon;
    assert.equal(status.status, 'running');
    assert.notEqual(status.pid, oldPid);
    assert.notEqual(status.version, '0.0.1-old');
    assert.equal(status.buildIdentity.entryPath, CLI_ENTRY);
    await waitFor('the old daemon to exit', () => !daemonPidsOf(lab.home).includes(oldPid));
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('a change of build identity (entry path, then entry mtime) restarts the daemon before dispatch', async () => {
    const version = (await svc.raw(['--version'])).stdout.trim();
    const copy = otherBuild(version);
    builds.push(copy.dir);
    // Same version, other entry path: the copy's daemon is replaced by this CLI's.
    const copyDaemon = await runOtherCli(copy.main, ['daemon', 'start']);
    assert.equal(copyDaemon.json.daemon.buildIdentity.entryPath, copy.main);
    assert.equal((await svc.json(['sleep', '0'])).code, 0);
    const mine = (await svc.json(['daemon', 'status'])).json.daemon;
    assert.equal(mine.buildIdentity.entryPath, CLI_ENTRY);
    assert.notEqual(mine.pid, copyDaemon.json.daemon.pid);

    // The copy as the current CLI; then its entry changes mtime (an edit or upgrade in place).
    assert.equal((await runOtherCli(copy.main, ['sleep', '0'])).code, 0);
    const before = (await runOtherCli(copy.main, ['daemon', 'status'])).json.daemon;
    assert.equal(before.buildIdentity.entryPath, copy.main);
    const later = new Date(Date.now() + 60_000);
    utimesSync(copy.main, later, later);
    assert.equal((await runOtherCli(copy.main, ['sleep', '0'])).code, 0);
    const after = (await runOtherCli(copy.main, ['daemon', 'status'])).json.daemon;
    assert.notEqual(after.pid, before.pid);
    assert.equal(after.buildIdentity.mtimeMs, statSync(copy.main).mtimeMs);
    assert.equal((await runOtherCli(copy.main, ['daemon', 'stop'])).json.daemon.status, 'stopped');
    await waitFor('all daemons to exit', () => daemonPidsOf(lab.home).length === 0);
  });

  test('run from its sources, an edit of any source (not only the entry) restarts the daemon before dispatch', async () => {
    const version = (await svc.raw(['--version'])).stdout.trim();
    const copy = otherBuild(version);
    builds.push(copy.dir);
    // The copy's last build read these sources (a clone's dist/build.json lists every one of them).
    const edited = join(copy.dir, 'src', 'core', 'version.ts');
    const listed = ['src/main.ts', 'src/core/version.ts'].map((path) => {
      const stat = statSync(join(copy.dir, path));
      return [path, stat.mtimeMs, stat.size];
    });
    mkdirSync(join(copy.dir, 'dist'));
    writeFileSync(join(copy.dir, 'dist', 'build.json'), JSON.stringify({ buildId: 'old', sources: listed }));
    assert.equal((await runOtherCli(copy.main, ['sleep', '0'])).code, 0);
    const before = (await runOtherCli(copy.main, ['daemon', 'status'])).json.daemon;
    assert.equal(before.status, 'running');
    const later = new Date(Date.now() + 60_000);
    utimesSync(edited, later, later);
    assert.equal((await runOtherCli(copy.main, ['sleep', '0'])).code, 0);
    const after = (await runOtherCli(copy.main, ['daemon', 'status'])).json.daemon;
    assert.notEqual(after.pid, before.pid, 'the daemon serving the old sources was replaced');
    assert.equal(after.buildIdentity.mtimeMs, statSync(edited).mtimeMs);
    assert.equal((await runOtherCli(copy.main, ['daemon', 'stop'])).json.daemon.status, 'stopped');
    await waitFor('all daemons to exit', () => daemonPidsOf(lab.home).length === 0);
  });

  /** Runs another build's CLI entry with the lab env. */
  // biome-ignore lint/suspicious/noExplicitAny: test helper; each test asserts the fields it reads.
  async function runOtherCli(main: string, args: string[]): Promise<{ code: number; stdout: string; json: any }> {
    const child = spawn(process.execPath, [main, ...args], { env: cliEnv(lab), stdio: ['ignore', 'pipe', 'pipe'] });
    const { code, stdout } = await collectOutput(child);
    let json: unknown;
    try {
      json = JSON.parse(stdout);
    } catch {
      json = undefined;
    }
    return { code, stdout, json };
  }
});
