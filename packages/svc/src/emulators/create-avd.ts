// `emulator create`: installs the system image when missing (licences accepted), then `avdmanager create avd`.
import { SvcError } from '../contracts/errors.ts';
import type { ConfiguredAvd } from './avd-config.ts';
import { assertAvdName } from './avd-name.ts';
import { readAvd } from './avd-store.ts';
import type { EmulatorDeps } from './deps.ts';
import { runTool } from './run-tool.ts';
import { findSdkTool } from './sdk-tools.ts';
import { SUPPORTED_PROFILE, systemImageId } from './supported-profile.ts';
import { toolFailed } from './tool-failed.ts';

/** The image download can take long on a slow link; a caller's timeout overrides it. */
export const DEFAULT_CREATE_TIMEOUT_MS = 3_600_000;

export interface CreateAvdRequest {
  name?: unknown;
  apiLevel?: unknown;
  abi?: unknown;
  deviceProfile?: unknown;
  playStore?: unknown;
}

export interface CreateAvdSpec {
  name: string;
  apiLevel: number;
  abi: string;
  deviceProfile: string;
  playStore: boolean;
}

function invalid(path: string, expected: string): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', `${path} must be ${expected}.`, { path, expected });
}

/** Defaults of SPEC 4.1: svc-pixel, 35, arm64-v8a, pixel_7, Play Store unless explicitly false. */
export function resolveCreateSpec(request: CreateAvdRequest): CreateAvdSpec {
  const name = assertAvdName(request.name ?? SUPPORTED_PROFILE.name);
  const apiLevel = request.apiLevel ?? SUPPORTED_PROFILE.apiLevel;
  if (typeof apiLevel !== 'number' || !Number.isInteger(apiLevel) || apiLevel < 1 || apiLevel > 99) {
    throw invalid('apiLevel', 'an integer from 1 to 99');
  }
  const abi = request.abi ?? SUPPORTED_PROFILE.abi;
  if (typeof abi !== 'string' || !/^[a-z0-9_-]{1,32}$/.test(abi)) throw invalid('abi', 'an ABI such as arm64-v8a');
  const deviceProfile = request.deviceProfile ?? SUPPORTED_PROFILE.deviceProfile;
  if (typeof deviceProfile !== 'string' || !/^[A-Za-z0-9._ -]{1,64}$/.test(deviceProfile)) {
    throw invalid('deviceProfile', 'a device profile id such as pixel_7');
  }
  if (request.playStore !== undefined && typeof request.playStore !== 'boolean') {
    throw invalid('playStore', 'true or false');
  }
  return { name, apiLevel, abi, deviceProfile, playStore: request.playStore !== false };
}

export function imageIdOf(spec: CreateAvdSpec): string {
  return systemImageId(spec.apiLevel, spec.playStore ? 'google_apis_playstore' : 'google_apis', spec.abi);
}

/** `sdkmanager --list_installed` prints a table whose first column is the package path. */
export function isImageListed(listOutput: string, imageId: string): boolean {
  return listOutput.split('\n').some((line) => line.split('|')[0]?.trim() === imageId);
}

export async function createAvd(
  deps: EmulatorDeps,
  request: CreateAvdRequest,
  timeoutMs = DEFAULT_CREATE_TIMEOUT_MS,
): Promise<ConfiguredAvd> {
  const spec = resolveCreateSpec(request);
  if ((await readAvd(deps.env, spec.name)).exists) {
    throw new SvcError('EMULATOR_ALREADY_EXISTS', `An AVD named '${spec.name}' already exists.`, { name: spec.name });
  }
  const deadline = deps.now() + timeoutMs;
  const left = () => Math.max(1, deadline - deps.now());
  const imageId = imageIdOf(spec);
  const sdkmanager = await findSdkTool(deps.env, 'sdkmanager');
  const listArgs = ['--list_installed'];
  const listed = await runTool(deps.processes, sdkmanager, listArgs, {
    env: deps.env,
    timeoutMs: Math.min(left(), 120_000),
  });
  if (listed.code !== 0 || listed.timedOut) throw toolFailed('sdkmanager', listArgs, listed, Math.min(left(), 120_000));
  if (!isImageListed(listed.stdout, imageId)) {
    deps.onProgress(`Installing system image ${imageId} (accepting the SDK licences)…`);
    const args = ['--install', imageId];
    const budget = left();
    // sdkmanager asks once per licence not yet accepted; answering `y` to each is accepting the SDK licences.
    const install = await runTool(deps.processes, sdkmanager, args, {
      env: deps.env,
      input: 'y\n'.repeat(32),
      timeoutMs: budget,
      onOutput: (chunk) => {
        const line = chunk
          .trim()
          .split(/[\r\n]+/)
          .at(-1);
        if (line) deps.onProgress(line);
      },
    });
    if (install.code !== 0 || install.timedOut) throw toolFailed('sdkmanager', args, install, budget);
  }
  const avdmanager = await findSdkTool(deps.env, 'avdmanager');
  deps.onProgress(`Creating AVD ${spec.name} (${imageId}, ${spec.deviceProfile})…`);
  const args = ['create', 'avd', '-n', spec.name, '-k', imageId, '-d', spec.deviceProfile];
  const budget = Math.min(left(), 300_000);
  // avdmanager asks "Do you wish to create a custom hardware profile? [no]".
  const created = await runTool(deps.processes, avdmanager, args, { env: deps.env, input: 'no\n', timeoutMs: budget });
  if (created.code !== 0 || created.timedOut) {
    // A concurrent create (another CLI or server) may have won the name meanwhile.
    if (!created.timedOut && /already exists/.test(created.stderr) && (await readAvd(deps.env, spec.name)).exists) {
      throw new SvcError('EMULATOR_ALREADY_EXISTS', `An AVD named '${spec.name}' already exists.`, { name: spec.name });
    }
    throw toolFailed('avdmanager', args, created, budget);
  }
  return readAvd(deps.env, spec.name);
}
