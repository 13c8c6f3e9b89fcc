// Daemon lifecycle (SPEC 3.6, 4.7, 2.12; DECISIONS 13) through the real CLI, with a lab's HOME: start, already
// running, stop, not running, restart, keys per device, reused pid, stale lock, and the private directory rule.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { isProcessAlive } from '../src/adapters/process/process-runner.ts';
import { daemonStatus, stopDaemon } from '../src/daemons/lifecycle.ts';
import { daemonPaths } from '../src/daemons/paths.ts';
import { phoneDaemonPathsOver } from '../src/daemons/phone-daemon.ts';
import { daemonDirOf, daemonPidsOf, executeLines, firstSerial, stopDaemonsOf, svcIn } from './daemon-helpers.ts';
import { waitFor } from './reliability-helpers.ts';
import { CLI_ENTRY } from './run-cli.ts';

describe('daemon lifecycle', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  /** `daemon-<key>` of the lab's only device: a daemon is keyed by the phone (what the device says it is). */
  let base: string;
  const sleepers: ChildProcess[] = [];

  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab);
    base = `daemon-${(await phoneDaemonPathsOver(lab.home, firstSerial(lab), lab.env)).key}`;
  });
  after(async () => {
    for (const child of sleepers) child.kill('SIGKILL');
    const leaked = await stopDaemonsOf(lab.home);
    await lab?.close();
    assert.deepEqual(leaked, [], 'every daemon the tests started was stopped by the tests');
  });

  test('daemon start starts a daemon; status reports pid, version, build identity and uptime', async () => {
    const started = await svc.json(['daemon', 'start']);
    assert.equal(started.code, 0, started.stdout);
    const dir = daemonDirOf(lab.home);
    const socketPath = join(dir, `${base}.sock`);
    assert.equal(started.json.ok, true);
    assert.equal(started.json.daemon.status, 'started');
    assert.equal(started.json.daemon.socketPath, socketPath);
    const pid = started.json.daemon.pid;
    assert.ok(Number.isInteger(pid) && isProcessAlive(pid));
    assert.deepEqual(daemonPidsOf(lab.home), [pid]);

    const status = await svc.json(['daemon', 'status']);
    assert.equal(status.code, 0);
    const daemon = status.json.daemon;
    assert.equal(daemon.status, 'running');
    assert.equal(daemon.pid, pid);
    assert.equal(daemon.version, JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
    assert.equal(daemon.buildIdentity.entryPath, CLI_ENTRY);
    assert.equal(daemon.buildIdentity.size, statSync(CLI_ENTRY).size);
    assert.equal(daemon.buildIdentity.mtimeMs, statSync(CLI_ENTRY).mtimeMs);
    assert.ok(Number.isInteger(daemon.uptimeSeconds) && daemon.uptimeSeconds >= 0);

    // Files of SPEC 4.7 with DECISIONS 13 modes, and the metadata of SPEC 2.12.
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(socketPath).mode & 0o777, 0o600);
    assert.ok(statSync(socketPath).isSocket());
    const meta = JSON.parse(readFileSync(join(dir, `${base}.pid`), 'utf8'));
    assert.equal(meta.pid, pid);
    assert.equal(meta.daemonKey, daemonPaths(lab.home, firstSerial(lab), lab.env).key);
    assert.equal(meta.cliEntryPath, CLI_ENTRY);
    assert.equal(meta.rawDeviceId, firstSerial(lab));
    assert.ok(meta.startedAt <= Date.now() && meta.startedAt > Date.now() - 120_000);
    assert.ok(existsSync(join(dir, `${base}.log`)));
    assert.ok(!existsSync(join(dir, `${base}.lock`)), 'the lifecycle lock is released after start');
  });

  test('a second daemon start reports already_running with the same daemon', async () => {
    const before = (await svc.json(['daemon', 'status'])).json.daemon.pid;
    const again = await svc.json(['daemon', 'start']);
    assert.equal(again.code, 0);
    assert.equal(again.json.daemon.status, 'already_running');
    assert.equal(again.json.daemon.pid, before);
    assert.deepEqual(daemonPidsOf(lab.home), [before]);
  });

  test('daemon stop ends the process and removes pid and socket files; a second stop says not_running', async () => {
    const pid = (await svc.json(['daemon', 'status'])).json.daemon.pid;
    const stopped = await svc.json(['daemon', 'stop']);
    assert.equal(stopped.code, 0, stopped.stdout);
    assert.equal(stopped.json.daemon.status, 'stopped');
    assert.equal(stopped.json.daemon.pid, pid);
    const dir = daemonDirOf(lab.home);
    assert.ok(!existsSync(join(dir, `${base}.sock`)));
    assert.ok(!existsSync(join(dir, `${base}.pid`)));
    await waitFor('the daemon to exit', () => daemonPidsOf(lab.home).length === 0);

    const again = await svc.json(['daemon', 'stop']);
    assert.deepEqual(again.json, {
      ok: true,
      daemon: { status: 'not_running', socketPath: join(dir, `${base}.sock`) },
    });
    assert.equal((await svc.json(['daemon', 'status'])).json.daemon.status, 'not_running');
  });

  test('daemon stop during an execution says stopping, not stopped; the daemon exits once the execution ends', async () => {
    const started = await svc.json(['daemon', 'start']);
    assert.equal(started.code, 0, started.stdout);
    const pid = started.json.daemon.pid;
    const sleeping = svc.json(['sleep', '6000']);
    const locks = join(lab.home, '.svc', 'locks');
    const heldByDaemon = () =>
      existsSync(locks) &&
      readdirSync(locks).some(
        (name) => name.endsWith('.lock') && readFileSync(join(locks, name), 'utf8').includes(`${pid}`),
      );
    await waitFor('the execution to hold the device', heldByDaemon);
    const stopped = await svc.json(['daemon', 'stop']);
    assert.equal(stopped.code, 0, stopped.stdout);
    assert.equal(stopped.json.daemon.status, 'stopping', stopped.stdout);
    assert.equal(stopped.json.daemon.pid, pid);
    assert.match(stopped.json.daemon.note, /finishing an execution/);
    assert.equal((await sleeping).code, 0, 'the execution ran to its end');
    await waitFor('the daemon to exit', () => !daemonPidsOf(lab.home).includes(pid));
  });

  test('daemon restart starts a daemon when none runs and replaces a running one', async () => {
    const first = await svc.json(['daemon', 'restart']);
    assert.equal(first.code, 0, first.stdout);
    assert.equal(first.json.daemon.status, 'started');
    const second = await svc.json(['daemon', 'restart']);
    assert.equal(second.json.daemon.status, 'started');
    assert.notEqual(second.json.daemon.pid, first.json.daemon.pid);
    await waitFor('only the new daemon to remain', () => daemonPidsOf(lab.home).join() === `${second.json.daemon.pid}`);
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('each device gets its own daemon keyed by the phone it is, however the device was named', async () => {
    const second = await lab.addDevice();
    try {
      const { key } = await phoneDaemonPathsOver(lab.home, second.serial, lab.env);
      assert.notEqual(`daemon-${key}`, base);
      const started = await svc.json(['daemon', 'start', '--device', second.serial]);
      assert.equal(started.code, 0, started.stdout);
      assert.equal(started.json.daemon.socketPath, join(daemonDirOf(lab.home), `daemon-${key}.sock`));
      const meta = JSON.parse(readFileSync(join(daemonDirOf(lab.home), `daemon-${key}.pid`), 'utf8'));
      assert.equal(meta.daemonKey, key);
      assert.equal(meta.rawDeviceId, second.serial);
      // ANDROID_SERIAL names the same daemon as --device (the proxy keys execution commands the same way).
      const viaEnv = await svc.json(['daemon', 'status'], { env: { ANDROID_SERIAL: second.serial } });
      assert.equal(viaEnv.json.daemon.pid, started.json.daemon.pid);
      const other = await svc.json(['daemon', 'status', '--device', firstSerial(lab)]);
      assert.equal(other.json.daemon.status, 'not_running', 'the other device has no daemon');
      const listed = await svc.json(['daemon', 'list']);
      const running = listed.json.daemons.filter((d: { status: string }) => d.status === 'running');
      assert.deepEqual(
        running.map((d: { serial: string; pid: number }) => [d.serial, d.pid]),
        [[second.serial, started.json.daemon.pid]],
      );
      assert.equal((await svc.json(['daemon', 'stop', '--device', second.serial])).json.daemon.status, 'stopped');
    } finally {
      await lab.removeDevice(second);
    }
  });

  test('a daemon is never started for a device that is not connected', async () => {
    for (const serial of ['no-such-serial', ' x', 'emulator-5554']) {
      const start = await svc.json(['daemon', 'start', '--device', serial]);
      assert.equal(start.code, 1, start.stdout);
      assert.equal(start.json.code, 'DEVICE_NOT_FOUND');
    }
    assert.deepEqual(daemonPidsOf(lab.home), []);
  });

  test('daemon stop --all stops every daemon and list shows none running', async () => {
    const started = await svc.json(['daemon', 'start']);
    assert.equal(started.json.daemon.status, 'started', started.stdout);
    const all = await svc.json(['daemon', 'stop', '--all']);
    assert.equal(all.code, 0, all.stdout);
    assert.ok(all.json.daemons.some((d: { status: string }) => d.status === 'stopped'));
    await waitFor('every daemon to exit', () => daemonPidsOf(lab.home).length === 0);
    // A daemon that stopped leaves its log, which is history, not a daemon: the list is empty.
    const listed = await svc.json(['daemon', 'list']);
    assert.deepEqual(listed.json.daemons, []);
  });

  test('a pid file naming a live process that is not the daemon (reused pid) is never taken for it', async () => {
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    sleepers.push(stranger);
    const paths = daemonPaths(lab.home, firstSerial(lab), lab.env);
    const meta = {
      pid: stranger.pid,
      startedAt: Date.now() - 1000,
      daemonKey: paths.key,
      cliEntryPath: CLI_ENTRY,
      rawDeviceId: paths.serial,
    };
    writeFileSync(paths.pid, JSON.stringify(meta), { mode: 0o600 });

    assert.equal((await svc.json(['daemon', 'status'])).json.daemon.status, 'not_running');
    const stop = await svc.json(['daemon', 'stop']);
    assert.equal(stop.json.daemon.status, 'not_running');
    assert.ok(isProcessAlive(stranger.pid as number), 'the stranger was not signalled');
    assert.ok(!existsSync(paths.pid), 'the stale pid file is removed');

    writeFileSync(paths.pid, JSON.stringify(meta), { mode: 0o600 });
    const start = await svc.json(['daemon', 'start']);
    assert.equal(start.json.daemon.status, 'started');
    assert.notEqual(start.json.daemon.pid, stranger.pid);
    assert.ok(isProcessAlive(stranger.pid as number));
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
    assert.ok(isProcessAlive(stranger.pid as number), 'stop signalled the daemon, not the stranger');
  });

  test('a stale lifecycle lock (its owner is gone) is reclaimed', async () => {
    const gone = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    const paths = daemonPaths(lab.home, firstSerial(lab), lab.env);
    writeFileSync(paths.lock, `${gone.pid}\n`);
    const start = await svc.json(['daemon', 'start']);
    assert.equal(start.code, 0, start.stdout);
    assert.equal(start.json.daemon.status, 'started');
    assert.ok(!existsSync(paths.lock));
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('daemon stop that cannot signal the daemon fails with DAEMON_STOP_FAILED and changes nothing', async () => {
    const start = await svc.json(['daemon', 'start']);
    assert.equal(start.json.daemon?.status, 'started', start.stdout);
    const paths = daemonPaths(lab.home, firstSerial(lab), lab.env);
    // Tests run as root, which may signal anything: the refusal (EPERM) is injected at the process port.
    const refuse = () => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    };
    await assert.rejects(
      stopDaemon(paths, { kill: refuse, isAlive: isProcessAlive, argvOf: (pid) => readArgv(pid) }),
      (error: { code: string; details: Record<string, unknown> }) =>
        error.code === 'DAEMON_STOP_FAILED' && error.details.pid === start.json.daemon.pid,
    );
    const status = await daemonStatus(paths);
    assert.equal(status.status, 'running');
    assert.equal(status.pid, start.json.daemon.pid);
    assert.ok(existsSync(paths.pid) && existsSync(paths.socket));
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('the daemon directory must be private: group/world access or another owner is refused', async () => {
    const dir = daemonDirOf(lab.home);
    chmodSync(dir, 0o755);
    const open = await svc.json(['daemon', 'start']);
    assert.equal(open.code, 1);
    assert.equal(open.json.code, 'DAEMON_START_FAILED');
    assert.equal(open.json.details.reason, 'dir_mode');
    // An execution command still works: the daemon cannot become ready, so it runs direct.
    const snap = await svc.json(['snapshot']);
    assert.equal(snap.code, 0, snap.stdout);
    assert.equal(snap.json.ok, true);
    assert.equal(daemonPidsOf(lab.home).length, 0);

    chmodSync(dir, 0o700);
    chownSync(dir, 65534, 65534);
    const foreign = await svc.json(['daemon', 'start']);
    assert.equal(foreign.json.code, 'DAEMON_START_FAILED');
    assert.equal(foreign.json.details.reason, 'dir_owner');
    chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
    assert.equal(daemonPidsOf(lab.home).length, 0);
  });

  test('a daemon that cannot listen gives DAEMON_START_FAILED with socketPath and timeoutMs; commands run direct', async () => {
    // A Unix socket path longer than the OS limit (about 107 bytes) cannot be bound.
    const home = join(lab.home, 'h'.repeat(60), 'i'.repeat(60));
    const env = { HOME: home };
    const start = await svc.json(['daemon', 'start'], { env });
    assert.equal(start.code, 1, start.stdout);
    assert.equal(start.json.code, 'DAEMON_START_FAILED');
    assert.equal(start.json.details.socketPath, join(home, '.svc', 'daemon', `${base}.sock`));
    assert.equal(start.json.details.timeoutMs, 3000);
    const snap = await svc.json(['snapshot'], { env });
    assert.equal(snap.code, 0, snap.stdout);
    assert.equal(snap.json.envelope.status, 'success');
    assert.equal(daemonPidsOf(home).length, 0);
    assert.equal(executeLines({ home, env: lab.env }, firstSerial(lab)).length, 0);
  });
});

function readArgv(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}
