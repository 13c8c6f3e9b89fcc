// `emulator start <name>` (SPEC 3.4): verify it exists and is supported, refuse a running one, spawn the emulator
// detached, wait for adb registration, wait for boot completion, enable developer settings.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import { avdHome } from './avd-home.ts';
import { readAvd } from './avd-store.ts';
import { pickConsolePort } from './console-ports.ts';
import { type EmulatorDeps, pollUntil } from './deps.ts';
import { isBooted, listRunningEmulators } from './running-emulators.ts';
import { findSdkTool } from './sdk-tools.ts';

export interface StartResult {
  type: 'emulator';
  avdName: string;
  serial: string;
  booted: boolean;
}

export const DEFAULT_BOOT_TIMEOUT_MS = 600_000;

export async function startEmulator(
  deps: EmulatorDeps,
  name: string,
  timeoutMs = DEFAULT_BOOT_TIMEOUT_MS,
): Promise<StartResult> {
  const avd = await readAvd(deps.env, name);
  if (!avd.exists) throw new SvcError('EMULATOR_NOT_FOUND', `No AVD named '${name}'.`, { name });
  if (!avd.supported) {
    throw new SvcError(
      'EMULATOR_UNSUPPORTED',
      `AVD '${name}' does not match the supported profile: ${avd.unsupportedReasons.join(', ')}.`,
      { name, unsupportedReasons: avd.unsupportedReasons },
    );
  }
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

  // Detached with its own log file: the emulator outlives this command (and the server request).
  const logDir = join(avdHome(deps.env), `${name}.avd`);
  await mkdir(logDir, { recursive: true });
  const log = openSync(join(logDir, 'svc-emulator.log'), 'a');
  const child = spawn(emulatorBin, ['-avd', name, '-port', String(port), '-no-snapshot-save', '-no-boot-anim'], {
    env: deps.env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', log, log],
  });
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? 1;
  });
  child.unref();

  deps.onProgress(`Starting ${name} as ${serial}; waiting for adb…`);
  const registered = await pollUntil(deps, deadline, async () => {
    if (exited !== null) throw new Error('exited');
    const devices = await deps.adb.devices();
    return devices.some((device) => device.serial === serial && device.state === 'device') ? true : undefined;
  });
  if (exited !== null) {
    throw new SvcError('ANDROID_SDK_TOOL_FAILED', `The emulator exited with code ${exited} before registering.`, {
      name,
      log: join(logDir, 'svc-emulator.log'),
    });
  }
  if (!registered) throw bootTimeout(name, serial, timeoutMs, 'adb registration');

  deps.onProgress(`${serial} registered; waiting for boot to complete…`);
  const booted = await pollUntil(deps, deadline, async () => ((await isBooted(deps, serial)) ? true : undefined));
  if (!booted) throw bootTimeout(name, serial, timeoutMs, 'boot completion');

  await deps.adb.shell(serial, ['settings', 'put', 'global', 'development_settings_enabled', '1']);
  await deps.adb.shell(serial, ['settings', 'put', 'global', 'adb_enabled', '1']);
  deps.onProgress(`${name} booted.`);
  return { type: 'emulator', avdName: name, serial, booted: true };
}

function bootTimeout(name: string, serial: string, timeoutMs: number, step: string): SvcError {
  return new SvcError('EMULATOR_BOOT_TIMEOUT', `AVD '${name}' (${serial}) did not reach ${step} in ${timeoutMs} ms.`, {
    name,
    serial,
    timeoutMs,
    step,
  });
}
