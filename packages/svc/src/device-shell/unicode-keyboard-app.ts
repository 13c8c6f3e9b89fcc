// svc's Unicode keyboard as an app on the device: Appium Settings (npm io.appium.settings, Apache-2.0), whose
// UnicodeIME types any text the adb driver sends as modified UTF-7 (executions/drivers/adb/unicode-keyboard.ts).
// Its names, whether a device has it, and what `input text` cannot type without it, for the driver, the
// `keyboard install` chore and the doctor alike.
import type { DeviceShell } from './device-shell.ts';

export const UNICODE_KEYBOARD_PACKAGE = 'io.appium.settings';
export const UNICODE_IME = 'io.appium.settings/.UnicodeIME';
/** The one command that installs it, as hints and doctor name it. */
export const INSTALL_COMMAND = 'svc keyboard install';
/** Lists every input method installed, enabled or not, one id per line (AOSP InputMethodManagerService). */
export const LIST_IMES = 'ime list -a -s';

/** The first character `input text` cannot type by itself (outside printable ASCII and newline), or undefined. */
export function untypable(text: string): { char: string; index: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code >= 0x20 && code <= 0x7e)) continue;
    return { char: String.fromCodePoint(text.codePointAt(i) ?? code), index: i };
  }
  return undefined;
}

/** Whether the Unicode keyboard is installed on the device (`ime list -a -s` names it). */
export async function unicodeKeyboardInstalled(shell: DeviceShell): Promise<boolean> {
  const out = await shell.read(LIST_IMES);
  return out.split('\n').some((line) => line.trim() === UNICODE_IME);
}
