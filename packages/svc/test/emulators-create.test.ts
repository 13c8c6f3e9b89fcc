// Creating AVDs through the SDK stand-ins of svc-sim (real processes, real files under a temp AVD home).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFakeSdk, type FakeSdk } from 'svc-sim/sdk';
import { SvcError } from '../src/contracts/errors.ts';
import { createAvd } from '../src/emulators/create-avd.ts';
import { createEmulatorDeps } from '../src/emulators/deps.ts';
import { inspectAvd } from '../src/emulators/list-avds.ts';

describe('emulator create through the SDK tools', () => {
  let dir: string;
  let sdk: FakeSdk;
  let env: Record<string, string>;
  const progress: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-emu-create-'));
    sdk = await createFakeSdk(join(dir, 'sdk'));
    // adb is pointed at a path that does not exist: nothing here may talk to adb except inspect (which tolerates it).
    env = { PATH: process.env.PATH ?? '', HOME: dir, ANDROID_HOME: sdk.root, SVC_ADB_PATH: join(dir, 'no-adb') };
  });
  after(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));

  it('installs the missing system image (accepting the licence) and creates the default supported AVD', async () => {
    const avd = await createAvd(
      createEmulatorDeps(env, (m) => progress.push(m)),
      {},
    );
    assert.equal(avd.name, 'svc-pixel');
    assert.equal(avd.supported, true, JSON.stringify(avd));
    assert.equal(avd.systemImage, 'system-images;android-35;google_apis_playstore;arm64-v8a');
    assert.ok(progress.some((line) => line.includes('Installing system image')));
    const licence = await readFile(join(sdk.root, 'licenses', 'android-sdk-license'), 'utf8');
    assert.match(licence, /[0-9a-f]{40}/);
    const config = await readFile(join(dir, '.android', 'avd', 'svc-pixel.avd', 'config.ini'), 'utf8');
    assert.match(config, /hw\.device\.name=pixel_7/);
  });

  it('refuses to create an AVD whose name exists with EMULATOR_ALREADY_EXISTS', async () => {
    await assert.rejects(createAvd(createEmulatorDeps(env), {}), (error: unknown) => {
      return error instanceof SvcError && error.code === 'EMULATOR_ALREADY_EXISTS';
    });
  });

  it('creates an unsupported AVD when asked for one, and says why it is unsupported', async () => {
    await sdk.installImage('system-images;android-33;google_apis;x86_64');
    const avd = await createAvd(createEmulatorDeps(env), {
      name: 'old',
      apiLevel: 33,
      abi: 'x86_64',
      playStore: false,
    });
    assert.equal(avd.supported, false);
    assert.deepEqual(avd.unsupportedReasons, [
      'API_LEVEL_MISMATCH',
      'ABI_MISMATCH',
      'PLAY_STORE_DISABLED',
      'SYSTEM_IMAGE_MISMATCH',
    ]);
    const inspected = await inspectAvd(createEmulatorDeps(env), 'old');
    assert.equal(inspected.running, false);
  });

  it('reports a failing image install as ANDROID_SDK_TOOL_FAILED with the tool output', async () => {
    await sdk.configure({ failImageInstall: true });
    try {
      await assert.rejects(createAvd(createEmulatorDeps(env), { name: 'x', apiLevel: 34 }), (error: unknown) => {
        assert.ok(error instanceof SvcError);
        assert.equal(error.code, 'ANDROID_SDK_TOOL_FAILED');
        assert.match(String(error.details?.stderr), /Not enough space/);
        return true;
      });
    } finally {
      await sdk.configure({ failImageInstall: false });
    }
  });

  it('rejects invalid create fields with EXECUTION_VALIDATION_FAILED naming the field', async () => {
    await assert.rejects(createAvd(createEmulatorDeps(env), { name: 'bad name; rm -rf /' }), (error: unknown) => {
      return (
        error instanceof SvcError && error.code === 'EXECUTION_VALIDATION_FAILED' && error.details?.path === 'name'
      );
    });
    await assert.rejects(createAvd(createEmulatorDeps(env), { apiLevel: '35' }), (error: unknown) => {
      return error instanceof SvcError && error.details?.path === 'apiLevel';
    });
  });

  it('says which tool is missing and how to install it when the SDK lacks avdmanager', async () => {
    const bare = await createFakeSdk(join(dir, 'bare-sdk'), { tools: ['sdkmanager'] });
    await bare.installImage('system-images;android-35;google_apis_playstore;arm64-v8a');
    await assert.rejects(
      createAvd(createEmulatorDeps({ ...env, ANDROID_HOME: bare.root }), { name: 'y' }),
      (error: unknown) => {
        assert.ok(error instanceof SvcError);
        assert.equal(error.code, 'ANDROID_SDK_TOOL_NOT_FOUND');
        assert.match(error.message, /avdmanager.*cmdline-tools/);
        return true;
      },
    );
  });
});
