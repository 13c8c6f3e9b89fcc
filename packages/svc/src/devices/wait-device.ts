// A caller that asked to wait for its device (waitDeviceMs) waits through the moments a device is there but not
// usable, not only through another execution: the adb server restarting (not answering, or answering before it has
// found its devices again) and a device briefly offline (a USB hiccup, adb reconnecting a network device). Until the
// wait runs out, the device is asked for again every DEVICE_RETRY_MS. A device that is not listed at all is waited
// for DEVICE_REAPPEAR_MS at most (a restarted adb server lists its USB devices and emulators within a few seconds):
// a serial that names no device (a typo) must not cost an agent its whole wait (MCP waits 30 s by default).
import { codeOf } from '../contracts/conditions.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { type DeviceWanted, type ResolvedDevice, resolveDevice } from './resolve-device.ts';

export const DEVICE_RETRY_MS = 250;
export const DEVICE_REAPPEAR_MS = 5000;

/** Waited through for the whole wait: the device is there, or its adb server is (re)starting. */
const PASSING = new Set<string>([
  codeOf('adbServerUnreachable'),
  codeOf('deviceOffline'),
  'ADB_SERVER_LOST',
  'DEVICE_DISCONNECTED',
]);
/** Waited through for DEVICE_REAPPEAR_MS at most: nothing of that name is listed (yet). */
const ABSENT = new Set<string>([codeOf('deviceNotConnected'), codeOf('noDevices')]);

/** The device, resolved within `waitMs` (0: one try, as without a wait); the time left of the wait. */
export async function resolveDeviceWithin(
  ctx: Pick<SvcContext, 'adb' | 'clock'>,
  wanted: DeviceWanted,
  waitMs: number,
): Promise<{ device: ResolvedDevice; leftMs: number }> {
  const start = ctx.clock.monotonic();
  const left = () => Math.max(0, waitMs - (ctx.clock.monotonic() - start));
  for (;;) {
    try {
      return { device: await resolveDevice(ctx, wanted), leftMs: left() };
    } catch (error) {
      const code = error instanceof SvcError ? error.code : undefined;
      const waited = ctx.clock.monotonic() - start;
      const transient = code !== undefined && (PASSING.has(code) || (ABSENT.has(code) && waited < DEVICE_REAPPEAR_MS));
      if (!transient || left() <= 0) throw error;
      await ctx.clock.sleep(Math.min(DEVICE_RETRY_MS, left()));
    }
  }
}
