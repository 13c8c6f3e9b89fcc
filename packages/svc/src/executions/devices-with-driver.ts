// `svc devices` adds, for each ready device, the driver `auto` would pick there (one shell round trip each, asked in
// parallel). Apart from list-devices.ts, which every front end loads, because choosing loads the drivers.
import type { DriverName } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import { type Device, listDevices } from '../devices/list-devices.ts';
import { operatorCanAnswer } from './choose-driver.ts';

export interface DeviceWithDriver extends Device {
  /** What `auto` picks on this device: the operator app where it can answer, else adb. Ready devices only. */
  driver?: DriverName;
}

export async function listDevicesWithDriver(ctx: SvcContext, operatorPackage: string): Promise<DeviceWithDriver[]> {
  const devices = await listDevices(ctx);
  return Promise.all(
    devices.map(async (device): Promise<DeviceWithDriver> => {
      if (device.state !== 'device') return device;
      const seen = await operatorCanAnswer(ctx, device.serial, operatorPackage).catch(() => undefined);
      return seen === undefined ? device : { ...device, driver: seen.answers ? 'operator' : 'adb' };
    }),
  );
}
