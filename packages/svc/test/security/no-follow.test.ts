// Issue 36: the daemon's log and `record pull --out` followed symlinks: a link planted where svc writes made it
// write into whatever file the link names. Now the log is opened with O_NOFOLLOW (a link there is replaced by a
// fresh log) and a pulled recording is written aside and renamed over the path (the link itself is replaced).
// Real adb against a simulated phone; the daemon and the CLI run as separate processes.
import assert from 'node:assert/strict';
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { ensurePrivateDir } from '../../src/daemons/paths.ts';
import { phoneDaemonPathsOver } from '../../src/daemons/phone-daemon.ts';
import { stopDaemonsOf, svcIn } from '../daemon-helpers.ts';

describe('files svc writes are never reached through a link', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  let serial: string;
  let dir: string;
  const victim = (name: string) => {
    const path = join(dir, name);
    writeFileSync(path, 'precious\n', { mode: 0o644 });
    return path;
  };
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    svc = svcIn(lab);
    serial = lab.devices[0]?.serial as string;
    dir = mkdtempSync(join(tmpdir(), 'svc-nofollow-'));
  });
  after(async () => {
    await stopDaemonsOf(lab.home);
    await lab?.close();
  });

  it("a link in place of the daemon's log is replaced by a log, and the file it named is untouched", async () => {
    const target = victim('notes.txt');
    // The daemon is the phone's (keyed by what the device says it is), found as svc finds it.
    const paths = await phoneDaemonPathsOver(lab.home, serial, { ...process.env, ...lab.env });
    ensurePrivateDir(paths.dir);
    symlinkSync(target, paths.log);
    const started = await svc.json(['daemon', 'start', '--device', serial]);
    assert.equal(started.code, 0, started.stdout);
    assert.equal((await svc.json(['sleep', '0', '--device', serial, '--verbose'])).code, 0);
    assert.equal(readFileSync(target, 'utf8'), 'precious\n');
    const log = lstatSync(paths.log);
    assert.ok(log.isFile() && !log.isSymbolicLink());
    assert.equal(log.mode & 0o777, 0o600);
    await svc.json(['daemon', 'stop', '--device', serial]);
  });

  it('record pull --out onto a link writes the video in place of the link, never into the file it names', async () => {
    const target = victim('thesis.txt');
    const out = join(dir, 'demo.mp4');
    symlinkSync(target, out);
    const cli = (...args: string[]) => svc.json([...args, '--device', serial, '--no-daemon'], { cwd: dir });
    assert.equal((await cli('record', 'start', '--time-limit-s', '30')).code, 0);
    assert.equal((await cli('record', 'stop')).code, 0);
    const pulled = await cli('record', 'pull', '--out', out);
    assert.equal(pulled.code, 0, pulled.stdout);
    assert.equal(readFileSync(target, 'utf8'), 'precious\n');
    const written = lstatSync(out);
    assert.ok(written.isFile() && !written.isSymbolicLink());
    assert.equal(written.size, pulled.json.bytes);
    assert.equal(written.mode & 0o777, 0o600);
  });
});
