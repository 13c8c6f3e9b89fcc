// The GPS position of an emulator: `adb -s emulator-<port> emu geo fix <longitude> <latitude>` (longitude first),
// which the adb client sends to the emulator's console on this computer. A phone has no such console:
// LOCATION_UNSUPPORTED, said before anything runs.
import { runAdbBinary } from '../../adapters/adb/adb-binary.ts';
import { splitDeviceId } from '../../contracts/adb-servers.ts';
import type { location } from '../../contracts/chores/location.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ChoreRunner } from '../chore.ts';

export const runLocation: ChoreRunner<typeof location> = async ({ ctx, serial, params }) => {
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
    String(params.longitude),
    String(params.latitude),
    ...(params.altitude === undefined ? [] : [String(params.altitude)]),
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
    latitude: params.latitude,
    longitude: params.longitude,
    ...(params.altitude === undefined ? {} : { altitude: params.altitude }),
  };
};
