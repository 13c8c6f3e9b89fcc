// When a device log question starts: `since` as a duration back from the device's clock (`90s`, `10m`, `2h`,
// `1d`), an ISO 8601 date-time (`2026-05-01T10:00:00Z`), or epoch milliseconds.
import { z } from 'zod';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const sinceSchema = z
  .string()
  .trim()
  .refine((text) => parseSince(text, 0) !== undefined, {
    message: 'must be a duration back from now (90s, 10m, 2h, 1d), an ISO date-time, or epoch milliseconds',
  })
  .describe('Only what happened since: 90s, 10m, 2h, 1d back, an ISO date-time, or epoch ms');

/** Epoch ms of `text`, durations counted back from `deviceNowMs`; undefined when it is none of the three forms. */
export function parseSince(text: string, deviceNowMs: number): number | undefined {
  const duration = /^(\d{1,7})([smhd])$/.exec(text);
  if (duration) return deviceNowMs - Number(duration[1]) * (UNIT_MS[duration[2] as string] as number);
  if (/^\d{10,16}$/.test(text)) return Number(text);
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** A duration needs the device's clock; the other forms do not. */
export function isRelative(text: string): boolean {
  return /^\d+[smhd]$/.test(text);
}

/** logcat's `-T` epoch form, `<seconds>.<millis>`. */
export function logcatTime(epochMs: number): string {
  const ms = Math.max(0, Math.floor(epochMs));
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
}
