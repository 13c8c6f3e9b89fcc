// Finds the Android SDK tools svc drives. Each can be overridden on its own (SVC_EMULATOR_BIN, SVC_AVDMANAGER_BIN,
// SVC_SDKMANAGER_BIN); otherwise they come from ANDROID_HOME, then ANDROID_SDK_ROOT, as the SDK lays them out.
import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import type { Env } from './avd-home.ts';

export type SdkTool = 'emulator' | 'avdmanager' | 'sdkmanager';

const OVERRIDE_VAR: Record<SdkTool, string> = {
  emulator: 'SVC_EMULATOR_BIN',
  avdmanager: 'SVC_AVDMANAGER_BIN',
  sdkmanager: 'SVC_SDKMANAGER_BIN',
};

const RELATIVE_PATH: Record<SdkTool, string> = {
  emulator: join('emulator', 'emulator'),
  avdmanager: join('cmdline-tools', 'latest', 'bin', 'avdmanager'),
  sdkmanager: join('cmdline-tools', 'latest', 'bin', 'sdkmanager'),
};

const INSTALL_HINT: Record<SdkTool, string> = {
  emulator: 'Install it with `sdkmanager emulator`, or point SVC_EMULATOR_BIN at the emulator binary.',
  avdmanager: 'Install the SDK command-line tools (cmdline-tools;latest), or point SVC_AVDMANAGER_BIN at avdmanager.',
  sdkmanager: 'Install the SDK command-line tools (cmdline-tools;latest), or point SVC_SDKMANAGER_BIN at sdkmanager.',
};

export function sdkRoot(env: Env): string | undefined {
  for (const key of ['ANDROID_HOME', 'ANDROID_SDK_ROOT']) {
    const value = env[key];
    if (value && value.trim() !== '') return value;
  }
  return undefined;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** How to get an SDK at all, when none is set up (said by every emulator command that needs one). */
export const GET_THE_SDK =
  'Install the Android SDK command-line tools (https://developer.android.com/studio#command-line-tools-only), ' +
  'set ANDROID_HOME to the SDK folder, then run `sdkmanager emulator platform-tools`. ' +
  'No SDK needed to try svc: `svc sim start` gives a simulated device.';

function candidateOf(env: Env, tool: SdkTool): string | undefined {
  const override = env[OVERRIDE_VAR[tool]];
  const root = sdkRoot(env);
  return override && override.trim() !== '' ? override : root ? join(root, RELATIVE_PATH[tool]) : undefined;
}

export async function findSdkTool(env: Env, tool: SdkTool): Promise<string> {
  const candidate = candidateOf(env, tool);
  if (candidate && (await isExecutable(candidate))) return candidate;
  const noSdk = candidate === undefined;
  const where = noSdk
    ? 'was not found: there is no Android SDK (ANDROID_HOME and ANDROID_SDK_ROOT are not set)'
    : `is not found or not executable at ${candidate}`;
  const hint = noSdk ? GET_THE_SDK : INSTALL_HINT[tool];
  throw new SvcError(
    'ANDROID_SDK_TOOL_NOT_FOUND',
    `Android SDK tool '${tool}' ${where}.`,
    { tool, ...(candidate ? { path: candidate } : {}), overrideVariable: OVERRIDE_VAR[tool], sdkFound: !noSdk },
    hint,
  );
}

export interface SdkStatus {
  /** True when the emulator tool is there (what starting an AVD needs). */
  found: boolean;
  root: string | null;
  /** The tools svc drives that are missing. */
  missing: SdkTool[];
  /** How to get what is missing. */
  hint?: string;
}

/** Which SDK tools are there, for `emulator list` / `status`: listing works without an SDK, but says so. */
export async function sdkStatus(env: Env): Promise<SdkStatus> {
  const tools: SdkTool[] = ['emulator', 'avdmanager', 'sdkmanager'];
  const present = await Promise.all(
    tools.map(async (tool) => {
      const candidate = candidateOf(env, tool);
      return candidate !== undefined && (await isExecutable(candidate));
    }),
  );
  const missing = tools.filter((_, i) => !present[i]);
  const root = sdkRoot(env) ?? null;
  const status: SdkStatus = { found: !missing.includes('emulator'), root, missing };
  if (missing.length > 0)
    status.hint = root === null ? GET_THE_SDK : missing.map((tool) => INSTALL_HINT[tool]).join(' ');
  return status;
}
