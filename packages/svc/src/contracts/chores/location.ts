// The GPS position an emulator on this computer reports.
import { num } from '../fields.ts';
import { defineChore } from './define.ts';

export const location = defineChore({
  name: 'location',
  title: 'Set the GPS location (emulators)',
  brief: "Set a local emulator's GPS position.",
  description:
    'Set the GPS position an emulator reports: latitude and longitude in degrees (optional altitude in metres). ' +
    'Only emulators running on this computer (serial emulator-<port>); other devices: LOCATION_UNSUPPORTED.',
  params: {
    fields: {
      latitude: num({ min: -90, max: 90 }),
      longitude: num({ min: -180, max: 180 }),
      altitude: num({ min: -1000, max: 100_000 }),
    },
    required: ['latitude', 'longitude'],
  },
  nature: 'act',
  locksDevice: false,
  cli: {
    verb: 'location',
    description: 'set the GPS location (emulators)',
    examples: ['svc location 48.8584 2.2945 --device emulator-5554'],
    inputs: [
      { kind: 'argument', name: 'latitude', param: 'latitude', number: true, help: 'Degrees north, -90 to 90' },
      { kind: 'argument', name: 'longitude', param: 'longitude', number: true, help: 'Degrees east, -180 to 180' },
      { kind: 'flag', flag: '--altitude <n>', param: 'altitude', number: true, help: 'Metres above sea level' },
    ],
  },
  example: { latitude: 48.8584, longitude: 2.2945 },
});
