// A device command's answer, read whole: its exit status, its stderr and the words it printed. Below Android 7 adb
// gives no exit status (a missing `cmd` prints "/system/bin/sh: cmd: not found" and "succeeds"), so a device tool
// never trusts the status alone: the device's own error lines fail it too, as DEVICE_SHELL_UNAVAILABLE with the
// device's words.
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { deviceRefusal } from '../device-shell/device-outcome.ts';

/** Android release of an API level below 24, for messages about old phones. */
const RELEASES: Record<number, string> = { 21: '5.0', 22: '5.1', 23: '6.0' };

export function androidName(sdk: number): string {
  const release = RELEASES[sdk];
  return release === undefined ? `API ${sdk}` : `Android ${release} (API ${sdk})`;
}

/** The failure of `command`, in the device's words. */
export function shellRefused(serial: string, command: string, said: string, hint?: string): SvcError {
  return new SvcError(
    'DEVICE_SHELL_UNAVAILABLE',
    `The device refused \`${command}\`: ${said}`,
    { deviceId: serial, command, said },
    hint,
  );
}

/** "Exception occurred while executing 'put':" says what failed; the line after it says why. */
function withReason(output: string, said: string): string {
  if (!said.endsWith(':')) return said;
  const lines = output.split('\n').map((line) => line.trim());
  const next = lines[lines.indexOf(said) + 1];
  return next ? `${said} ${next}`.slice(0, 300) : said;
}

/**
 * Runs `command` and returns its stdout; DEVICE_SHELL_UNAVAILABLE when it exits non-zero or prints a device error
 * line (deviceRefusal). Only for commands whose normal output cannot hold such a line (not the log or a payload).
 */
export async function checkedShell(ctx: SvcContext, serial: string, command: string): Promise<string> {
  const out = await ctx.adb.shell(serial, command);
  const output = `${out.stdout}\n${out.stderr}`;
  const refused = deviceRefusal(output, out.exitCode);
  if (refused !== undefined) throw shellRefused(serial, command, withReason(output, refused.said));
  return out.stdout;
}
