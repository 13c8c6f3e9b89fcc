// Everything the adb driver sends with `input`, in one place: taps, swipes, key events and text, the key codes it
// uses, and how it reads whether the device took them. Every `input` line's outcome is read: a phone that refuses
// injected input fails the step with INPUT_INJECTION_DENIED (device-outcome.ts), a shell that ended before the exit
// status came back with DEVICE_SHELL_UNAVAILABLE, any other error with the step's own failure code, and never counts
// as done.

import { outcomeUnknownMessage } from '../../../device-shell/device-outcome.ts';
import type { DeviceShell, ShellResult } from '../../../device-shell/device-shell.ts';
import { inputRefusal } from '../../../device-shell/input-line.ts';
import { StepFailure } from './step.ts';

/**
 * Throws the step's failure when the device refused an `input` line: INPUT_INJECTION_DENIED when the phone does
 * not let adb inject input, else `failure` (GESTURE_FAILED, TEXT_ENTRY_FAILED, ...). `what` names the input in
 * the message ("tap", "key BACK").
 */
export function checkInput(result: ShellResult, failure: string, what: string): void {
  const refused = inputRefusal(result, what);
  if (refused !== undefined) throw new StepFailure(refused.code ?? failure, refused.message);
}

/** Runs one `input` line and reads its outcome (checkInput). */
export async function sendInput(shell: DeviceShell, line: string, failure: string, what: string): Promise<void> {
  checkInput(await shell.run(line), failure, what);
}

/**
 * Throws DEVICE_SHELL_UNAVAILABLE when the shell ended before `result`'s exit status came back: whatever the command
 * printed so far, it did not say how it ended. `retryable` when running it again is harmless (a read, a start).
 */
export function requireOutcome(result: ShellResult, what: string, retryable: boolean): void {
  if (result.status === -1)
    throw new StepFailure('DEVICE_SHELL_UNAVAILABLE', outcomeUnknownMessage(what), { retryable });
}
