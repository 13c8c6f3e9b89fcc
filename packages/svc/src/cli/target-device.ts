// Device resolution for the operator commands: the core's SPEC 3.3 rules with ANDROID_SERIAL (DECISIONS 16).
// Loaded lazily so help and dry runs never touch adb.
import type { Globals } from './globals.ts';

export async function targetSerial(globals: Globals): Promise<string> {
  const [{ createContext }, { resolveDevice }] = await Promise.all([
    import('../app/context.ts'),
    import('../devices/resolve-device.ts'),
  ]);
  const ctx = createContext({ env: process.env, cwd: process.cwd() });
  return (await resolveDevice(ctx, globals.deviceId)).serial;
}
