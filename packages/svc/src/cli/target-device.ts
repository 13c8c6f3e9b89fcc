// Device resolution for the operator commands: the one target rule (flag, ANDROID_SERIAL, the only device).
// Loaded lazily so help and dry runs never touch adb.
import type { Globals } from './globals.ts';
import { targetOf } from './globals.ts';

export async function targetSerial(globals: Globals): Promise<string> {
  const { targetSerial: serialOf } = await import('../devices/target-serial.ts');
  return serialOf(process.env, targetOf(globals, process.env));
}
