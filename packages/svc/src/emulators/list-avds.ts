// `emulator list` / `inspect`: configured AVDs with their support verdict and whether each is running.
import { SvcError } from '../contracts/errors.ts';
import type { ConfiguredAvd } from './avd-config.ts';
import { assertAvdName } from './avd-name.ts';
import { listAvdNames, readAvd } from './avd-store.ts';
import type { EmulatorDeps } from './deps.ts';
import { listRunningEmulators } from './running-emulators.ts';

async function runningNames(deps: EmulatorDeps): Promise<Set<string>> {
  const running = await listRunningEmulators(deps).catch(() => []);
  return new Set(running.map((emulator) => emulator.avdName));
}

export async function listAvds(deps: EmulatorDeps): Promise<ConfiguredAvd[]> {
  const [names, running] = await Promise.all([listAvdNames(deps.env), runningNames(deps)]);
  return Promise.all(names.map((name) => readAvd(deps.env, name, running.has(name))));
}

export async function inspectAvd(deps: EmulatorDeps, rawName: string): Promise<ConfiguredAvd> {
  const name = assertAvdName(rawName);
  const avd = await readAvd(deps.env, name);
  if (!avd.exists) {
    throw new SvcError('EMULATOR_NOT_FOUND', `No AVD named '${name}'. List them with \`svc emulator list\`.`, {
      name,
    });
  }
  avd.running = (await runningNames(deps)).has(name);
  return avd;
}

/** The HTTP running list also carries the support verdict of each emulator's AVD (SPEC 2.9). */
export async function listRunningWithSupport(deps: EmulatorDeps) {
  const running = await listRunningEmulators(deps);
  return Promise.all(
    running.map(async (emulator) => {
      const avd = await readAvd(deps.env, emulator.avdName, true);
      return { ...emulator, supported: avd.supported, unsupportedReasons: avd.unsupportedReasons };
    }),
  );
}
