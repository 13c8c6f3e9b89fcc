// `emulator stop <name>`: `emu kill` through the console, then wait until adb no longer lists it. `stopped` is
// false when it is still listed when the timeout passes.
import { SvcError } from '../contracts/errors.ts';
import { assertAvdName } from './avd-name.ts';
import { type EmulatorDeps, leftAdb } from './deps.ts';
import { findRunningByName } from './running-emulators.ts';

export const DEFAULT_STOP_TIMEOUT_MS = 30_000;

export async function stopEmulator(deps: EmulatorDeps, rawName: string, timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
  const name = assertAvdName(rawName);
  const running = await findRunningByName(deps, name);
  if (!running) throw new SvcError('EMULATOR_NOT_RUNNING', `AVD '${name}' is not running.`, { name });
  deps.onProgress(`Stopping ${name} (${running.serial})…`);
  await deps.adb.emu(running.serial, ['kill']);
  const gone = await leftAdb(deps, running.serial, deps.now() + timeoutMs);
  return { avdName: name, stopped: gone };
}
