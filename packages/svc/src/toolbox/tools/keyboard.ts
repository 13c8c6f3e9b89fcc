// `svc keyboard install`: the one command that lets svc type any text on a phone without the operator app. It
// installs Appium Settings (npm io.appium.settings, Apache-2.0), whose UnicodeIME takes modified UTF-7 through
// `input text`, in the build for the device's API level (keyboard-apk.ts), and enables that input method without
// selecting it: svc selects it only while it types text beyond ASCII and selects the user's keyboard again after
// (executions/drivers/adb/unicode-keyboard.ts). Installing again updates it; a device with it already is unchanged.
import type { keyboardInstall } from '../../contracts/chores/keyboard-install.ts';
import { SvcError } from '../../contracts/errors.ts';
import { deviceRefusal } from '../../device-shell/device-outcome.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { UNICODE_IME, UNICODE_KEYBOARD_PACKAGE } from '../../device-shell/unicode-keyboard-app.ts';
import type { ChoreRunner } from '../chore.ts';
import { pushAndInstall } from './install.ts';
import { isShippedApk, keyboardApkFor } from './keyboard-apk.ts';

export const runKeyboardInstall: ChoreRunner<typeof keyboardInstall> = async ({ ctx, serial, progress }) => {
  const sdk = await new DeviceShell(ctx, serial).sdk();
  const apk = keyboardApkFor(sdk);
  if (apk === undefined) {
    throw new SvcError('UNICODE_KEYBOARD_UNAVAILABLE', `svc has no Unicode keyboard for API ${sdk}.`, {
      deviceId: serial,
      sdk,
    });
  }
  const data = await ctx.files.readBytes(apk.path);
  if (data === undefined) {
    throw new SvcError('UNICODE_KEYBOARD_UNAVAILABLE', `The keyboard's APK is missing from svc (${apk.path}).`, {
      apk: apk.path,
    });
  }
  if (!isShippedApk(apk, data)) {
    throw new SvcError(
      'UNICODE_KEYBOARD_UNAVAILABLE',
      `The keyboard's APK in svc (${apk.path}) is not the one svc shipped (its SHA-256 differs); nothing was installed. Reinstall svc.`,
      { apk: apk.path, expectedSha256: apk.sha256 },
    );
  }
  await pushAndInstall(ctx, serial, data, progress, `${UNICODE_KEYBOARD_PACKAGE} ${apk.version}`);
  const enabled = await ctx.adb.shell(serial, `ime enable ${UNICODE_IME}`);
  const refused = deviceRefusal(`${enabled.stdout}\n${enabled.stderr}`, enabled.exitCode);
  if (refused !== undefined) {
    throw new SvcError('INSTALL_FAILED', `The keyboard was installed but could not be enabled: ${refused.said}`, {
      reason: refused.said,
    });
  }
  return { installed: true, package: UNICODE_KEYBOARD_PACKAGE, version: apk.version, inputMethod: UNICODE_IME };
};
