// The emulator's simulated GPS fix, set from its console (`geo fix <longitude> <latitude> [<altitude>]`, what
// `adb emu geo fix` sends) and shown by `dumpsys location` as the last known gps location.
import type { DeviceApi } from './types.ts';

export interface GpsFix {
  longitude: number;
  latitude: number;
  altitude: number;
  epochMs: number;
}

const fixes = new WeakMap<DeviceApi, GpsFix>();

export function setGpsFix(device: DeviceApi, fix: Omit<GpsFix, 'epochMs'>): void {
  fixes.set(device, { ...fix, epochMs: device.now() });
}

export function gpsFixOf(device: DeviceApi): GpsFix | undefined {
  return fixes.get(device);
}
