// `date [-u] [+FORMAT]` (toybox): the device clock in UTC (persist.sys.timezone is GMT), strftime-style formats
// incl. `+%s`, `+%N` and `+%s%N` that scripts use for timestamps.
import type { ShellCommand } from '../../device/types.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);

export function formatDate(format: string, epochMs: number): string {
  const d = new Date(Math.floor(epochMs));
  const nanos = Math.round((epochMs - Math.floor(epochMs / 1000) * 1000) * 1e6);
  const startOfYear = Date.UTC(d.getUTCFullYear(), 0, 1);
  const fields: Record<string, () => string> = {
    a: () => (DAYS[d.getUTCDay()] ?? '').slice(0, 3),
    A: () => DAYS[d.getUTCDay()] ?? '',
    b: () => (MONTHS[d.getUTCMonth()] ?? '').slice(0, 3),
    h: () => (MONTHS[d.getUTCMonth()] ?? '').slice(0, 3),
    B: () => MONTHS[d.getUTCMonth()] ?? '',
    Y: () => String(d.getUTCFullYear()),
    y: () => pad(d.getUTCFullYear() % 100),
    m: () => pad(d.getUTCMonth() + 1),
    d: () => pad(d.getUTCDate()),
    e: () => pad(d.getUTCDate(), 2, ' '),
    H: () => pad(d.getUTCHours()),
    I: () => pad(d.getUTCHours() % 12 || 12),
    p: () => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
    M: () => pad(d.getUTCMinutes()),
    S: () => pad(d.getUTCSeconds()),
    s: () => String(Math.floor(epochMs / 1000)),
    N: () => pad(Math.min(999_999_999, Math.max(0, nanos)), 9),
    j: () => pad(Math.floor((d.getTime() - startOfYear) / 86_400_000) + 1, 3),
    Z: () => 'GMT',
    z: () => '+0000',
    T: () => `${fields.H?.()}:${fields.M?.()}:${fields.S?.()}`,
    R: () => `${fields.H?.()}:${fields.M?.()}`,
    D: () => `${fields.m?.()}/${fields.d?.()}/${fields.y?.()}`,
    F: () => `${fields.Y?.()}-${fields.m?.()}-${fields.d?.()}`,
    n: () => '\n',
    t: () => '\t',
    '%': () => '%',
  };
  return format.replace(/%(.)/g, (whole, c: string) => fields[c]?.() ?? whole);
}

export const date: ShellCommand = async (argv, io, device) => {
  let format = '%a %b %e %H:%M:%S %Z %Y';
  for (const arg of argv) {
    if (arg === '-u' || arg === '--utc') continue;
    if (arg.startsWith('+')) format = arg.slice(1);
    else {
      await io.writeStderr(`date: bad date '${arg}'\n`);
      return 1;
    }
  }
  await io.writeStdout(`${formatDate(format, device.now())}\n`);
  return 0;
};
