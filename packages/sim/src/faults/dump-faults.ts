// How `uiautomator dump` fails on real phones, one fault each (ADB-DRIVER-NOTES of the svc repo lists the sources):
// - null root: stderr `ERROR: null root node returned by UiTestAutomationBridge.`, exit 0, no file written (an
//   older dump file stays): DumpCommand.java, dtmilano/AndroidViewClient#257;
// - not idle: after waiting for idleness (10 s on a phone), stderr `ERROR: could not get idle state.`, exit 0:
//   TencentQQGYLab/AppAgent#39;
// - crash while walking the tree: an NPE in childNafCheck kills the process; nothing on stdout or stderr (the
//   trace goes to logcat), a non-zero exit and maybe an empty file: fixed-width/glass#341;
// - another UiAutomation client (an Appium server) holds the connection: IllegalStateException "...already
//   registered!": xiaocong/uiautomator#218, appium/appium#17502;
// - killed (low memory): the shell prints `Killed`, exit 137: appium/appium-espresso-driver#641;
// - no XML: the success line, but the write failed silently (a full disk, /dev/tty without a tty):
//   appium/appium#4252, tytydraco/LADB#91.
import type { FaultControl } from '../faults.ts';

export type DumpFailure =
  | { kind: 'null_root' }
  | { kind: 'not_idle'; afterMs: number }
  | { kind: 'crash' }
  | { kind: 'already_registered' }
  | { kind: 'killed' }
  | { kind: 'no_xml' };

/** How long a phone waits for idleness before giving up (DumpCommand: waitForIdle(1000, 10000)). */
export const IDLE_TIMEOUT_MS = 10_000;

/**
 * The failure the next dump meets, if any. `dump_not_idle` stays on until cleared (its value is how long the dump
 * waits first, default 10 s); the others hit every dump (`true`) or the next n dumps (a number n).
 */
export function takeDumpFailure(faults: FaultControl): DumpFailure | undefined {
  const idle = faults.get('dump_not_idle');
  if (idle !== undefined && idle !== false) {
    return { kind: 'not_idle', afterMs: typeof idle === 'number' ? Math.max(0, idle) : IDLE_TIMEOUT_MS };
  }
  if (faults.hit('dump_null_root')) return { kind: 'null_root' };
  if (faults.hit('dump_crash')) return { kind: 'crash' };
  if (faults.hit('dump_already_registered')) return { kind: 'already_registered' };
  if (faults.hit('dump_killed')) return { kind: 'killed' };
  if (faults.hit('dump_no_xml')) return { kind: 'no_xml' };
  return undefined;
}

export const ALREADY_REGISTERED_TRACE =
  'java.lang.IllegalStateException: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@4215ba58already registered!\n' +
  '\tat android.os.Parcel.readException(Parcel.java:1439)\n' +
  '\tat android.os.Parcel.readException(Parcel.java:1385)\n' +
  '\tat android.view.accessibility.IAccessibilityManager$Stub$Proxy.registerUiTestAutomationService(IAccessibilityManager.java:494)\n' +
  '\tat android.app.UiAutomationConnection.registerUiTestAutomationServiceLocked(UiAutomationConnection.java:321)\n' +
  '\tat android.app.UiAutomationConnection.connect(UiAutomationConnection.java:85)\n' +
  '\tat android.app.UiAutomation.connect(UiAutomation.java:199)\n' +
  '\tat com.android.uiautomator.core.UiAutomationShellWrapper.connect(UiAutomationShellWrapper.java:33)\n' +
  '\tat com.android.commands.uiautomator.DumpCommand.run(DumpCommand.java:82)\n' +
  '\tat com.android.commands.uiautomator.Launcher.main(Launcher.java:83)\n';
