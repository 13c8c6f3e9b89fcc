// Device selection (SPEC 3.3 with DECISIONS 16): the explicit id, else ANDROID_SERIAL, else the only device in
// state `device`. Only devices in state `device` can be targeted.
import type { SvcContext } from '../app/context.ts';
import { SvcError } from '../contracts/errors.ts';
import { type Device, listDevices } from './list-devices.ts';

export interface ResolvedDevice {
  serial: string;
  /** Where the serial came from, for diagnostics. */
  source: 'explicit' | 'ANDROID_SERIAL' | 'only_device';
}

export async function resolveDevice(ctx: Pick<SvcContext, 'adb' | 'env'>, deviceId?: string): Promise<ResolvedDevice> {
  return chooseDevice(await listDevices(ctx), deviceId, ctx.env.ANDROID_SERIAL);
}

/** The pure rule, separate from the adb call so every branch is cheap to test. */
export function chooseDevice(devices: Device[], deviceId?: string, androidSerial?: string): ResolvedDevice {
  const ready = devices.filter((d) => d.state === 'device').map((d) => d.serial);
  const explicit = nonBlank(deviceId);
  const fromEnv = nonBlank(androidSerial);
  const wanted = explicit ?? fromEnv;
  if (wanted !== undefined) {
    if (ready.includes(wanted))
      return { serial: wanted, source: explicit !== undefined ? 'explicit' : 'ANDROID_SERIAL' };
    const known = devices.find((d) => d.serial === wanted);
    throw new SvcError(
      'DEVICE_NOT_FOUND',
      known
        ? `Device ${wanted} is ${known.state}, not ready (state must be \`device\`).`
        : `Device ${wanted} is not connected.`,
      {
        deviceId: wanted,
        ...(known ? { state: known.state } : {}),
        ...(explicit === undefined ? { from: 'ANDROID_SERIAL' } : {}),
        connected: ready,
      },
    );
  }
  if (ready.length === 1) return { serial: ready[0] as string, source: 'only_device' };
  if (ready.length === 0) {
    throw new SvcError(
      'NO_DEVICES',
      devices.length === 0
        ? 'No devices are connected.'
        : `No device is ready (${devices.map((d) => `${d.serial}: ${d.state}`).join(', ')}).`,
      { connected: [], devices },
    );
  }
  throw new SvcError('MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', `${ready.length} devices are connected; choose one.`, {
    connected: ready,
  });
}

function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
