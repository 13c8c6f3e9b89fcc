// readiness.adb.unicode_keyboard (advisory): can the adb driver type any text on this device? Without the operator
// app, text beyond printable ASCII goes through svc's Unicode keyboard (Appium Settings' UnicodeIME), which the
// user installs once with `svc keyboard install`; this check says whether it is there and names that command (which
// `--fix` runs). It never changes criticalOk: ASCII typing works without it.
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { INSTALL_COMMAND, UNICODE_IME, unicodeKeyboardInstalled } from '../../device-shell/unicode-keyboard-app.ts';
import { fix, svcStep } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

export const UNICODE_KEYBOARD_CHECK = 'readiness.adb.unicode_keyboard';

export async function checkUnicodeKeyboard(ctx: SvcContext, serial: string): Promise<CheckResult> {
  const id = UNICODE_KEYBOARD_CHECK;
  if (await unicodeKeyboardInstalled(new DeviceShell(ctx, serial))) {
    return {
      id,
      status: 'pass',
      summary: "svc's Unicode keyboard is installed: the adb driver types any text",
      evidence: { inputMethod: UNICODE_IME },
    };
  }
  return {
    id,
    status: 'warn',
    code: 'UNICODE_KEYBOARD_MISSING',
    summary: "without svc's Unicode keyboard the adb driver types printable ASCII only",
    detail:
      `Text with accents, CJK or emoji needs it; run \`${INSTALL_COMMAND}\` once (Appium Settings, Apache-2.0: ` +
      'selected only while svc types, your keyboard selected again after).',
    fix: fix("Install svc's Unicode keyboard", [svcStep(['keyboard', 'install', '--device', serial])]),
    evidence: { inputMethod: UNICODE_IME, installed: false },
  };
}
