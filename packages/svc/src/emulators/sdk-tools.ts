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

export async function findSdkTool(env: Env, tool: SdkTool): Promise<string> {
  const override = env[OVERRIDE_VAR[tool]];
  const root = sdkRoot(env);
  const candidate = override && override.trim() !== '' ? override : root ? join(root, RELATIVE_PATH[tool]) : undefined;
  if (candidate && (await isExecutable(candidate))) return candidate;
  const where = candidate
    ? `is not found or not executable at ${candidate}`
    : 'was not found: ANDROID_HOME and ANDROID_SDK_ROOT are not set';
  throw new SvcError('ANDROID_SDK_TOOL_NOT_FOUND', `Android SDK tool '${tool}' ${where}. ${INSTALL_HINT[tool]}`, {
    tool,
    ...(candidate ? { path: candidate } : {}),
    overrideVariable: OVERRIDE_VAR[tool],
    hint: INSTALL_HINT[tool],
  });
}
