/// <reference path="./emailjs-utf7.d.ts" />
// Any text on a stock phone: `input text` types printable ASCII only (anything else fails with a
// NullPointerException: mobile-next/mobile-mcp#78), so text beyond it goes through an input method that takes
// modified UTF-7 (RFC 3501 5.1.3) as ASCII key events and commits the Unicode text it encodes: UnicodeIME of Appium
// Settings (npm io.appium.settings, Apache-2.0; app/src/main/java/io/appium/settings/UnicodeIME.java: `&` shifts to
// modified base64, `-` shifts back and commits the decoded text, printable ASCII outside a shift is committed as
// it is). It is installed only when the user asks (`svc keyboard install`); for one enter_text step the driver
// selects it (`ime enable`, `ime set`: appium-adb keyboard-commands), types, reads the field back, and selects the
// user's own keyboard again (`settings get secure default_input_method` before), even when the step fails.
// Why this input method and not the clipboard or ADBKeyBoard: docs/decisions.md.
import { imapEncode } from 'emailjs-utf7';
import { quoteShellArg } from '../../../contracts/dispatch.ts';
import { deviceRefusal } from '../../../device-shell/device-outcome.ts';
import type { DeviceShell } from '../../../device-shell/device-shell.ts';
import { UNICODE_IME } from '../../../device-shell/unicode-keyboard-app.ts';
import { StepFailure } from './step.ts';

/** One line of text as the Unicode keyboard takes it: modified UTF-7, all printable ASCII (`&` itself is `&-`). */
export function unicodeKeyboardText(line: string): string {
  return imapEncode(line);
}

/**
 * What `ime set` prints once it selected the Unicode keyboard ("Input method <id> selected for user #0", the
 * input method manager's shell command). A refusal says "Unknown input method <id> cannot be selected for
 * user #0" (alexal1/Insomniac#333): it contains "selected" too, and must not read as selected whatever the status.
 */
const SELECTED = `Input method ${UNICODE_IME} selected`;

/**
 * Selects the Unicode keyboard for typing; returns the input method to select again afterwards (the user's own).
 * One round trip: the current one (the first line), then enable and select it.
 */
export async function selectUnicodeKeyboard(shell: DeviceShell): Promise<string> {
  const out = await shell.run(
    `settings get secure default_input_method; ime enable ${UNICODE_IME}; ime set ${UNICODE_IME}`,
  );
  const [first = '', ...rest] = out.output.split('\n');
  const previous = first.trim();
  const answer = rest.join('\n');
  const refused = deviceRefusal(answer, out.status);
  if (refused !== undefined || !answer.split('\n').some((line) => line.trim().startsWith(SELECTED))) {
    throw new StepFailure(
      'TEXT_ENTRY_FAILED',
      `the Unicode keyboard could not be selected (${refused?.said ?? answer.trim().slice(0, 200)})`,
    );
  }
  // The Unicode keyboard is never the user's: it was left selected (an earlier restore the phone refused), so the
  // user's is the first other enabled one.
  if (previous === UNICODE_IME) return otherEnabledKeyboard(shell);
  return previous;
}

async function otherEnabledKeyboard(shell: DeviceShell): Promise<string> {
  const enabled = await shell.read('ime list -s');
  return (
    enabled
      .split('\n')
      .map((line) => line.trim())
      .find((id) => /^[\w.]+\/[\w.$]+$/.test(id) && id !== UNICODE_IME) ?? ''
  );
}

/**
 * Selects `previous` again (the user's keyboard); a device that had none set keeps the Unicode one. Throws
 * TEXT_ENTRY_FAILED when the phone refuses ("Unknown input method <id> cannot be selected for user #0":
 * alexal1/Insomniac#333, an id whose app is gone): the phone is then left on the Unicode keyboard, which shows no
 * on-screen keyboard, and the user must hear of it.
 */
export async function restoreKeyboard(shell: DeviceShell, previous: string): Promise<void> {
  if (previous === '' || previous === 'null' || previous === UNICODE_IME) return;
  const out = await shell.run(`ime set ${quoteShellArg(previous)}`);
  const refused = deviceRefusal(out.output, out.status);
  if (
    refused === undefined &&
    out.output.split('\n').some((l) => l.trim().startsWith(`Input method ${previous} selected`))
  ) {
    return;
  }
  const said = refused?.said ?? (out.output.trim().slice(0, 200) || `exit status ${out.status}`);
  throw new StepFailure(
    'TEXT_ENTRY_FAILED',
    `your keyboard ${previous} could not be selected again (${said}): the phone is left on the Unicode keyboard ` +
      `${UNICODE_IME}, which shows no on-screen keyboard; pick yours in the phone's keyboard settings or with ` +
      `\`adb shell ime set <id>\` (\`adb shell ime list -s\` lists them)`,
    { data: { keyboard_left_selected: UNICODE_IME, keyboard_not_restored: previous } },
  );
}

/**
 * Runs `typing` with the Unicode keyboard selected and selects the user's own again after, whatever became of it.
 * A refused restore fails a step that typed; a step that had already failed keeps its own failure, the refused
 * restore added to its message and data.
 */
export async function withUnicodeKeyboard<T>(shell: DeviceShell, typing: () => Promise<T>): Promise<T> {
  const previous = await selectUnicodeKeyboard(shell);
  let result: T;
  try {
    result = await typing();
  } catch (error) {
    const restoreFailure = await restoreKeyboard(shell, previous).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    if (!(restoreFailure instanceof StepFailure) || !(error instanceof StepFailure)) throw error;
    throw new StepFailure(error.code, `${error.message}; and ${restoreFailure.message}`, {
      retryable: error.retryable,
      data: { ...error.data, ...restoreFailure.data },
    });
  }
  await restoreKeyboard(shell, previous);
  return result;
}
