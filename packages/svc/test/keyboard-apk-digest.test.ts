// Issue 36: the bundled keyboard APK (Appium Settings) was installed without checking that it is the one svc ships.
// Its SHA-256 is recorded with svc (keyboard-apk.ts; the build refuses other bytes), and `keyboard install` compares
// the file's bytes with it before anything reaches the phone. Real adb against a simulated Android 15.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { SvcError } from '../src/contracts/errors.ts';
import { createContext } from '../src/core/context.ts';
import { runKeyboardInstall } from '../src/toolbox/tools/keyboard.ts';
import { isShippedApk, KEYBOARD_APKS, keyboardApkFor } from '../src/toolbox/tools/keyboard-apk.ts';

describe('the bundled keyboard APK', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  it('is, for every API level svc serves, the APK whose SHA-256 svc recorded', () => {
    for (const { minSdk } of KEYBOARD_APKS) {
      const apk = keyboardApkFor(minSdk);
      assert.ok(apk, `an APK for API ${minSdk}`);
      assert.ok(isShippedApk(apk, readFileSync(apk.path)), apk.path);
    }
  });

  it('is refused when its bytes changed: nothing is pushed or installed', async () => {
    const sim = lab.devices[0];
    assert.ok(sim);
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    const real = ctx.files.readBytes.bind(ctx.files);
    ctx.files.readBytes = async (path) => {
      const bytes = await real(path);
      if (bytes === undefined) return bytes;
      const changed = new Uint8Array(bytes);
      changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 0xff;
      return changed;
    };
    const before = sim.device.commandLog.length;
    try {
      await assert.rejects(
        runKeyboardInstall({ ctx, serial: sim.serial, params: {}, cwd: lab.home, progress: () => {} }),
        (error: unknown) => error instanceof SvcError && error.code === 'UNICODE_KEYBOARD_UNAVAILABLE',
      );
    } finally {
      await ctx.close();
    }
    const commands = sim.device.commandLog.slice(before).map((c) => JSON.stringify(c));
    assert.ok(!commands.some((c) => /pm install|install-create|io\.appium\.settings/.test(c)), commands.join('\n'));
    const packages = await lab.adb('-s', sim.serial, 'shell', 'pm list packages io.appium.settings');
    assert.equal(packages.stdout.trim(), '');
  });
});
