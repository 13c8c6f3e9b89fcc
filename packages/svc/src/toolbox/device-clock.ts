// The device's clock and zone offset, from one shell line: `date +%s` (epoch seconds) and the same instant as local
// wall time, whose difference is the zone offset (toybox `date` has no portable `%z` on old builds). The dropbox
// prints local times; the log can be asked for epoch times.
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';

const DATE_COMMAND = "date +%s; date '+%Y-%m-%d %H:%M:%S'";

export interface DeviceClock {
  nowMs: number;
  /** Local time minus UTC, in ms. */
  offsetMs: number;
  /**
   * false when the device did not tell its time: nowMs is then this computer's and offsetMs 0, which a result must
   * say (deviceClock: 'unknown') and a time filter must not use.
   */
  known: boolean;
}

export async function readDeviceClock(ctx: SvcContext, serial: string): Promise<DeviceClock> {
  const out = await ctx.adb.shell(serial, DATE_COMMAND);
  const [epochLine = '', localLine = ''] = out.stdout.trim().split('\n');
  const nowMs = Number(epochLine.trim()) * 1000;
  const local = localAsUtc(localLine.trim());
  if (!Number.isFinite(nowMs) || nowMs <= 0) return { nowMs: Date.now(), offsetMs: 0, known: false };
  const quarterHour = 15 * 60_000;
  const offsetMs = local === undefined ? 0 : Math.round((local - nowMs) / quarterHour) * quarterHour;
  return { nowMs, offsetMs, known: local !== undefined };
}

export function clockUnknown(serial: string): SvcError {
  return new SvcError(
    'DEVICE_SHELL_UNAVAILABLE',
    `The device did not tell its time (\`${DATE_COMMAND}\` gave no date), so since cannot be read on its clock.`,
    { deviceId: serial, path: 'since' },
    'Leave out since, or give it as an ISO time with its zone (2026-05-01T10:00:00Z).',
  );
}

/** `2026-05-01 10:00:00` read as if it were UTC (ms), or undefined. */
export function localAsUtc(text: string): number | undefined {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
}
