// The device's clock and zone offset, from one shell line: `date +%s` (epoch seconds) and the same instant as local
// wall time, whose difference is the zone offset (toybox `date` has no portable `%z` on old builds). The dropbox
// prints local times; the log can be asked for epoch times.
import type { SvcContext } from '../core/context.ts';

export interface DeviceClock {
  nowMs: number;
  /** Local time minus UTC, in ms. */
  offsetMs: number;
}

export async function readDeviceClock(ctx: SvcContext, serial: string): Promise<DeviceClock> {
  const out = await ctx.adb.shell(serial, "date +%s; date '+%Y-%m-%d %H:%M:%S'");
  const [epochLine = '', localLine = ''] = out.stdout.trim().split('\n');
  const nowMs = Number(epochLine.trim()) * 1000;
  const local = localAsUtc(localLine.trim());
  if (!Number.isFinite(nowMs) || nowMs <= 0) return { nowMs: Date.now(), offsetMs: 0 };
  const quarterHour = 15 * 60_000;
  const offsetMs = local === undefined ? 0 : Math.round((local - nowMs) / quarterHour) * quarterHour;
  return { nowMs, offsetMs };
}

/** `2026-05-01 10:00:00` read as if it were UTC (ms), or undefined. */
export function localAsUtc(text: string): number | undefined {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
}
