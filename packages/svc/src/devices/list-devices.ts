// `svc devices`, GET /devices: the adb server's devices as `{ serial, state }` (SPEC 2.8). Throws SvcError
// (ADB_NOT_FOUND when there is neither a server nor a binary to start one).
import type { SvcContext } from '../core/context.ts';

export interface Device {
  serial: string;
  state: string;
}

export async function listDevices(ctx: Pick<SvcContext, 'adb'>): Promise<Device[]> {
  return (await ctx.adb.listDevices()).map(({ serial, state }) => ({ serial, state }));
}
