// When a device log question starts: `since` as a duration back from the device's clock (`90s`, `10m`, `2h`,
// `1d`), an ISO 8601 date-time (`2026-05-01T10:00:00Z`), or epoch milliseconds. Pure: the chores' definitions check
// it, their runners read it against the device's clock.

import { matching } from '../fields.ts';
import { fail } from '../validation-issue.ts';

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const SAYS = 'a duration back from now (90s, 10m, 2h, 1d), an ISO date-time, or epoch milliseconds';

/** The three forms, with the blanks around them a caller may leave (the runner trims them). */
export const since = matching(
  /^\s*(?:\d{1,7}[smhd]|\d{10,16}|\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d))\s*$/,
  SAYS,
);

/** Its flag's help. */
export const SINCE_HELP = 'Only what happened since: 90s, 10m, 2h, 1d back, an ISO date-time, or epoch ms';

/** The cross-field part of the rule: an ISO date-time of the right shape must also be a day that exists. */
export function checkSince(value: string | undefined, path: string): void {
  if (value !== undefined && parseSince(value.trim(), 0) === undefined) {
    fail(path, `must be ${SAYS}, got ${JSON.stringify(value.slice(0, 40))}`, SAYS);
  }
}

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
