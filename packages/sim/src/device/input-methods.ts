// Input methods (keyboards) of the simulated phone: the system keyboard, and those of installed apps (a service
// holding BIND_INPUT_METHOD: real-apk.ts). `ime list|enable|set` and `settings … default_input_method` choose one
// (shell/commands/ime.ts); what the selected one does with the keys `input text` sends is modelled here for the one
// app svc uses, Appium Settings' UnicodeIME (npm io.appium.settings, app/src/main/java/io/appium/settings/
// UnicodeIME.java): outside a shift it commits printable ASCII as it comes; `&` shifts to modified base64, `-`
// shifts back and commits the text the segment encodes, decoded as Java's "x-IMAP-mailbox-name" charset does
// (modified UTF-7, RFC 3501 5.1.3: `&-` is `&`, base64 with `,` for `/`, UTF-16BE). It shows no input view
// (its onEvaluateInputViewShown answers false).
import type { DeviceApi } from './types.ts';

export const SYSTEM_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';
export const UNICODE_IME = 'io.appium.settings/.UnicodeIME';
const ENABLED = 'enabled_input_methods';
const SELECTED = 'default_input_method';

/** Every input method installed, the system's first. */
export function availableImes(device: DeviceApi): string[] {
  const installed = [...device.packages.values()].flatMap((p) => p.inputMethods ?? []);
  return [SYSTEM_IME, ...installed];
}

/** The enabled ones, as the setting lists them (`id;subtype;…:id2`). */
export function enabledImes(device: DeviceApi): string[] {
  const value = device.settings.secure.get(ENABLED) ?? SYSTEM_IME;
  return value
    .split(':')
    .map((entry) => entry.split(';')[0] ?? '')
    .filter((id) => id !== '' && availableImes(device).includes(id));
}

export function setEnabled(device: DeviceApi, id: string, enabled: boolean): void {
  const next = enabledImes(device).filter((other) => other !== id);
  if (enabled) next.push(id);
  device.settings.secure.set(ENABLED, next.join(':'));
}

export function selectedIme(device: DeviceApi): string {
  return device.settings.secure.get(SELECTED) ?? SYSTEM_IME;
}

const shifts = new WeakMap<DeviceApi, { segment: string } | undefined>();

export function selectIme(device: DeviceApi, id: string): void {
  device.settings.secure.set(SELECTED, id);
  shifts.delete(device);
}

/** The selected keyboard draws a view over the screen (UnicodeIME draws none). */
export function imeHasView(device: DeviceApi): boolean {
  return !(selectedIme(device) === UNICODE_IME && device.packages.get('io.appium.settings')?.inputMethods);
}

function decodeModifiedUtf7(segment: string): string | undefined {
  const inner = segment.slice(1, -1);
  if (inner === '') return '&';
  if (!/^[A-Za-z0-9+,]+$/.test(inner)) return undefined;
  const bytes = Buffer.from(inner.replaceAll(',', '/'), 'base64');
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return out;
}

/** What the selected input method commits for the characters `input text` types. */
export function commitThroughIme(device: DeviceApi, text: string): string {
  if (selectedIme(device) !== UNICODE_IME || !device.packages.get('io.appium.settings')?.inputMethods) return text;
  let state = shifts.get(device);
  let out = '';
  for (const ch of text) {
    if (state === undefined) {
      if (ch === '&') state = { segment: '&' };
      else out += ch; // printable ASCII is committed; other keys reach the app as they are
      continue;
    }
    state.segment += ch;
    if (ch === '-') {
      // An undecodable segment is committed as it was typed (UnicodeIME.decodeUtf7 catches the coding error).
      out += decodeModifiedUtf7(state.segment) ?? state.segment;
      state = undefined;
    }
  }
  shifts.set(device, state);
  return out;
}
