// `svc devices` adds, for each ready device, the driver `auto` would pick there and, where that is the operator, which
// operator app (one shell round trip each, asked in parallel). Apart from list-devices.ts, which every front end
// loads, because choosing loads the drivers.
import type { SilentServer } from '../contracts/adb-servers.ts';
import type { DriverName } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import { type Device, listDevices } from '../devices/list-devices.ts';
import { chooseDriver } from './choose-driver.ts';
import type { Target } from './target.ts';

export interface DeviceWithDriver extends Device {
  /** What `auto` picks on this device: the operator app where it can answer, else adb. Ready devices only. */
  driver?: DriverName;
  /** The operator app `auto` drives there (when driver is operator). */
  operatorPackage?: string;
}

export async function listDevicesWithDriver(
  ctx: SvcContext,
  target: Pick<Target, 'operatorPackage' | 'operatorPackageSource'>,
  onSilent?: (server: SilentServer) => void,
): Promise<DeviceWithDriver[]> {
  const devices = await listDevices(ctx, onSilent);
  return Promise.all(
    devices.map(async (device): Promise<DeviceWithDriver> => {
      if (device.state !== 'device') return device;
      const chosen = await chooseDriver(ctx, device.serial, { ...target, driver: 'auto' }).catch(() => undefined);
      if (chosen === undefined) return device;
      const { name } = chosen.driver;
      return name === 'operator'
        ? { ...device, driver: name, operatorPackage: chosen.operatorPackage }
        : { ...device, driver: name };
    }),
  );
}
