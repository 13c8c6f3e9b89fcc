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
  /** The device's own words (the first line that says what went wrong), or the exit status. */
  readonly said: string;
}

const INJECTION_DENIED = /INJECT_EVENTS permission/;
/** Lines a device tool prints when it failed, whatever its exit status. */
const ERROR_LINE =
  /^(?:Error[: ].*|.*Exception\b.*|.*: not found|.*: inaccessible or not found|Unknown (?:command|input method).*|No shell command implementation.*|.*Can't find service.*|Failure \[.*|Security exception.*|Permission Denial.*)$/im;

/**
 * The refusal in a command's output and status, or undefined when it did what it was asked. `status` -1 (no
 * sentinel came back) says nothing by itself.
 */
export function deviceRefusal(output: string, status: number): DeviceRefusal | undefined {
  const error = ERROR_LINE.exec(output)?.[0]?.trim();
  const denied = INJECTION_DENIED.test(output);
  if (!denied && error === undefined && (status === 0 || status === -1)) return undefined;
  const securityLine = /^.*SecurityException.*$/m.exec(output)?.[0]?.trim();
  const said = (denied ? securityLine : undefined) ?? error ?? `exit status ${status}`;
  return { injectionDenied: denied, said: said.slice(0, 300) };
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
