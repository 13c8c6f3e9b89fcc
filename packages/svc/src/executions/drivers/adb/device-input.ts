// Everything the adb driver sends with `input`, in one place: taps, swipes, key events and text, the key codes it
// uses, and how it reads whether the device took them. Every `input` line's outcome is read: a phone that refuses
// injected input fails the step with INPUT_INJECTION_DENIED (device-outcome.ts), a shell that ended before the exit
// status came back with DEVICE_SHELL_UNAVAILABLE, any other error with the step's own failure code, and never counts
// as done.
import { quoteShellArg } from '../../../contracts/dispatch.ts';
import type { DeviceShell, ShellResult } from '../../../device-shell/device-shell.ts';
import { deviceRefusal, injectionDeniedMessage, outcomeUnknownMessage } from './device-outcome.ts';
import { StepFailure } from './step.ts';

/** Key codes the driver sends (KeyEvent.java). */
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
  longPress: (x: number, y: number) => `input swipe ${x} ${y} ${x} ${y} ${LONG_PRESS_MS}`,
  swipe: (x1: number, y1: number, x2: number, y2: number, ms: number) => `input swipe ${x1} ${y1} ${x2} ${y2} ${ms}`,
  keys: (codes: readonly number[]) => `input keyevent ${codes.join(' ')}`,
  /** `text` as `input text` takes it: quoted once for the device's sh, never twice (openatx/adbutils#197). */
  text: (text: string) => `input text ${quoteShellArg(text)}`,
};

/**
 * Throws the step's failure when the device refused an `input` line: INPUT_INJECTION_DENIED when the phone does
 * not let adb inject input, else `failure` (GESTURE_FAILED, TEXT_ENTRY_FAILED, ...). `what` names the input in
 * the message ("tap", "key BACK").
 */
export function checkInput(result: ShellResult, failure: string, what: string): void {
  const refused = deviceRefusal(result.output, result.status);
  if (refused === undefined) return;
  if (refused.outcomeUnknown) {
    // Not retried: a tap or key that did reach the phone would be sent twice.
    throw new StepFailure('DEVICE_SHELL_UNAVAILABLE', outcomeUnknownMessage(what));
  }
  if (refused.injectionDenied) {
    throw new StepFailure('INPUT_INJECTION_DENIED', injectionDeniedMessage(what, refused.said));
  }
  throw new StepFailure(failure, `the device refused the ${what}: ${refused.said}`);
}

/** Runs one `input` line and reads its outcome (checkInput). */
export async function sendInput(shell: DeviceShell, line: string, failure: string, what: string): Promise<void> {
  checkInput(await shell.run(line), failure, what);
}
