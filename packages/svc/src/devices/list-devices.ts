// `svc devices`, GET /devices, the MCP devices tool: the adb server's devices as `{ serial, state }` (SPEC 2.8) plus
// what `adb devices -l` shows of a device that answered (product, model, device), so a user can tell two phones
// apart. Throws SvcError (ADB_NOT_FOUND when there is neither a server nor a binary to start one).
import type { SilentServer } from '../contracts/adb-servers.ts';
import type { SvcContext } from '../core/context.ts';

export interface Device {
  serial: string;
  state: string;
  product?: string;
  model?: string;
  device?: string;
}

/**
 * Over several adb servers, `onSilent` hears each one that did not answer (its devices are missing from the list);
 * listing fails only when none answers.
 */
export async function listDevices(
  ctx: Pick<SvcContext, 'adb'>,
  onSilent?: (server: SilentServer) => void,
): Promise<Device[]> {
  const listing = ctx.adb.listDevicesOfAll
    ? await ctx.adb.listDevicesOfAll()
    : { devices: await ctx.adb.listDevices(), silent: [] };
  for (const server of listing.silent) onSilent?.(server);
  return listing.devices.map(({ serial, state, product, model, device }) => ({
    serial,
    state,
    ...(product === undefined ? {} : { product }),
    ...(model === undefined ? {} : { model }),
    ...(device === undefined ? {} : { device }),
  }));
}
