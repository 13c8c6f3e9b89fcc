// Where AVDs live, with the precedence the Android tools use: ANDROID_AVD_HOME, then
// $ANDROID_USER_HOME/avd, then ~/.android/avd.
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export function avdHome(env: Env): string {
  const nonBlank = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);
  const explicit = nonBlank(env.ANDROID_AVD_HOME);
  if (explicit) return explicit;
  const userHome = nonBlank(env.ANDROID_USER_HOME);
  if (userHome) return join(userHome, 'avd');
  return join(nonBlank(env.HOME) ?? homedir(), '.android', 'avd');
}
