// `emulator provision` (SPEC 3.4): reuse a running supported emulator (waiting for its boot if it is still
// booting), else start a supported AVD (the default name first), else create the default one and start it.
import { SvcError } from '../contracts/errors.ts';
import { readAvd } from './avd-store.ts';
import { createAvd } from './create-avd.ts';
import { type EmulatorDeps, pollUntil } from './deps.ts';
import { listAvds } from './list-avds.ts';
import { isBooted, listRunningEmulators } from './running-emulators.ts';
import { DEFAULT_BOOT_TIMEOUT_MS, startEmulator } from './start-emulator.ts';
import { SUPPORTED_PROFILE } from './supported-profile.ts';

export interface ProvisionResult {
  type: 'emulator';
  avdName: string;
  serial: string;
  booted: boolean;
  created: boolean;
  started: boolean;
  reused: boolean;
}

/**
 * `timeoutMs` bounds the whole provision (image install included); without it the boot waits get
 * DEFAULT_BOOT_TIMEOUT_MS and a create its own, longer default (the image download).
 */
export async function provisionEmulator(deps: EmulatorDeps, timeoutMs?: number): Promise<ProvisionResult> {
  const deadline = deps.now() + (timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS);
  const left = () => Math.max(1, deadline - deps.now());
  for (const emulator of await listRunningEmulators(deps)) {
    if (!emulator.avdName || !(await readAvd(deps.env, emulator.avdName)).supported) continue;
    deps.onProgress(`Reusing ${emulator.avdName} (${emulator.serial}).`);
    const booted =
      emulator.booted ||
      (await pollUntil(
        deps,
        deadline,
        async () => ((await isBooted(deps, emulator.serial)) ? true : undefined),
        'boot completion',
      )) === true;
    if (!booted) {
      throw new SvcError(
        'EMULATOR_BOOT_TIMEOUT',
        `Running emulator ${emulator.serial} (${emulator.avdName}) did not finish booting in time.`,
        {
          name: emulator.avdName,
          serial: emulator.serial,
          timeoutMs: timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS,
          step: 'boot completion',
          stopped: false,
        },
      );
    }
    return { ...emulator, booted: true, created: false, started: false, reused: true };
  }
  const avds = (await listAvds(deps)).filter((avd) => avd.supported && !avd.running);
  const supported = avds.find((avd) => avd.name === SUPPORTED_PROFILE.name) ?? avds[0];
  if (supported) {
    const started = await startEmulator(deps, supported.name, left());
    return { ...started, created: false, started: true, reused: true };
  }
  const existing = await readAvd(deps.env, SUPPORTED_PROFILE.name);
  if (existing.exists) {
    throw new SvcError(
      'EMULATOR_UNSUPPORTED',
      `AVD '${existing.name}' exists but is unsupported (${existing.unsupportedReasons.join(', ')}); delete or fix it, or create a supported AVD under another name.`,
      { name: existing.name, unsupportedReasons: existing.unsupportedReasons },
    );
  }
  const created = await createAvd(deps, {}, timeoutMs === undefined ? undefined : left());
  const started = await startEmulator(deps, created.name, timeoutMs === undefined ? DEFAULT_BOOT_TIMEOUT_MS : left());
  return { ...started, created: true, started: true, reused: false };
}
