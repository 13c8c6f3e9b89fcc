// `emulator start <name>` (SPEC 3.4): verify it exists and is supported, refuse a running one, spawn the emulator
// detached, wait for adb registration, wait for boot completion, enable developer settings. When the timeout
// passes, the emulator this call spawned is stopped again, so a retry does not meet EMULATOR_ALREADY_RUNNING.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolders } from '../adapters/fs/make-folders.ts';
import { homeOf } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { osHomedir } from '../core/home.ts';
import { assertAvdName } from './avd-name.ts';
import { readAvd } from './avd-store.ts';
import { pickConsolePort } from './console-ports.ts';
import { type EmulatorDeps, leftAdb, pollUntil } from './deps.ts';

/** How long a stopped emulator may take to leave adb's device list. */
const STOP_SETTLE_MS = 5000;
/** How long the emulator this call spawned gets to stop on SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 5000;

import { isBooted, listRunningEmulators } from './running-emulators.ts';
import { findSdkTool } from './sdk-tools.ts';
import { withStartLock } from './start-lock.ts';

export interface StartResult {
  type: 'emulator';
  avdName: string;
  serial: string;
  booted: boolean;
}

export const DEFAULT_BOOT_TIMEOUT_MS = 600_000;

/** The emulator's own output goes to `~/.svc/emulators/<name>.log` (it outlives this command). */
export function emulatorLogPath(env: EmulatorDeps['env'], name: string): string {
  return join(homeOf(env, osHomedir), '.svc', 'emulators', `${name}.log`);
}

export async function startEmulator(
  deps: EmulatorDeps,
  rawName: string,
  timeoutMs = DEFAULT_BOOT_TIMEOUT_MS,
): Promise<StartResult> {
  const name = assertAvdName(rawName);
  // Without the SDK nothing can start: say that first, with how to get it (not "no AVD named").
  await findSdkTool(deps.env, 'emulator');
  const avd = await readAvd(deps.env, name);
  if (!avd.exists) throw new SvcError('EMULATOR_NOT_FOUND', `No AVD named '${name}'.`, { name });
  if (!avd.supported) {
    const why = avd.configProblem ? ` (${avd.configProblem})` : '';
    throw new SvcError(
      'EMULATOR_UNSUPPORTED',
      `AVD '${name}' does not match the supported profile: ${avd.unsupportedReasons.join(', ')}${why}.`,
      {
        name,
        unsupportedReasons: avd.unsupportedReasons,
        ...(avd.configProblem ? { problem: avd.configProblem } : {}),
      },
    );
  }
  return withStartLock(deps.env, name, () => bootAvd(deps, name, timeoutMs));
}

async function bootAvd(deps: EmulatorDeps, name: string, timeoutMs: number): Promise<StartResult> {
  const running = (await listRunningEmulators(deps)).find((emulator) => emulator.avdName === name);
  if (running) {
    throw new SvcError('EMULATOR_ALREADY_RUNNING', `AVD '${name}' is already running as ${running.serial}.`, {
      name,
      serial: running.serial,
    });
  }
  const emulatorBin = await findSdkTool(deps.env, 'emulator');
  const port = await pickConsolePort(deps.env, new Set((await deps.adb.devices()).map((d) => d.serial)));
  const serial = `emulator-${port}`;
  const deadline = deps.now() + timeoutMs;

  const logPath = emulatorLogPath(deps.env, name);
  await makeFolders(join(logPath, '..'));
  const child = deps.processes.spawnDetached(
    emulatorBin,
    ['-avd', name, '-port', String(port), '-no-snapshot-save', '-no-boot-anim'],
    { env: deps.env, logPath, truncateLog: true },
  );
  const exitedCode = (): number | null => child.exitCode ?? (child.error === undefined ? null : 127);

  deps.onProgress(`Starting ${name} as ${serial}; waiting for adb…`);
  const registered = await pollUntil(
    deps,
    deadline,
    async () => {
      if (exitedCode() !== null) return false;
      const devices = await deps.adb.devices();
      return devices.some((device) => device.serial === serial && device.state === 'device') ? true : undefined;
    },
    'adb registration',
  );
  const exited = exitedCode();
  if (exited !== null) {
    // Another process (a second CLI, a server) may have started this AVD meanwhile; the emulator refuses a twin.
    const twin = (await listRunningEmulators(deps).catch(() => [])).find((emulator) => emulator.avdName === name);
    if (twin) {
      throw new SvcError('EMULATOR_ALREADY_RUNNING', `AVD '${name}' is already running as ${twin.serial}.`, {
        name,
        serial: twin.serial,
      });
    }
    const logTail = (await readFile(logPath, 'utf8').catch(() => '')).trim().split('\n').slice(-5).join('\n');
    throw new SvcError(
      'ANDROID_SDK_TOOL_FAILED',
      `The emulator exited with code ${exited} before registering with adb${logTail ? `: ${logTail}` : ''}`,
      { tool: 'emulator', name, exitCode: exited, log: logPath, logTail },
    );
  }
  if (!registered) {
    await child.stopGroup(STOP_GRACE_MS);
    throw bootTimeout(name, serial, timeoutMs, 'adb registration');
  }

  deps.onProgress(`${serial} registered with adb; waiting for boot to complete…`);
  const booted = await pollUntil(
    deps,
    deadline,
    async () => ((await isBooted(deps, serial)) ? true : undefined),
    'boot completion',
  );
  if (!booted) {
    await deps.adb.emu(serial, ['kill']).catch(() => undefined);
    await child.stopGroup(STOP_GRACE_MS);
    // "stopped" means gone from adb too, so `svc emulator status` right after no longer lists it.
    const gone = await leftAdb(deps, serial, deps.now() + STOP_SETTLE_MS);
    throw bootTimeout(name, serial, timeoutMs, 'boot completion', gone);
  }

  await enableDeveloperSettings(deps, serial);
  deps.onProgress(`${name} booted as ${serial}.`);
  return { type: 'emulator', avdName: name, serial, booted: true };
}

async function enableDeveloperSettings(deps: EmulatorDeps, serial: string): Promise<void> {
  for (const key of ['development_settings_enabled', 'adb_enabled']) {
    const result = await deps.adb.shell(serial, ['settings', 'put', 'global', key, '1']);
    if (result.code !== 0) {
      throw new SvcError('ANDROID_SDK_TOOL_FAILED', `Could not enable developer settings on ${serial} (${key}).`, {
        serial,
        setting: key,
        exitCode: result.code,
        output: result.stdout,
      });
    }
  }
}

function bootTimeout(name: string, serial: string, timeoutMs: number, step: string, stopped = true): SvcError {
  const outcome = stopped ? 'the emulator was stopped' : 'the emulator was signalled but adb still lists it';
  return new SvcError(
    'EMULATOR_BOOT_TIMEOUT',
    `AVD '${name}' (${serial}) did not reach ${step} in ${timeoutMs} ms; ${outcome}.`,
    { name, serial, timeoutMs, step, stopped },
  );
}
