// The serial of a target for callers without a context of their own (CLI commands that spawn something for a
// device: skill scripts, daemons): one quick question to the adb server, or, when no server answers, the full adb
// client, which starts one (or says why it cannot).
import { quickDeviceList } from '../adapters/adb/quick-device-list.ts';
import type { Env } from '../contracts/env.ts';
import { chooseDevice, type DeviceWanted } from './resolve-device.ts';

export async function targetSerial(env: Env, wanted: DeviceWanted): Promise<string> {
  let devices: Awaited<ReturnType<typeof quickDeviceList>> | undefined;
  try {
    devices = await quickDeviceList(env);
  } catch {
    devices = undefined;
  }
  if (devices !== undefined) return chooseDevice(devices, wanted).serial;
  const [{ createContext }, { resolveDevice }] = await Promise.all([
    import('../core/context.ts'),
    import('./resolve-device.ts'),
  ]);
  const ctx = createContext({ env });
  try {
    return (await resolveDevice(ctx, wanted)).serial;
  } finally {
    await ctx.close();
  }
}
