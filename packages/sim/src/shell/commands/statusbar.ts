// The status bar service from the shell: `cmd statusbar expand-notifications|expand-settings|collapse` (AOSP
// services/core/java/com/android/server/statusbar/StatusBarShellCommand.java, Android 7 and later; an unknown verb
// falls to ShellCommand's default handling) and, on every release, `service call statusbar <code>`: the
// transactions of IStatusBarService in declaration order, expandNotificationsPanel = 1 and collapsePanels = 2
// (core/java/com/android/internal/statusbar/IStatusBarService.aidl). `service call` prints the reply parcel.
import type { ShellCommand } from '../../device/types.ts';

export const statusbar: ShellCommand = async (argv, io, device) => {
  const [verb] = argv;
  if (verb === 'expand-notifications' || verb === 'expand-settings') {
    device.ui.expandNotifications?.();
    return 0;
  }
  if (verb === 'collapse') {
    device.ui.collapsePanels?.();
    return 0;
  }
  await io.writeStderr(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

const EMPTY_REPLY = "Result: Parcel(00000000    '....')\n";

export const service: ShellCommand = async (argv, io, device) => {
  const [verb, name, code] = argv;
  if (verb === 'list') {
    await io.writeStdout('Found 3 services:\n0\tstatusbar: [com.android.internal.statusbar.IStatusBarService]\n');
    return 0;
  }
  if (verb === 'call' && name === 'statusbar' && (code === '1' || code === '2')) {
    if (code === '1') device.ui.expandNotifications?.();
    else device.ui.collapsePanels?.();
    await io.writeStdout(EMPTY_REPLY);
    return 0;
  }
  if (verb === 'call' && name !== undefined && name !== 'statusbar') {
    await io.writeStdout(`service: Service ${name} does not exist\n`);
    return 0;
  }
  // Any other transaction of the status bar: this simulator does not model it; the phone would answer a parcel.
  await io.writeStdout(EMPTY_REPLY);
  return 0;
};
