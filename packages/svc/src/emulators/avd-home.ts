// Where AVDs live, with the precedence the Android tools use: ANDROID_AVD_HOME, then
// $ANDROID_USER_HOME/avd, then ~/.android/avd.
import { join } from 'node:path';
import { type Env, homeOf, nonBlank } from '../contracts/env.ts';
import { osHomedir } from '../core/home.ts';

export type { Env };

export function avdHome(env: Env): string {
  const explicit = nonBlank(env.ANDROID_AVD_HOME);
  if (explicit) return explicit;
  const userHome = nonBlank(env.ANDROID_USER_HOME);
  if (userHome) return join(userHome, 'avd');
  return join(homeOf(env, osHomedir), '.android', 'avd');
}
