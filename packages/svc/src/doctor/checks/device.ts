// Steps 3, 4 and 6 of SPEC 4.5: device.discovery (with device resolution) and device.capability.

import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { listDevices } from '../../devices/list-devices.ts';
import { adbStep, fix, manual } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

const ID = 'device.discovery';

export interface Discovery {
  check: CheckResult;
  /** The resolved serial, when a device can be targeted. */
  serial?: string;
}

/** `wanted` is --device, else ANDROID_SERIAL (DECISIONS 16); otherwise the only device in state `device`. */
export async function discoverDevice(ctx: SvcContext, wanted: string | undefined): Promise<Discovery> {
  let devices: { serial: string; state: string }[];
  try {
    devices = await listDevices(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof SvcError ? error.code : 'ADB_SERVER_FAILED';
    return { check: { id: ID, status: 'fail', code, summary: `cannot list devices: ${message}` } };
  }
  const evidence = { devices };
  const ready = devices.filter((d) => d.state === 'device');
  if (wanted !== undefined) {
    const found = devices.find((d) => d.serial === wanted);
    if (found?.state === 'device') {
      return { serial: wanted, check: { id: ID, status: 'pass', summary: `device ${wanted} is ready`, evidence } };
    }
    if (found === undefined) {
      return {
        check: {
          id: ID,
          status: 'fail',
          code: 'DEVICE_NOT_FOUND',
          summary: `device ${wanted} is not connected`,
          fix: fix('Target a connected device', [
            manual('Run `svc devices` and pass a serial whose state is `device` with --device <serial>'),
          ]),
          evidence,
        },
      };
    }
    return { check: stateFailure(found, evidence) };
  }
  if (ready.length === 1) {
    const serial = (ready[0] as { serial: string }).serial;
    return { serial, check: { id: ID, status: 'pass', summary: `device ${serial} is ready`, evidence } };
  }
  if (ready.length > 1) {
    return {
      check: {
        id: ID,
        status: 'warn',
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        summary: `${ready.length} devices are connected; choose one with --device`,
        fix: fix(
          'Choose the device to diagnose',
          ready.map((d) => manual(`svc doctor --device ${d.serial}`)),
        ),
        evidence,
      },
    };
  }
  const blocked = devices.find((d) => d.state === 'unauthorized') ?? devices.find((d) => d.state === 'offline');
  if (blocked) return { check: stateFailure(blocked, evidence) };
  return {
    check: {
      id: ID,
      status: 'fail',
      code: 'NO_DEVICES',
      summary:
        devices.length === 0
          ? 'no devices are connected'
          : `no device is ready (${devices.map((d) => `${d.serial}: ${d.state}`).join(', ')})`,
      fix: fix(
        'Connect or boot a device',
        [
          manual('Connect a phone with USB debugging on, or boot an emulator (`svc emulator provision`)'),
          manual('Run `svc devices` until it lists the device as `device`, then run `svc doctor` again'),
        ],
        'getting-started/first-time-setup/',
      ),
      evidence,
    },
  };
}

function stateFailure(device: { serial: string; state: string }, evidence: object): CheckResult {
  if (device.state === 'unauthorized') {
    return {
      id: ID,
      status: 'fail',
      code: 'DEVICE_UNAUTHORIZED',
      summary: `device ${device.serial} has not authorized this computer`,
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
      evidence: { ...evidence, serial: device.serial, state: device.state },
    };
  }
  if (device.state === 'offline') {
    return {
      id: ID,
      status: 'fail',
      code: 'DEVICE_OFFLINE',
      summary: `device ${device.serial} is offline`,
      detail: 'adb sees the device but cannot talk to it; restarting the adb server usually brings it back.',
      fix: fix('Restart the adb server', [
        adbStep(['kill-server']),
        adbStep(['start-server']),
        manual('Reconnect network devices with `adb connect <host:port>`, then run `svc doctor` again'),
      ]),
      evidence: { ...evidence, serial: device.serial, state: device.state },
    };
  }
  return {
    id: ID,
    status: 'fail',
    code: 'DEVICE_NOT_FOUND',
    summary: `device ${device.serial} is ${device.state}, not ready`,
    fix: fix('Wait for the device', [manual('Wait until `svc devices` shows the device as `device`')]),
    evidence: { ...evidence, serial: device.serial, state: device.state },
  };
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
