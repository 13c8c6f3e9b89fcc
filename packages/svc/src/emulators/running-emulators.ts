// Running emulators as adb sees them: every `emulator-<port>` serial, named through the console (`emu avd name`).
import type { EmulatorDeps } from './deps.ts';

export interface RunningEmulator {
  type: 'emulator';
  avdName: string;
  serial: string;
  booted: boolean;
}

export function isEmulatorSerial(serial: string): boolean {
  return /^emulator-\d+$/.test(serial);
}

/** `emu avd name` prints the name then `OK`; older emulators print only the name. */
export function parseAvdNameOutput(stdout: string): string {
  const lines = stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== 'OK');
  return lines[0] ?? '';
}

export async function isBooted(deps: EmulatorDeps, serial: string): Promise<boolean> {
  const result = await deps.adb.shell(serial, ['getprop', 'sys.boot_completed']).catch(() => undefined);
  return result?.code === 0 && result.stdout.trim() === '1';
}

export async function listRunningEmulators(deps: EmulatorDeps): Promise<RunningEmulator[]> {
  const devices = (await deps.adb.devices()).filter((device) => isEmulatorSerial(device.serial));
  return Promise.all(
    devices.map(async ({ serial, state }) => {
      const named = await deps.adb.emu(serial, ['avd', 'name']).catch(() => undefined);
      const avdName = named?.code === 0 ? parseAvdNameOutput(named.stdout) : '';
      const booted = state === 'device' && (await isBooted(deps, serial));
      return { type: 'emulator' as const, avdName, serial, booted };
    }),
  );
}

export async function findRunningByName(deps: EmulatorDeps, name: string): Promise<RunningEmulator | undefined> {
  return (await listRunningEmulators(deps)).find((emulator) => emulator.avdName === name);
}
