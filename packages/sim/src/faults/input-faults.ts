// `input` refused by the phone: Xiaomi, Redmi, POCO and HONOR phones let adb inject input only with the developer
// option "USB debugging (Security settings)" on; without it every `input` fails with a SecurityException and
// injects nothing (Genymobile/scrcpy#1865 and its FAQ, openatx/uiautomator2#520, senzhk/ADBKeyBoard#78). The text
// follows the API level, as the `input` command moved and InputManagerService's message changed:
// - before Android 11 (API 30) `input` is a Java tool whose BaseCommand.run prints the stack trace and exits 1;
//   InputManagerService says "Injecting to another application requires INJECT_EVENTS permission" (the trace of
//   DeviceFarmer/STFService.apk#144, Android 10);
// - from API 30 `input` runs in the system server as a shell command: "Exception occurred while executing '<cmd>':"
//   and exit 255 (BasicShellCommandHandler);
// - from API 31 the message is "Injecting input events requires the caller (or the source of the instrumentation,
//   if any) to have the INJECT_EVENTS permission." (termux/termux-app#3583, Genymobile/scrcpy#5032).
import type { FaultControl } from '../faults.ts';

export function injectionDenied(faults: FaultControl): boolean {
  return faults.hit('input_inject_denied');
}

const OLD_MESSAGE = 'Injecting to another application requires INJECT_EVENTS permission';
const NEW_MESSAGE =
  'Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.';

/** What `input <command>` prints on stderr when the phone refuses the injection, and its exit status. */
export function injectionDeniedOutput(apiLevel: number, command: string): { stderr: string; status: number } {
  if (apiLevel < 30) {
    return {
      stderr:
        `java.lang.SecurityException: ${OLD_MESSAGE}\n` +
        '\tat android.os.Parcel.createException(Parcel.java:2075)\n' +
        '\tat android.os.Parcel.readException(Parcel.java:2043)\n' +
        '\tat android.os.Parcel.readException(Parcel.java:1991)\n' +
        '\tat android.hardware.input.IInputManager$Stub$Proxy.injectInputEvent(IInputManager.java:925)\n' +
        '\tat android.hardware.input.InputManager.injectInputEvent(InputManager.java:886)\n' +
        '\tat com.android.commands.input.Input.onRun(Input.java:108)\n' +
        '\tat com.android.internal.os.BaseCommand.run(BaseCommand.java:56)\n' +
        '\tat com.android.commands.input.Input.main(Input.java:71)\n',
      status: 1,
    };
  }
  const message = apiLevel >= 31 ? NEW_MESSAGE : OLD_MESSAGE;
  return {
    stderr:
      `Exception occurred while executing '${command}':\n` +
      `java.lang.SecurityException: ${message}\n` +
      '\tat com.android.server.input.InputManagerService.injectInputEventToTarget(InputManagerService.java:900)\n' +
      '\tat android.hardware.input.InputManager.injectInputEvent(InputManager.java:1163)\n' +
      '\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:235)\n' +
      '\tat com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)\n' +
      '\tat android.os.ShellCommand.exec(ShellCommand.java:38)\n',
    status: 255,
  };
}
