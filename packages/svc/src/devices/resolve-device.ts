// Device selection: the serial asked for (a flag, a body field, a tool argument, or ANDROID_SERIAL, folded in by
// submit/target.ts), else the only device in state `device`. Only devices in state `device` can be targeted.

import { codeOf } from '../contracts/conditions.ts';
import type { Env } from '../contracts/env.ts';
import { nonBlank } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { askedClause, askedServers } from './asked-servers.ts';
import { codeOfState, firstBlocked, hintOfState } from './device-states.ts';
import { type Device, listDevices } from './list-devices.ts';

/** The part of a target that names a device. */
export interface DeviceWanted {
  deviceId?: string | undefined;
  deviceSource?: 'explicit' | 'ANDROID_SERIAL' | undefined;
}

export interface ResolvedDevice {
  serial: string;
  /** Where the serial came from, for diagnostics. */
  source: 'explicit' | 'ANDROID_SERIAL' | 'only_device';
}

export async function resolveDevice(
  ctx: Pick<SvcContext, 'adb'> & { env?: Env },
  wanted: DeviceWanted = {},
): Promise<ResolvedDevice> {
  return chooseDevice(await listDevices(ctx), wanted, ctx.env === undefined ? [] : askedServers(ctx.env));
}

/** The pure rule, separate from the adb call so every branch is cheap to test. */
export function chooseDevice(
  devices: Device[],
  asked: DeviceWanted = {},
  servers: readonly string[] = [],
): ResolvedDevice {
  const ready = devices.filter((d) => d.state === 'device').map((d) => d.serial);
  const wanted = nonBlank(asked.deviceId);
  const fromEnv = asked.deviceSource === 'ANDROID_SERIAL';
  if (wanted !== undefined) {
    if (ready.includes(wanted)) return { serial: wanted, source: fromEnv ? 'ANDROID_SERIAL' : 'explicit' };
    // Several adb servers: ids are <host>:<port>/<serial>, and a plain serial names the one device that has it.
    const onHosts = wanted.includes('/') ? [] : ready.filter((id) => id.endsWith(`/${wanted}`));
    if (onHosts.length === 1) return { serial: onHosts[0] as string, source: fromEnv ? 'ANDROID_SERIAL' : 'explicit' };
    if (onHosts.length > 1) {
      throw new SvcError(
        'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        `${wanted} is connected to ${onHosts.length} adb servers; name one: ${onHosts.join(', ')}.`,
        { deviceId: wanted, connected: onHosts },
      );
    }
    const known = devices.find((d) => d.serial === wanted);
    throw new SvcError(
      known ? codeOfState(known.state) : codeOf('deviceNotConnected'),
      known
        ? `Device ${wanted} is ${known.state}, not ready (state must be \`device\`).`
        : `Device ${wanted} is not connected${wanted.includes('/') ? ` (is the adb server at ${wanted.slice(0, wanted.indexOf('/'))} up?)` : askedClause(servers)}.`,
      {
        deviceId: wanted,
        ...(known || servers.length === 0 ? {} : { adbServers: servers }),
        ...(known ? { state: known.state } : {}),
        ...(fromEnv ? { from: 'ANDROID_SERIAL' } : {}),
        connected: ready,
      },
      known ? hintOfState(known.state, known.serial) : undefined,
    );
  }
  if (ready.length === 1) return { serial: ready[0] as string, source: 'only_device' };
  if (ready.length === 0) {
    // Nothing ready, but a device is there in another state (the USB prompt, offline, recovery, ...): that is what
    // the user must fix. Only plain strings go into details (an adb listing may carry more, such as a bigint
    // transport id, which JSON cannot carry).
    const blocked = firstBlocked(devices);
    throw new SvcError(
      blocked ? codeOfState(blocked.state) : codeOf('noDevices'),
      devices.length === 0
        ? `No devices are connected${askedClause(servers)}.`
        : `No device is ready (${devices.map((d) => `${d.serial}: ${d.state}`).join(', ')}).`,
      {
        connected: [],
        devices: devices.map(({ serial, state }) => ({ serial, state })),
        ...(servers.length === 0 ? {} : { adbServers: servers }),
        ...(blocked ? { deviceId: blocked.serial, state: blocked.state } : {}),
      },
      blocked ? hintOfState(blocked.state, blocked.serial) : undefined,
    );
  }
  throw new SvcError(codeOf('multipleDevices'), `${ready.length} devices are connected; choose one.`, {
    connected: ready,
  });
}
