// Whether a device command did what it was asked, read from what it printed and its exit status: a device's error
// text is an error, never a success. Commands that report a refusal only in words (`am` prints `Error: ...` with
// exit 0 on some builds: kaeawc/auto-mobile#5254; `cmd` prints "No shell command implementation.") are judged by
// their words as well as their status (and `cmd` says "Can't find service: <name>" while a system service is not
// running).
//
// One refusal has its own code: phones that do not let adb inject input. Xiaomi, Redmi, POCO and HONOR phones
// without the developer option "USB debugging (Security settings)" answer every `input` with a SecurityException
// naming the INJECT_EVENTS permission and inject nothing (Genymobile/scrcpy#1865 and its FAQ,
// openatx/uiautomator2#520, senzhk/ADBKeyBoard#78): "Injecting to another application requires INJECT_EVENTS
// permission" up to Android 11, "Injecting input events requires the caller (...) to have the INJECT_EVENTS
// permission." since Android 12 (termux/termux-app#3583).

export interface DeviceRefusal {
  /** The phone refused to inject input (INPUT_INJECTION_DENIED). */
  readonly injectionDenied: boolean;
  /**
   * The device never said how the command ended: the shell closed before the exit status came back (a cable
   * pulled, adbd restarted; below API 24 the read just ends). Whether it ran is unknown: never a success.
   */
  readonly outcomeUnknown: boolean;
  /** The device's own words (the first line that says what went wrong), or the exit status. */
  readonly said: string;
}

const INJECTION_DENIED = /INJECT_EVENTS permission/;
/** Lines a device tool prints when it failed, whatever its exit status. */
const ERROR_LINE =
  /^(?:Error[: ].*|.*Exception\b.*|.*: not found|.*: inaccessible or not found|Unknown (?:command|input method).*|No shell command implementation.*|.*Can't find service.*|Failure \[.*|Security exception.*|Permission Denial.*|Killed\b.*)$/im;
/** What a system service's shell command prints before the exception's trace (BasicShellCommandHandler.exec). */
const EXCEPTION_HEADER = /^Exception occurred while executing\b.*$/m;

/** What is known when the shell ended before the command's exit status came back. */
const OUTCOME_UNKNOWN = "the shell ended before the command's exit status came back";

/** What the user reads when the device never said whether `what` ran ("tap", "am start"). */
export function outcomeUnknownMessage(what: string): string {
  return `the device did not say whether the ${what} ran: ${OUTCOME_UNKNOWN} (the connection dropped or adbd restarted)`;
}

/**
 * The refusal in a command's output and status, or undefined when it did what it was asked. `status` -1 (no
 * sentinel came back) is an unknown outcome, never a success: the device's error text if it printed one, else
 * `outcomeUnknown`.
 */
export function deviceRefusal(output: string, status: number): DeviceRefusal | undefined {
  const error = ERROR_LINE.exec(output)?.[0]?.trim();
  const denied = INJECTION_DENIED.test(output);
  if (!denied && error === undefined && status === 0) return undefined;
  const unknown = !denied && error === undefined && status === -1;
  const securityLine = /^.*SecurityException.*$/m.exec(output)?.[0]?.trim();
  const said =
    (denied ? securityLine : undefined) ??
    exceptionWords(output) ??
    error ??
    (unknown ? OUTCOME_UNKNOWN : `exit status ${status}`);
  return { injectionDenied: denied, outcomeUnknown: unknown, said: said.slice(0, 300) };
}

/** "Exception occurred while executing 'x':" says little alone: the exception's own line follows it. */
function exceptionWords(output: string): string | undefined {
  const header = EXCEPTION_HEADER.exec(output);
  if (header === null) return undefined;
  const next = output
    .slice(header.index + header[0].length)
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return next === undefined || next.startsWith('at ') ? header[0].trim() : `${header[0].trim()} ${next}`;
}

/** What to tell the user when the phone refused to inject input. */
export function injectionDeniedMessage(what: string, said: string): string {
  return `the phone refused the ${what} injected over adb (${said})`;
}

/**
 * The line saying the package manager does not run, or undefined: `cmd` and `pm` answer "cmd: Can't find service:
 * package" while the system has not finished starting (docker-android-sdk/android-30#6, evdenis/adb_root#6). That
 * is the device failing, never an app missing.
 */
export function packageServiceDown(output: string): string | undefined {
  return /^.*Can't find service: package.*$/m.exec(output)?.[0]?.trim();
}
