// `emulator create`: installs the system image when missing (licences accepted), then `avdmanager create avd`.
import { SvcError } from '../contracts/errors.ts';
import type { ConfiguredAvd } from './avd-config.ts';
import { readAvd } from './avd-store.ts';
import type { EmulatorDeps } from './deps.ts';
import { runTool } from './run-tool.ts';
import { findSdkTool } from './sdk-tools.ts';
import { SUPPORTED_PROFILE, systemImageId } from './supported-profile.ts';

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

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

function invalid(path: string, expected: string): SvcError {
  return new SvcError('INVALID_ARGUMENT', `${path} must be ${expected}.`, { path, expected });
}

/** Defaults of SPEC 4.1: svc-pixel, 35, arm64-v8a, pixel_7, Play Store unless explicitly false. */
export function resolveCreateSpec(request: CreateAvdRequest): CreateAvdSpec {
  const name = request.name ?? SUPPORTED_PROFILE.name;
  if (typeof name !== 'string' || !NAME.test(name)) throw invalid('name', 'letters, digits, dot, dash or underscore');
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

function toolFailed(tool: string, args: readonly string[], run: { code: number; stderr: string; stdout: string }) {
  const tail = (run.stderr || run.stdout).trim().split('\n').slice(-5).join('\n');
  return new SvcError('ANDROID_SDK_TOOL_FAILED', `${tool} ${args[0] ?? ''} failed (exit ${run.code}): ${tail}`, {
    tool,
    args: [...args],
    exitCode: run.code,
    stderr: run.stderr,
  });
}

export async function createAvd(deps: EmulatorDeps, request: CreateAvdRequest): Promise<ConfiguredAvd> {
  const spec = resolveCreateSpec(request);
  if ((await readAvd(deps.env, spec.name)).exists) {
    throw new SvcError('EMULATOR_ALREADY_EXISTS', `An AVD named '${spec.name}' already exists.`, { name: spec.name });
  }
  const imageId = imageIdOf(spec);
  const sdkmanager = await findSdkTool(deps.env, 'sdkmanager');
  const listed = await runTool(sdkmanager, ['--list_installed'], { env: deps.env, timeoutMs: 120000 });
  if (!isImageListed(listed.stdout, imageId)) {
    deps.onProgress(`Installing system image ${imageId} (accepting the SDK licences)…`);
    const args = ['--install', imageId];
    const install = await runTool(sdkmanager, args, {
      env: deps.env,
      input: 'y\n'.repeat(32),
      timeoutMs: 3_600_000,
      onOutput: (chunk) => deps.onProgress(chunk.trim()),
    });
    if (install.code !== 0) throw toolFailed('sdkmanager', args, install);
  }
  const avdmanager = await findSdkTool(deps.env, 'avdmanager');
  deps.onProgress(`Creating AVD ${spec.name} (${imageId}, ${spec.deviceProfile})…`);
  const args = ['create', 'avd', '-n', spec.name, '-k', imageId, '-d', spec.deviceProfile];
  const created = await runTool(avdmanager, args, { env: deps.env, input: 'no\n', timeoutMs: 300000 });
  if (created.code !== 0) throw toolFailed('avdmanager', args, created);
  return readAvd(deps.env, spec.name);
}
