// `svc emulator ...` end to end: the real CLI in a child process, the svc-sim SDK stand-ins, and a private adb server
// that the stand-in emulators register with. Every payload, every EMULATOR_* code with exit 1, the failure paths.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEmulatorLab, type EmulatorLab } from './emulators-helpers.ts';
import { runCli, runCliJson } from './run-cli.ts';

describe('svc emulator commands through real adb', () => {
  let emu: EmulatorLab;
  let serial = '';
  const svc = (args: string[], extraEnv: Record<string, string> = {}) =>
    runCliJson(args, { env: { ...emu.env, ...extraEnv } });
  const expectError = async (args: string[], code: string) => {
    const run = await svc(args);
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.json.code, code, run.stdout);
    return run.json;
  };

  before(async () => {
    emu = await createEmulatorLab();
  });
  after(() => emu.close());

  it('lists no AVDs in a fresh AVD home', async () => {
    const run = await svc(['emulator', 'list']);
    assert.equal(run.code, 0);
    assert.deepEqual({ ...run.json, sdk: undefined }, { ok: true, avds: [], sdk: undefined });
    assert.deepEqual([run.json.sdk.found, run.json.sdk.missing], [true, []]);
  });

  it('says which SDK tool is missing, with the install hint, when ANDROID_HOME has no SDK', async () => {
    const run = await svc(['emulator', 'create'], { ANDROID_HOME: emu.dir });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'ANDROID_SDK_TOOL_NOT_FOUND');
    assert.equal(run.json.details.tool, 'sdkmanager');
    assert.match(run.json.message, /cmdline-tools/);
  });

  it('reports a failing system image install with the tool output and creates nothing', async () => {
    await emu.sdk.configure({ failImageInstall: true });
    try {
      const error = await expectError(['emulator', 'create'], 'ANDROID_SDK_TOOL_FAILED');
      assert.match(error.details.stderr, /Not enough space/);
      assert.deepEqual((await svc(['emulator', 'list'])).json.avds, []);
    } finally {
      await emu.sdk.configure({ failImageInstall: false });
    }
  });

  it('creates the supported default AVD (svc-pixel) and refuses a second one of that name', async () => {
    const run = await svc(['emulator', 'create']);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.json, {
      ok: true,
      name: 'svc-pixel',
      exists: true,
      running: false,
      supported: true,
      apiLevel: 35,
      abi: 'arm64-v8a',
      playStore: true,
      deviceProfile: 'pixel_7',
      systemImage: 'system-images;android-35;google_apis_playstore;arm64-v8a',
      unsupportedReasons: [],
    });
    await expectError(['emulator', 'create', '--name', 'svc-pixel'], 'EMULATOR_ALREADY_EXISTS');
  });

  it('inspects an AVD by name and answers EMULATOR_NOT_FOUND for an unknown one', async () => {
    const run = await svc(['emulator', 'inspect', 'svc-pixel']);
    assert.equal(run.code, 0);
    assert.equal(run.json.name, 'svc-pixel');
    assert.equal(run.json.supported, true);
    const error = await expectError(['emulator', 'inspect', 'ghost'], 'EMULATOR_NOT_FOUND');
    assert.equal(error.details.name, 'ghost');
  });

  it('starts the AVD, waits for adb and boot, enables developer settings, and reports progress', async () => {
    const run = await svc(['emulator', 'start', 'svc-pixel', '--verbose']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.json.ok, true);
    assert.equal(run.json.type, 'emulator');
    assert.equal(run.json.avdName, 'svc-pixel');
    assert.equal(run.json.booted, true);
    assert.match(run.json.serial, /^emulator-\d+$/);
    serial = run.json.serial;
    assert.match(run.stderr, /\[svc emulator \d+s\] Starting svc-pixel as emulator-\d+; waiting for adb/);
    assert.match(run.stderr, /booted as emulator-/);
    const boot = await emu.lab.adb('-s', serial, 'shell', 'getprop', 'sys.boot_completed');
    assert.equal(boot.stdout.trim(), '1');
    const dev = await emu.lab.adb('-s', serial, 'shell', 'settings', 'get', 'global', 'development_settings_enabled');
    assert.equal(dev.stdout.trim(), '1');
  });

  it('shows the running emulator in status with its AVD name, boot state and support', async () => {
    const run = await svc(['emulator', 'status']);
    assert.deepEqual(run.json.devices, [
      { type: 'emulator', avdName: 'svc-pixel', serial, booted: true, supported: true, unsupportedReasons: [] },
    ]);
    assert.equal(run.json.sdk.found, true);
    const listed = await svc(['emulator', 'list']);
    assert.equal(listed.json.avds[0].running, true);
  });

  it('refuses to start a running AVD or delete it (EMULATOR_ALREADY_RUNNING)', async () => {
    const start = await expectError(['emulator', 'start', 'svc-pixel'], 'EMULATOR_ALREADY_RUNNING');
    assert.equal(start.details.serial, serial);
    await expectError(['emulator', 'delete', 'svc-pixel'], 'EMULATOR_ALREADY_RUNNING');
  });

  it('reuses the running supported emulator on `provision emulator` (the alias)', async () => {
    const run = await svc(['provision', 'emulator']);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.json, {
      ok: true,
      type: 'emulator',
      avdName: 'svc-pixel',
      serial,
      booted: true,
      created: false,
      started: false,
      reused: true,
    });
  });

  it('stops it with emu kill until adb no longer lists it, then answers EMULATOR_NOT_RUNNING', async () => {
    const run = await svc(['emulator', 'stop', 'svc-pixel']);
    assert.deepEqual(run.json, { ok: true, avdName: 'svc-pixel', stopped: true });
    assert.deepEqual(await emu.emulatorSerials(), []);
    await expectError(['emulator', 'stop', 'svc-pixel'], 'EMULATOR_NOT_RUNNING');
  });

  it('gives up at --timeout-ms with EMULATOR_BOOT_TIMEOUT and stops the emulator it started', async () => {
    await emu.sdk.configure({ neverBoot: true });
    try {
      const error = await expectError(
        ['emulator', 'start', 'svc-pixel', '--timeout-ms', '4000'],
        'EMULATOR_BOOT_TIMEOUT',
      );
      // Normally 'boot completion'; on a starved machine the deadline can already pass during adb registration.
      assert.ok(['boot completion', 'adb registration'].includes(error.details.step), error.details.step);
      assert.equal(error.details.stopped, true);
    } finally {
      await emu.sdk.configure({ neverBoot: false });
    }
    assert.deepEqual(await emu.sdk.runningEmulatorPids(), []);
    assert.deepEqual((await svc(['emulator', 'status'])).json.devices, []);
  });

  it('reports an emulator that exits before registering with its own message', async () => {
    await emu.sdk.configure({ failStart: true });
    try {
      const error = await expectError(['emulator', 'start', 'svc-pixel'], 'ANDROID_SDK_TOOL_FAILED');
      assert.match(error.message, /CPU Architecture 'arm64' is not supported/);
      assert.equal(error.details.exitCode, 1);
    } finally {
      await emu.sdk.configure({ failStart: false });
    }
  });

  it('starts the existing supported AVD on provision (started and reused, not created)', async () => {
    const run = await svc(['emulator', 'provision']);
    assert.deepEqual([run.json.created, run.json.started, run.json.reused, run.json.booted], [false, true, true, true]);
    // Not a terminal and no --verbose: no progress lines.
    assert.doesNotMatch(run.stderr, /\[svc emulator/);
    assert.equal((await svc(['emulator', 'stop', 'svc-pixel'])).json.stopped, true);
  });

  it('creates an unsupported AVD on request, says why, and refuses to start it (EMULATOR_UNSUPPORTED)', async () => {
    const created = await svc([
      'emulator',
      'create',
      '--name',
      'legacy',
      '--api-level',
      '33',
      '--abi',
      'x86_64',
      '--no-play-store',
    ]);
    assert.equal(created.code, 0, created.stdout);
    assert.equal(created.json.supported, false);
    assert.deepEqual(created.json.unsupportedReasons, [
      'API_LEVEL_MISMATCH',
      'ABI_MISMATCH',
      'PLAY_STORE_DISABLED',
      'SYSTEM_IMAGE_MISMATCH',
    ]);
    const error = await expectError(['emulator', 'start', 'legacy'], 'EMULATOR_UNSUPPORTED');
    assert.deepEqual(error.details.unsupportedReasons, created.json.unsupportedReasons);
  });

  it('rejects bad create flags and AVD names before touching any tool', async () => {
    const api = await expectError(['emulator', 'create', '--api-level', '35x'], 'EXECUTION_VALIDATION_FAILED');
    assert.equal(api.details.path, 'apiLevel');
    const name = await expectError(['emulator', 'inspect', '../../etc'], 'EXECUTION_VALIDATION_FAILED');
    assert.equal(name.details.path, 'name');
    await expectError(['emulator', 'create', '--name', 'a', '--name', 'b'], 'CLI_USAGE_ERROR');
    await expectError(['emulator', 'start'], 'CLI_USAGE_ERROR');
  });

  it('prints a readable table with --output pretty', async () => {
    const run = await runCli(['emulator', 'list', '--output', 'pretty'], { env: emu.env });
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^NAME\s+SUPPORTED\s+RUNNING/m);
    assert.match(run.stdout, /^legacy\s+no\s+no\s+33/m);
    assert.match(run.stdout, /^svc-pixel\s+yes\s+no\s+35/m);
  });

  it('deletes stopped AVDs, then provisions from nothing by creating and starting svc-pixel', async () => {
    assert.deepEqual((await svc(['emulator', 'delete', 'svc-pixel'])).json, {
      ok: true,
      avdName: 'svc-pixel',
      deleted: true,
    });
    await expectError(['emulator', 'delete', 'svc-pixel'], 'EMULATOR_NOT_FOUND');
    const run = await svc(['emulator', 'provision']);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(
      [run.json.avdName, run.json.created, run.json.started, run.json.reused],
      ['svc-pixel', true, true, false],
    );
    assert.equal((await svc(['emulator', 'stop', 'svc-pixel'])).json.stopped, true);
    assert.deepEqual(await emu.sdk.runningEmulatorPids(), []);
  });
});
