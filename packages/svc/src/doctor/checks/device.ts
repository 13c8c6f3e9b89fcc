// Steps 3, 4 and 6 of SPEC 4.5: device.discovery (with device resolution) and device.capability.

import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { type Device, listDevices } from '../../devices/list-devices.ts';
import { chooseDevice } from '../../devices/resolve-device.ts';
import { adbStep, fix, manual } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

const ID = 'device.discovery';

export interface Discovery {
  check: CheckResult;
  /** The resolved serial, when a device can be targeted. */
  serial?: string;
}

/**
 * `wanted` is --device, else ANDROID_SERIAL (DECISIONS 16); otherwise the only device in state `device`. The rule and
 * its codes are the executions' own (chooseDevice), so doctor names a condition exactly as a failed command does.
 */
export async function discoverDevice(ctx: SvcContext, wanted: string | undefined): Promise<Discovery> {
  let devices: Device[];
  try {
    devices = await listDevices(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof SvcError ? error.code : codeOf('adbServerUnreachable');
    return { check: { id: ID, status: 'fail', code, summary: `cannot list devices: ${message}` } };
  }
  const evidence = { devices };
  try {
    const { serial } = chooseDevice(devices, { deviceId: wanted });
    return { serial, check: { id: ID, status: 'pass', summary: `device ${serial} is ready`, evidence } };
  } catch (error) {
    if (!(error instanceof SvcError)) throw error;
    return { check: discoveryFailure(error, devices, evidence) };
  }
}

/** The check for a device that cannot be targeted: the code of chooseDevice, the doctor's own fix steps. */
function discoveryFailure(error: SvcError, devices: Device[], evidence: Record<string, unknown>): CheckResult {
  const serial = typeof error.details?.deviceId === 'string' ? error.details.deviceId : undefined;
  const state = devices.find((d) => d.serial === serial)?.state;
  const base = { id: ID, status: 'fail' as const, code: error.code, evidence };
  switch (error.code) {
    case codeOf('multipleDevices'): {
      const ready = devices.filter((d) => d.state === 'device');
      return {
        ...base,
        status: 'warn',
        summary: `${ready.length} devices are connected; choose one with --device`,
        fix: fix(
          'Choose the device to diagnose',
          ready.map((d) => manual(`svc doctor --device ${d.serial}`)),
        ),
      };
    }
    case codeOf('deviceUnauthorized'):
      return {
        ...base,
        summary: `device ${serial} has not authorized this computer`,
        detail: 'The device shows an "Allow USB debugging?" prompt until it is accepted.',
        fix: fix('Authorize USB debugging', [
          manual(
            'Unlock the device and accept the "Allow USB debugging?" prompt (tick "Always allow from this computer")',
          ),
        ]),
        deviceGuidance: {
          screen: 'USB debugging prompt',
          steps: ['Unlock the device', 'Tick "Always allow from this computer"', 'Tap Allow'],
        },
        evidence: { ...evidence, serial, state },
      };
    case codeOf('deviceOffline'):
      return {
        ...base,
        summary: `device ${serial} is offline`,
        detail: 'adb sees the device but cannot talk to it; reconnecting it usually brings it back.',
        fix: fix('Reconnect the device', [
          adbStep(['reconnect', 'offline']),
          manual('A network device: `adb connect <host:port>`; a simulated one: stop and rerun `svc sim start`'),
          manual('Still offline: restart the adb server (`adb kill-server`, then `adb start-server`)'),
        ]),
        evidence: { ...evidence, serial, state },
      };
    case codeOf('deviceNotReady'):
      return {
        ...base,
        summary: `device ${serial} is ${state}, not ready`,
        detail:
          error.hint ?? 'adb sees the device, but Android is not running for it (or this computer may not open it).',
        fix: fix('Bring the device into Android', [
          manual(error.hint ?? 'Reboot the device into Android'),
          manual('Run `svc devices` until it lists the device as `device`, then run `svc doctor` again'),
        ]),
        evidence: { ...evidence, serial, state },
      };
    case codeOf('deviceNotConnected'):
      return {
        ...base,
        summary: state ? `device ${serial} is ${state}, not ready` : `device ${serial} is not connected`,
        fix: fix('Target a connected device', [
          manual('Run `svc devices` and pass a serial whose state is `device` with --device <serial>'),
          manual('A network device or a simulated one missing from the list: `adb connect <host:port>`'),
        ]),
      };
    default:
      return {
        ...base,
        summary: 'no devices are connected',
        fix: fix('Connect or boot a device', [
          manual('Connect a phone with USB debugging on, or boot an emulator (`svc emulator provision`)'),
          manual('A phone over Wi-Fi or a device on another host: `adb connect <host:port>`'),
          manual('No phone at hand: `svc sim start` starts a simulated device on your adb server'),
          manual('Run `svc devices` until it lists the device as `device`, then run `svc doctor` again'),
        ]),
      };
  }
}

/** Shell, SDK level and display metrics (evidence keys sdk, wmSize, wmDensity). */
export async function checkCapability(ctx: SvcContext, serial: string): Promise<CheckResult> {
  const id = 'device.capability';
  let sdk: string;
  let wmSize: string;
  let wmDensity: string;
  try {
    const [sdkOut, sizeOut, densityOut] = await Promise.all([
      ctx.adb.shell(serial, 'getprop ro.build.version.sdk'),
      ctx.adb.shell(serial, 'wm size'),
      ctx.adb.shell(serial, 'wm density'),
    ]);
    sdk = sdkOut.stdout.trim();
    wmSize = lastMatch(sizeOut.stdout, /size: (\d+x\d+)/g);
    wmDensity = lastMatch(densityOut.stdout, /density: (\d+)/g);
  } catch (error) {
    return {
      id,
      status: 'fail',
      code: 'DEVICE_SHELL_UNAVAILABLE',
      summary: `the shell of ${serial} does not answer`,
      detail: error instanceof Error ? error.message : String(error),
      fix: fix('Reconnect the device', [
        manual('Unplug and reconnect the device (or restart the emulator), then run `svc doctor` again'),
      ]),
      evidence: { serial },
    };
  }
  const evidence = { sdk, wmSize, wmDensity };
  if (!/^\d+$/.test(sdk) || wmSize === '' || wmDensity === '') {
    return {
      id,
      status: 'fail',
      summary: `device ${serial} answers, but its SDK level or display metrics are unreadable`,
      detail: 'getprop ro.build.version.sdk, wm size and wm density must print values.',
      evidence,
    };
  }
  return { id, status: 'pass', summary: `API ${sdk}, ${wmSize} at ${wmDensity} dpi`, evidence };
}

/** `wm size` prints "Physical size" then maybe "Override size": the override is what the screen uses. */
function lastMatch(text: string, pattern: RegExp): string {
  return [...text.matchAll(pattern)].at(-1)?.[1] ?? '';
}
