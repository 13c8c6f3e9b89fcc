// `emulator stop <name>`: `emu kill` through the console, then wait until adb no longer lists it.
import { SvcError } from '../contracts/errors.ts';
import { type EmulatorDeps, pollUntil } from './deps.ts';
import { findRunningByName } from './running-emulators.ts';

export async function stopEmulator(deps: EmulatorDeps, name: string, timeoutMs = 30_000) {
  const running = await findRunningByName(deps, name);
  if (!running) throw new SvcError('EMULATOR_NOT_RUNNING', `AVD '${name}' is not running.`, { name });
  await deps.adb.emu(running.serial, ['kill']);
  const gone = await pollUntil(deps, deps.now() + timeoutMs, async () => {
    const devices = await deps.adb.devices();
    return devices.some((device) => device.serial === running.serial) ? undefined : true;
  });
  return { avdName: name, stopped: gone === true };
}
