// What Android leaves behind when an app crashes or stops answering, so tools can find it as on a phone:
// - a crash: RuntimeInit's uncaught-exception handler logs `FATAL EXCEPTION: <thread>` / `Process: <name>, PID: <pid>`
//   / the stack trace under the tag AndroidRuntime into the crash buffer (AOSP core/java/com/android/internal/os/
//   RuntimeInit.java), and ActivityManagerService files a `data_app_crash` dropbox entry (addErrorToDropBox: the
//   `Process:`, `PID:`, `Flags:`, `Package:` header lines, a blank line, then the stack trace);
// - an ANR: ActivityManager logs `ANR in <process> (<component>)`, `PID:`, `Reason:` and files `data_app_anr`.
// The process dies in both cases.
import { addDropBoxEntry } from './dropbox.ts';
import { appPid } from './process-table.ts';
import type { DeviceApi } from './types.ts';

export interface AppCrash {
  package: string;
  /** The exception line, e.g. `java.lang.IllegalStateException: boom`. */
  exception?: string;
  /** Stack frames without the leading tab, e.g. `com.example.Main.onClick(Main.java:42)`. */
  frames?: string[];
  thread?: string;
}

export interface AppAnr {
  package: string;
  reason?: string;
}

function header(device: DeviceApi, pkg: string, pid: number): string {
  const info = device.packages.get(pkg);
  const version = info ? ` v${info.versionCode} (${info.versionName})` : '';
  return `Process: ${pkg}\nPID: ${pid}\nFlags: 0x38c83e44\nPackage: ${pkg}${version}\nForeground: Yes\n`;
}

export function reportAppCrash(device: DeviceApi, crash: AppCrash): void {
  const pid = appPid(crash.package);
  const exception = crash.exception ?? 'java.lang.RuntimeException: simulated crash';
  const frames = crash.frames ?? [`${crash.package}.MainActivity.onClick(MainActivity.java:42)`];
  const lines = [
    `FATAL EXCEPTION: ${crash.thread ?? 'main'}`,
    `Process: ${crash.package}, PID: ${pid}`,
    exception,
    ...frames.map((frame) => `\tat ${frame}`),
  ];
  for (const message of lines) {
    device.log.write({ pid, tid: pid, priority: 'E', tag: 'AndroidRuntime', message, buffer: 'crash' });
  }
  device.log.write({ pid, tid: pid, priority: 'I', tag: 'Process', message: `Sending signal. PID: ${pid} SIG: 9` });
  addDropBoxEntry(
    device,
    'data_app_crash',
    `${header(device, crash.package, pid)}\n${exception}\n${frames.map((f) => `\tat ${f}\n`).join('')}`,
  );
  device.ui.forceStop(crash.package);
}

export function reportAppAnr(device: DeviceApi, anr: AppAnr): void {
  const pid = appPid(anr.package);
  const activity = device.packages.get(anr.package)?.launcherActivity ?? `${anr.package}/.MainActivity`;
  const reason =
    anr.reason ?? `Input dispatching timed out (${activity} is not responding. Waited 5001ms for MotionEvent)`;
  for (const message of [`ANR in ${anr.package} (${activity})`, `PID: ${pid}`, `Reason: ${reason}`]) {
    device.log.write({ pid: 1000, tid: 1100, priority: 'E', tag: 'ActivityManager', message, buffer: 'system' });
  }
  addDropBoxEntry(
    device,
    'data_app_anr',
    `${header(device, anr.package, pid)}Subject: ${reason}\n\n----- pid ${pid} at ${new Date(device.now()).toISOString()} -----\nCmd line: ${anr.package}\n`,
  );
  device.ui.forceStop(anr.package);
}
