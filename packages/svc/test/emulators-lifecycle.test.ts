// Emulator lifecycle end to end: the SDK stand-ins boot simulated devices that register with a private adb
// server as emulator-<port>, and svc drives them through real adb.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFakeSdk, type FakeSdk } from 'svc-sim/sdk';
import { createLab, type Lab } from 'svc-sim/testing';
import { SvcError } from '../src/contracts/errors.ts';
import { createAvd } from '../src/emulators/create-avd.ts';
import { deleteAvd } from '../src/emulators/delete-avd.ts';
import { createEmulatorDeps, type EmulatorDeps } from '../src/emulators/deps.ts';
import { listAvds, listRunningWithSupport } from '../src/emulators/list-avds.ts';
import { provisionEmulator } from '../src/emulators/provision-emulator.ts';
import { startEmulator } from '../src/emulators/start-emulator.ts';
import { stopEmulator } from '../src/emulators/stop-emulator.ts';

const isCode = (code: string) => (error: unknown) => error instanceof SvcError && error.code === code;

describe('emulator lifecycle through real adb', () => {
  let lab: Lab;
  let dir: string;
  let sdk: FakeSdk;
  let deps: EmulatorDeps;

  before(async () => {
    lab = await createLab({ devices: [] });
    dir = await mkdtemp(join(tmpdir(), 'svc-emu-life-'));
    sdk = await createFakeSdk(join(dir, 'sdk'), { config: { bootDelayMs: 200 } });
    // Console ports outside 5554-5585: every adb server scans that range at start, so emulators there would show up
    // in the other suites' private adb servers.
    const base = 20_000 + 2 * Math.floor(Math.random() * 5000);
    const env = { ...process.env, ...lab.env, ANDROID_HOME: sdk.root, SVC_EMULATOR_PORTS: `${base}-${base + 40}` };
    deps = { ...createEmulatorDeps(env), pollMs: 50 };
  });
  after(async () => {
    for (const emulator of await listRunningWithSupport(deps).catch(() => [])) {
      await stopEmulator(deps, emulator.avdName).catch(() => {});
    }
    await sdk.killEmulators();
    await lab.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('provisions by creating and starting the supported AVD when none exists', async () => {
    const result = await provisionEmulator(deps, 60_000);
    assert.equal(result.avdName, 'svc-pixel');
    assert.equal(result.created, true);
    assert.equal(result.started, true);
    assert.equal(result.reused, false);
    assert.equal(result.booted, true);
    assert.match(result.serial, /^emulator-\d+$/);
    const adbSays = await lab.adb('-s', result.serial, 'shell', 'getprop', 'sys.boot_completed');
    assert.equal(adbSays.stdout.trim(), '1');
  });

  it('reuses the running supported emulator on the next provision', async () => {
    const result = await provisionEmulator(deps, 60_000);
    assert.deepEqual([result.created, result.started, result.reused], [false, false, true]);
  });

  it('lists the running emulator with its AVD name, boot state and support verdict', async () => {
    const running = await listRunningWithSupport(deps);
    assert.equal(running.length, 1);
    assert.equal(running[0]?.avdName, 'svc-pixel');
    assert.equal(running[0]?.booted, true);
    assert.equal(running[0]?.supported, true);
    const avds = await listAvds(deps);
    assert.equal(avds.find((avd) => avd.name === 'svc-pixel')?.running, true);
  });

  it('refuses to start an AVD that is already running with EMULATOR_ALREADY_RUNNING', async () => {
    await assert.rejects(startEmulator(deps, 'svc-pixel'), isCode('EMULATOR_ALREADY_RUNNING'));
  });

  it('refuses to delete a running AVD', async () => {
    await assert.rejects(deleteAvd(deps, 'svc-pixel'), isCode('EMULATOR_ALREADY_RUNNING'));
  });

  it('stops the emulator with emu kill and waits until adb no longer lists it', async () => {
    const result = await stopEmulator(deps, 'svc-pixel');
    assert.deepEqual(result, { avdName: 'svc-pixel', stopped: true });
    const devices = await lab.adb('devices');
    assert.doesNotMatch(devices.stdout, /emulator-/);
  });

  it('answers EMULATOR_NOT_RUNNING when stopping an AVD that is not running', async () => {
    await assert.rejects(stopEmulator(deps, 'svc-pixel'), isCode('EMULATOR_NOT_RUNNING'));
  });

  it('answers EMULATOR_NOT_FOUND for a start of an unknown AVD', async () => {
    await assert.rejects(startEmulator(deps, 'nope'), isCode('EMULATOR_NOT_FOUND'));
  });

  it('answers EMULATOR_UNSUPPORTED when starting an AVD outside the supported profile', async () => {
    await sdk.installImage('system-images;android-33;google_apis;x86_64');
    await createAvd(deps, { name: 'legacy', apiLevel: 33, abi: 'x86_64', playStore: false });
    await assert.rejects(startEmulator(deps, 'legacy'), isCode('EMULATOR_UNSUPPORTED'));
  });

  it('times out with EMULATOR_BOOT_TIMEOUT when the AVD never finishes booting', async () => {
    await sdk.configure({ neverBoot: true });
    try {
      await assert.rejects(startEmulator(deps, 'svc-pixel', 4000), isCode('EMULATOR_BOOT_TIMEOUT'));
    } finally {
      await sdk.configure({ neverBoot: false });
    }
    // The emulator that never booted was stopped again, so a retry is not refused as already running.
    assert.deepEqual(await sdk.runningEmulatorPids(), []);
    await assert.rejects(stopEmulator(deps, 'svc-pixel'), isCode('EMULATOR_NOT_RUNNING'));
  });

  it('starts an existing supported AVD on provision (started and reused, not created)', async () => {
    const result = await provisionEmulator(deps, 60_000);
    assert.deepEqual([result.created, result.started, result.reused], [false, true, true]);
    await stopEmulator(deps, result.avdName);
  });

  it('deletes a stopped AVD', async () => {
    const result = await deleteAvd(deps, 'svc-pixel');
    assert.deepEqual(result, { avdName: 'svc-pixel', deleted: true });
    await assert.rejects(deleteAvd(deps, 'svc-pixel'), isCode('EMULATOR_NOT_FOUND'));
  });
});
