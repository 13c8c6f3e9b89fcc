// A device lock cannot hold forever: a lock file whose owner is gone holds for at most a settle window (2000 ms)
// from now, whatever its `settleUntil` says (a huge stamp, or one written before the wall clock jumped back; its live
// owner's own timer ends such a settling, so while the owner runs it holds), and a
// lock path svc cannot use (a directory) is a clear LOCK_FILE_UNUSABLE naming it, not a host-side failure. Through
// the real CLI, directly and through the device's daemon, against a simulated device.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { ownStartTime } from '../src/adapters/process/process-identity.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { deviceLockPath } from './device-lock.ts';
import { runCliJson } from './run-cli.ts';

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync('sh', ['-c', 'echo $$']);
  return Number(child.stdout.toString().trim());
}

describe('a device lock is bounded', () => {
  let lab: Lab;
  let serial: string;
  let path: string;
  const svc = (...args: string[]) => runCliJson(args, { env: lab.env });

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    path = await deviceLockPath(lab, serial);
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });

  function writeLock(settleUntil: number): void {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const record = {
      pid: deadPid(),
      token: 'left',
      deviceId: serial,
      operatorPackage: 'x',
      acquiredAt: 0,
      settleUntil,
    };
    writeFileSync(path, JSON.stringify(record));
  }

  test('a lock left by a dead owner with a huge settleUntil is reclaimed', async () => {
    for (const settleUntil of [Number.MAX_SAFE_INTEGER, 1e300, Date.now() + 3_600_000]) {
      writeLock(settleUntil);
      const run = await svc('sleep', '0', '--device', serial, '--no-daemon');
      assert.equal(run.code, 0, `${settleUntil}: ${run.stdout}`);
    }
  });

  test('a lock with a huge settleUntil holds while its owner runs (its owner ends the settling), not after', async () => {
    // This test process is the live owner, recorded with its start time as svc records it.
    const owner = { pid: process.pid, startTime: ownStartTime() };
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const record = { ...owner, token: 'live', deviceId: serial, operatorPackage: 'x', acquiredAt: 0 };
    writeFileSync(path, JSON.stringify({ ...record, settleUntil: Date.now() + 3_600_000 }));
    const refused = await svc('sleep', '0', '--device', serial, '--no-daemon');
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT', refused.stdout);
    assert.equal(refused.json.details.holderPid, process.pid);
    writeLock(Date.now() + 3_600_000); // the same stamp, its owner gone
    const run = await svc('sleep', '0', '--device', serial, '--no-daemon');
    assert.equal(run.code, 0, run.stdout);
  });

  test('a lock path that is a directory is LOCK_FILE_UNUSABLE naming it, directly and through the daemon', async () => {
    rmSync(path, { force: true });
    mkdirSync(path, { recursive: true });
    try {
      for (const via of [['--no-daemon'], []]) {
        const run = await svc('sleep', '0', '--device', serial, ...via);
        assert.equal(run.code, 1, run.stdout);
        assert.equal(run.json.code, 'LOCK_FILE_UNUSABLE', `${via}: ${run.stdout}`);
        assert.equal(run.json.details.path, path);
        assert.match(run.json.message, /is a directory/);
      }
    } finally {
      rmSync(path, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});
