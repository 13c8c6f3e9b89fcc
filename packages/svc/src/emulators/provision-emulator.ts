// `emulator provision` (SPEC 3.4): reuse a running supported emulator, else start a supported AVD, else create
// the default one and start it.
import { SvcError } from '../contracts/errors.ts';
import { readAvd } from './avd-store.ts';
import { createAvd } from './create-avd.ts';
import type { EmulatorDeps } from './deps.ts';
import { listAvds } from './list-avds.ts';
import { listRunningEmulators } from './running-emulators.ts';
import { DEFAULT_BOOT_TIMEOUT_MS, startEmulator } from './start-emulator.ts';
import { SUPPORTED_PROFILE } from './supported-profile.ts';

export async function provisionEmulator(deps: EmulatorDeps, timeoutMs = DEFAULT_BOOT_TIMEOUT_MS) {
  for (const emulator of await listRunningEmulators(deps)) {
    if (emulator.avdName && (await readAvd(deps.env, emulator.avdName)).supported) {
      return { ...emulator, created: false, started: false, reused: true };
    }
  }
  const supported = (await listAvds(deps)).find((avd) => avd.supported && !avd.running);
  if (supported) {
    const started = await startEmulator(deps, supported.name, timeoutMs);
    return { ...started, created: false, started: true, reused: true };
  }
  const existing = await readAvd(deps.env, SUPPORTED_PROFILE.name);
  if (existing.exists) {
    throw new SvcError(
      'EMULATOR_UNSUPPORTED',
      `AVD '${existing.name}' exists but is unsupported (${existing.unsupportedReasons.join(', ')}); delete or fix it.`,
      { name: existing.name, unsupportedReasons: existing.unsupportedReasons },
    );
  }
  const created = await createAvd(deps, {});
  const started = await startEmulator(deps, created.name, timeoutMs);
  return { ...started, created: true, started: true, reused: false };
}
