// How `cmd`-based commands report an exception thrown by the system service (stderr, exit 255).
export function javaException(command: string, type: string, message: string, service: 'pm' | 'am' = 'pm'): string {
  const pkg = type === 'SecurityException' || type === 'IllegalArgumentException' ? 'java.lang' : 'android.os';
  return (
    `Exception occurred while executing '${command}':\n` +
    `${pkg}.${type}: ${message}\n` +
    (service === 'pm'
      ? '\tat com.android.server.pm.PackageManagerShellCommand.onCommand(PackageManagerShellCommand.java:285)\n'
      : '\tat com.android.server.am.ActivityManagerShellCommand.onCommand(ActivityManagerShellCommand.java:276)\n') +
    '\tat com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)\n' +
    '\tat android.os.ShellCommand.exec(ShellCommand.java:38)\n'
  );
}
