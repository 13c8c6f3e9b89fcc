// Emulator-style registration: console on even port P, adb on P+1, announced as emulator-P; the console answers
// `adb emu avd name` and `adb emu kill`, with and without an auth token.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { runAdb } from '../src/testing/run-adb.ts';

describe('emulator-style devices', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  it('registers as emulator-<console port> with adb on the next port', async () => {
    const sim = await lab.addDevice({ emulator: true, model: 'Emu One' });
    assert.equal(sim.consolePort! % 2, 0);
    assert.equal(sim.port, sim.consolePort! + 1);
    assert.equal(sim.serial, `emulator-${sim.consolePort}`);
    const { stdout } = await lab.adb('devices', '-l');
    assert.match(stdout, new RegExp(`^${sim.serial} +device .*model:Emu_One`, 'm'));
    assert.equal((await lab.adb('-s', sim.serial, 'shell', 'exit 5')).code, 5);
  });

  it('answers `emu avd name` when the console needs no auth (empty token file)', async () => {
    await writeFile(join(lab.home, '.emulator_console_auth_token'), '');
    const sim = await lab.addDevice({ emulator: true, avdName: 'Pixel_8_API_35' });
    const result = await lab.adb('-s', sim.serial, 'emu', 'avd', 'name');
    assert.equal(result.code, 0);
    assert.equal(result.stdout, 'Pixel_8_API_35\r\nOK\r\n');
  });

  it('answers `emu avd name` after adb authenticates with the token file', async () => {
    await writeFile(join(lab.home, '.emulator_console_auth_token'), 'sekret-token\n');
    const sim = await lab.addDevice({ emulator: true, avdName: 'Tablet_API_34' });
    const result = await lab.adb('-s', sim.serial, 'emu', 'avd', 'name');
    assert.equal(result.stdout, 'Tablet_API_34\r\nOK\r\n');
    await rm(join(lab.home, '.emulator_console_auth_token'));
  });

  it('refuses console commands when the token does not match', async () => {
    const sim = await lab.addDevice({ emulator: true, avdName: 'Locked' });
    await writeFile(join(lab.home, '.emulator_console_auth_token'), 'console-side');
    // The device reads its token per console connection; adb sends another one.
    const wrongHome = join(lab.home, 'other');
    await mkdir(wrongHome, { recursive: true });
    await writeFile(join(wrongHome, '.emulator_console_auth_token'), 'client-side');
    const result = await runAdb(lab.adbPort, { ...lab.env, HOME: wrongHome }, ['-s', sim.serial, 'emu', 'avd', 'name']);
    assert.doesNotMatch(result.stdout.toString(), /Locked/);
    await rm(join(lab.home, '.emulator_console_auth_token'));
  });

  it('stops on `emu kill` and disappears from adb', async () => {
    const sim = await lab.addDevice({ emulator: true });
    const result = await lab.adb('-s', sim.serial, 'emu', 'kill');
    assert.equal(result.code, 0);
    await sim.stopped;
    await lab.waitForState(sim.serial, 'gone');
  });

  it('shows an offline emulator that never answers CNXN, until it comes online', async () => {
    const sim = await lab.addDevice({ emulator: true, state: 'offline' });
    const result = await lab.adb('-s', sim.serial, 'shell', 'true');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /offline/);
    sim.setState('device');
    await lab.waitForState(sim.serial, 'device');
    assert.equal((await lab.adb('-s', sim.serial, 'shell', 'exit 2')).code, 2);
  });
});

describe('the only emulator', () => {
  it('answers `adb emu avd name` and stops on `adb emu kill` without -s', async () => {
    const lab = await createLab();
    try {
      await writeFile(join(lab.home, '.emulator_console_auth_token'), '');
      const sim = await lab.addDevice({ emulator: true, avdName: 'Only_One' });
      assert.equal((await lab.adb('emu', 'avd', 'name')).stdout, 'Only_One\r\nOK\r\n');
      assert.equal((await lab.adb('emu', 'kill')).code, 0);
      await sim.stopped;
      await lab.waitForState(sim.serial, 'gone');
    } finally {
      await lab.close();
    }
  });
});
