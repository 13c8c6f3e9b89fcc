// Issue 19, items 4 and 6 through the real CLI: a daemon only ever serves a resolved, present device (20 bad
// serials start none), it exits soon after its device disappears, `daemon list` / `daemon stop --all` see and end
// them, and no lock of a dead owner blocks a device: not a zombie's, not one naming a pid now used by another
// process, not a stale lifecycle lock.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { DAEMON_DEVICE_GONE_EXIT_MS, DAEMON_WATCH_INTERVAL_MS } from '../../src/core/config.ts';
import { daemonPaths, ensurePrivateDir } from '../../src/daemons/paths.ts';
import { MAX_LOG_BYTES } from '../../src/server/daemon/daemon-log.ts';
import { daemonPidsOf, stopDaemonsOf, svcIn } from '../daemon-helpers.ts';
import { deviceLockPath } from '../device-lock.ts';
import { waitFor } from '../reliability-helpers.ts';
import { makeZombie } from './zombie.ts';

describe('daemons and locks against bad input and dead owners', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab);
    serial = lab.devices[0]?.serial as string;
  });
  after(async () => {
    await stopDaemonsOf(lab.home);
    await lab?.close();
  });

  it('starts no daemon for 20 serials that name no present device', async () => {
    const before = daemonPidsOf(lab.home).length;
    const bad = [
      'typo-5554',
      ' x',
      `${serial}\u0007`,
      `${serial}x`,
      '127.0.0.1:1',
      'emulator-9999',
      serial.slice(0, -1),
      '-',
      '..',
      'a/b',
      'ZZZZZZZZ',
      'usb:1-1',
      '0',
      'default',
      'localhost:5555',
      '127.0.0.1:65535',
      'emulator-5554',
      '%00',
      'x'.repeat(200),
      'ümlaut',
    ];
    for (const device of bad) {
      const run = await svc.json(['sleep', '0', '--device', device]);
      assert.notEqual(run.code, 0, `--device ${JSON.stringify(device)} ran`);
    }
    assert.equal(daemonPidsOf(lab.home).length, before, 'no new daemon');
  });

  it('gives the only device one daemon, whether it is named or found, keyed by its serial', async () => {
    assert.deepEqual(daemonPidsOf(lab.home), []);
    assert.equal((await svc.json(['sleep', '0'])).code, 0);
    assert.equal((await svc.json(['sleep', '0', '--device', serial])).code, 0);
    assert.equal((await svc.json(['sleep', '0'], { env: { ANDROID_SERIAL: serial } })).code, 0);
    assert.equal(daemonPidsOf(lab.home).length, 1, 'one daemon for the device');
    const listed = await svc.json(['daemon', 'list']);
    assert.deepEqual(
      (listed.json.daemons as { serial: string }[]).map((d) => d.serial),
      [serial],
    );
  });

  it('lists daemons, stops them all, and a daemon leaves on its own soon after its device disappears', async () => {
    const extra = await lab.addDevice();
    assert.equal((await svc.json(['sleep', '0', '--device', extra.serial])).code, 0);
    assert.equal((await svc.json(['sleep', '0', '--device', serial])).code, 0);
    const listed = await svc.json(['daemon', 'list']);
    const serials = (listed.json.daemons as { serial: string; status: string }[]).map((d) => d.serial).sort();
    assert.deepEqual(serials, [extra.serial, serial].sort());
    const pid = (listed.json.daemons as { serial: string; pid: number }[]).find((d) => d.serial === extra.serial)?.pid;
    assert.ok(pid);
    await lab.removeDevice(extra);
    await waitFor(
      'the daemon of the removed device to exit',
      () => !daemonPidsOf(lab.home).includes(pid),
      DAEMON_DEVICE_GONE_EXIT_MS + 15_000,
    );
    const stopped = await svc.json(['daemon', 'stop', '--all']);
    assert.equal(stopped.code, 0, stopped.stdout);
    assert.deepEqual(daemonPidsOf(lab.home), []);
  });

  it('rotates a daemon log past its size limit while the daemon runs, and goes on logging', async () => {
    await stopDaemonsOf(lab.home);
    const paths = daemonPaths(lab.home, serial, lab.env);
    ensurePrivateDir(paths.dir);
    // A log grown by weeks of --verbose calls: the running daemon moves it aside and starts afresh.
    writeFileSync(paths.log, `${'x'.repeat(1023)}\n`.repeat(MAX_LOG_BYTES / 1024 + 10), { mode: 0o600 });
    assert.equal((await svc.json(['daemon', 'start', '--device', serial])).code, 0);
    await waitFor('the log to rotate', () => existsSync(`${paths.log}.1`), DAEMON_WATCH_INTERVAL_MS * 5);
    assert.ok(statSync(`${paths.log}.1`).size > MAX_LOG_BYTES);
    await waitFor('a line after the rotation', () => readFileSync(paths.log, 'utf8').includes('log rotated'));
    assert.ok(statSync(paths.log).size < 64 * 1024);
    assert.equal((await svc.json(['sleep', '0', '--device', serial, '--verbose'])).code, 0);
  });

  it('runs at once on a device whose lock names a zombie or a pid now used by another process', async () => {
    const zombie = await makeZombie();
    try {
      const owners = [
        { pid: zombie.pid },
        // The pid of a live process (this test) with a start time it never had: a reused pid.
        { pid: process.pid, startTime: '1' },
      ];
      for (const owner of owners) {
        ensurePrivateDir(`${lab.home}/.svc/locks`);
        const record = {
          ...owner,
          token: 'stale',
          deviceId: serial,
          operatorPackage: 'com.svc.operator',
          acquiredAt: 0,
        };
        writeFileSync(await deviceLockPath(lab, serial), JSON.stringify(record));
        const run = await svc.json(['sleep', '0', '--device', serial, '--no-daemon']);
        assert.equal(run.code, 0, `${JSON.stringify(owner)}: ${run.stdout}`);
      }
    } finally {
      zombie.release();
    }
  });

  it('starts a daemon at once past a lifecycle lock whose owner is a zombie', async () => {
    const zombie = await makeZombie();
    try {
      const paths = daemonPaths(lab.home, serial, lab.env);
      ensurePrivateDir(paths.dir);
      writeFileSync(paths.lock, `${zombie.pid}\n`);
      const started = await svc.json(['daemon', 'start', '--device', serial]);
      assert.equal(started.code, 0, started.stdout);
      assert.match(started.json.daemon.status, /started|already_running/);
    } finally {
      zombie.release();
    }
  });
});
