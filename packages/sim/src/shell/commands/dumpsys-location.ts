// `dumpsys location`: the last known locations block of LocationManagerService's dump, each provider's
// Location.toString() (`Location[gps <lat>,<lon> hAcc=... alt=...]`, AOSP location/java/android/location/
// Location.java, six decimals).
import { gpsFixOf } from '../../device/location.ts';
import type { ShellCommand } from '../../device/types.ts';

export const dumpsysLocation: ShellCommand = async (_args, io, device) => {
  const fix = gpsFixOf(device);
  const gps =
    fix === undefined
      ? '    gps: null\n'
      : `    gps: Location[gps ${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)} hAcc=5.0 alt=${fix.altitude.toFixed(1)} vAcc=0.5]\n`;
  await io.writeStdout(`Location Manager State:\n  Last Known Locations:\n${gps}`);
  return 0;
};
