// The GPS position of an emulator: `adb -s emulator-<port> emu geo fix <longitude> <latitude>` (longitude first),
// which the adb client sends to the emulator's console on this computer. A phone has no such console:
// LOCATION_UNSUPPORTED, said before anything runs.
import { z } from 'zod';
import { runAdbBinary } from '../../adapters/adb/adb-binary.ts';
import { splitDeviceId } from '../../contracts/adb-servers.ts';
import { SvcError } from '../../contracts/errors.ts';
import { deviceTool } from '../tool.ts';

export const locationTool = deviceTool({
  name: 'location',
  title: 'Set the GPS location (emulators)',
  brief: 'Set the GPS position of an emulator on this computer.',
  description:
    'Set the GPS position an emulator reports: latitude and longitude in degrees (optional altitude in metres). ' +
    'Only emulators running on this computer (serial emulator-<port>); other devices: LOCATION_UNSUPPORTED.',
  args: z.strictObject({
    latitude: z.number().min(-90).max(90).describe('Degrees north, -90 to 90'),
    longitude: z.number().min(-180).max(180).describe('Degrees east, -180 to 180'),
    altitude: z.number().min(-1000).max(100_000).optional().describe('Metres above sea level'),
  }),
  locksDevice: false,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    // With several adb servers the id is <host>:<port>/<serial>, and only an emulator on this computer has a
    // console adb can reach.
    const parts = splitDeviceId(serial);
    const local = parts === undefined || /^(127\.0\.0\.1|localhost|\[::1\]):/.test(parts.server);
    if (!local || !/^emulator-\d+$/.test(parts?.serial ?? serial)) {
      throw new SvcError('LOCATION_UNSUPPORTED', `${serial} is not an emulator; only emulators take a location.`, {
        deviceId: serial,
      });
    }
    const fix = [
      String(args.longitude),
      String(args.latitude),
      ...(args.altitude === undefined ? [] : [String(args.altitude)]),
    ];
    const out = await runAdbBinary(ctx.processes, ctx.env, ['-s', serial, 'emu', 'geo', 'fix', ...fix], {
      timeoutMs: 10_000,
    });
    if (out.code !== 0 || /KO:/.test(out.stdout + out.stderr)) {
      throw new SvcError(
        'LOCATION_UNSUPPORTED',
        `The emulator refused the location: ${(out.stdout + out.stderr).trim()}`,
        {
          deviceId: serial,
        },
      );
    }
    return {
      latitude: args.latitude,
      longitude: args.longitude,
      ...(args.altitude === undefined ? {} : { altitude: args.altitude }),
    };
  },
});
