// What svc sends with `input`, in one place, for the adb driver and the chores alike: taps, swipes, key
// events and text, the key codes, and how a device's answer to an `input` line is read. `input text` types
// printable ASCII only (anything else fails with `java.lang.NullPointerException: Attempt to get length of null
// array`, mobile-next/mobile-mcp#78), turns `%s` into a space, and its argument passes one shell: quoted once,
// never twice (double escaping types the backslashes: openatx/adbutils#197). A newline is the enter key.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { deviceRefusal, injectionDeniedMessage, outcomeUnknownMessage } from './device-outcome.ts';
import type { ShellResult } from './device-shell.ts';

/** Key codes svc sends (KeyEvent.java). */
export const KEYCODE = {
  HOME: 3,
  BACK: 4,
  ENTER: 66,
  DEL: 67,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_END: 123,
  APP_SWITCH: 187,
} as const;

/** A long press: a swipe that does not move, held past the long-press timeout (500 ms by default). */
export const LONG_PRESS_MS = 800;

export const inputLine = {
  tap: (x: number, y: number) => `input tap ${x} ${y}`,
  /**
   * Two taps in one shell line, so the second follows the first as fast as the device starts `input` (well within
   * the 300 ms a double tap allows between them, ViewConfiguration.DOUBLE_TAP_TIMEOUT); the second only when the
   * first was taken.
   */
  doubleTap: (x: number, y: number) => `input tap ${x} ${y} && input tap ${x} ${y}`,
  longPress: (x: number, y: number, ms: number = LONG_PRESS_MS) => `input swipe ${x} ${y} ${x} ${y} ${ms}`,
  swipe: (x1: number, y1: number, x2: number, y2: number, ms: number) => `input swipe ${x1} ${y1} ${x2} ${y2} ${ms}`,
  keys: (codes: readonly number[]) => `input keyevent ${codes.join(' ')}`,
  /** `text` as `input text` takes it: quoted once for the device's sh, never twice (openatx/adbutils#197). */
  text: (text: string) => `input text ${quoteShellArg(text)}`,
};

/**
 * The shell commands that type `text` exactly: `input text '<chunk>'` per run of text, `input keyevent 66` for each
 * newline. Spaces are sent as `%s`, which `input text` turns into spaces on every API level; a literal `%s` in the
 * text is split between two commands so the device never sees it as one token.
 */
export function typingCommands(text: string, encode: (line: string) => string = (line) => line): string[] {
  const commands: string[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (i > 0) commands.push(inputLine.keys([KEYCODE.ENTER]));
    for (const chunk of encode(line)
      .split('%s')
      .flatMap((part, j) => (j === 0 ? [part] : ['%', `s${part}`]))) {
      if (chunk !== '') commands.push(inputLine.text(chunk.replaceAll(' ', '%s')));
    }
  }
  return commands;
}

/** Why the device did not take an `input` line, in the words and code the caller fails with. */
export interface InputRefusal {
  /** INPUT_INJECTION_DENIED, DEVICE_SHELL_UNAVAILABLE (the outcome is unknown), or undefined for the caller's own. */
  readonly code: 'INPUT_INJECTION_DENIED' | 'DEVICE_SHELL_UNAVAILABLE' | undefined;
  readonly message: string;
}

/**
 * How the device answered an `input` line: undefined when it took it; else the refusal, named by `what` ("tap",
 * "key BACK"). A phone that does not let adb inject input, and a shell that ended before the exit status came back
 * (a tap that did reach the phone must not be sent twice), have codes of their own.
 */
export function inputRefusal(result: ShellResult, what: string): InputRefusal | undefined {
  const refused = deviceRefusal(result.output, result.status);
  if (refused === undefined) return undefined;
  if (refused.outcomeUnknown) return { code: 'DEVICE_SHELL_UNAVAILABLE', message: outcomeUnknownMessage(what) };
  if (refused.injectionDenied) {
    return { code: 'INPUT_INJECTION_DENIED', message: injectionDeniedMessage(what, refused.said) };
  }
  return { code: undefined, message: `the device refused the ${what}: ${refused.said}` };
}
