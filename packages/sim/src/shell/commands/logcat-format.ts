// logcat's output formats (liblog logprint.cpp): brief, process, tag, thread, raw, time, threadtime, long, and the
// epoch / year / usec / nsec time modifiers and the uid modifier. Times print in the device's zone (GMT).
import type { LogEntry } from '../../device/types.ts';

export type LogStyle = 'brief' | 'process' | 'tag' | 'thread' | 'raw' | 'time' | 'threadtime' | 'long';

export interface LogFormat {
  style: LogStyle;
  epoch: boolean;
  year: boolean;
  /** Fraction digits of the seconds: 3 (default), 6 (usec) or 9 (nsec). */
  digits: 3 | 6 | 9;
  /** `-v uid`: the writer's uid before the pid (Android 7.0 and later). */
  uid?: boolean;
}

/** Names bionic's getpwuid() gives that fit logprint.cpp's 5 characters; longer names print as numbers. */
const SHORT_UID_NAMES: ReadonlyMap<number, string> = new Map([
  [0, 'root'],
  [1001, 'radio'],
  [1004, 'input'],
  [1005, 'audio'],
  [1007, 'log'],
  [1013, 'media'],
  [1027, 'nfc'],
  [2000, 'shell'],
]);

/**
 * logprint.cpp: `%5s:` with the user name when it has at most 5 characters, else `%5d:` with the number. App uids
 * are named `u0_a<n>` (uid 10000 + n), so only the first ten fit.
 */
export function uidColumn(uid: number): string {
  const appIndex = uid - 10000;
  const name = SHORT_UID_NAMES.get(uid) ?? (appIndex >= 0 && appIndex < 10 ? `u0_a${appIndex}` : undefined);
  return `${(name ?? String(uid)).padStart(5, ' ')}:`;
}

export const STYLES = new Set<string>(['brief', 'process', 'tag', 'thread', 'raw', 'time', 'threadtime', 'long']);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const num = (n: number) => String(n).padStart(5, ' ');

function tag8(tag: string): string {
  return tag.padEnd(8, ' ');
}

/** Whole microseconds since the epoch: entry times are kept to the microsecond, and a float ms is not exact. */
export function epochMicros(epochMs: number): number {
  return Math.round(epochMs * 1000);
}

export function formatTime(epochMs: number, format: LogFormat): string {
  const micros = epochMicros(epochMs);
  const seconds = Math.floor(micros / 1_000_000);
  const fractionMicros = micros - seconds * 1_000_000;
  const fractionDigits =
    format.digits === 3
      ? Math.floor(fractionMicros / 1000)
      : format.digits === 6
        ? fractionMicros
        : fractionMicros * 1000;
  const fraction = pad(fractionDigits, format.digits);
  if (format.epoch) return `${String(seconds).padStart(5, ' ')}.${fraction}`;
  const d = new Date(seconds * 1000);
  const date = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${format.year ? `${d.getUTCFullYear()}-` : ''}${date} ${time}.${fraction}`;
}

/** One entry as logcat prints it: each line of a multi-line message gets the prefix. */
export function formatEntry(entry: LogEntry, format: LogFormat): string {
  const p = entry.priority;
  const time = () => formatTime(entry.epochMs, format);
  const uid = format.uid ? uidColumn(entry.uid) : '';
  if (format.style === 'long') {
    return `[ ${time()} ${uid}${num(entry.pid)}:${num(entry.tid)} ${p}/${tag8(entry.tag)} ]\n${entry.message}\n\n`;
  }
  let prefix = '';
  let suffix = '\n';
  switch (format.style) {
    case 'brief':
      prefix = `${p}/${tag8(entry.tag)}(${uid}${num(entry.pid)}): `;
      break;
    case 'process':
      prefix = `${p}(${uid}${num(entry.pid)}) `;
      suffix = `  (${entry.tag})\n`;
      break;
    case 'tag':
      prefix = `${p}/${tag8(entry.tag)}: `;
      break;
    case 'thread':
      prefix = `${p}(${uid}${num(entry.pid)}:${num(entry.tid)}) `;
      break;
    case 'raw':
      break;
    case 'time':
      prefix = `${time()} ${p}/${tag8(entry.tag)}(${uid}${num(entry.pid)}): `;
      break;
    case 'threadtime':
      // threadtime turns the uid's colon into a space.
      prefix = `${time()} ${uid.replace(':', ' ')}${num(entry.pid)} ${num(entry.tid)} ${p} ${tag8(entry.tag)}: `;
      break;
  }
  const lines = entry.message.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => `${prefix}${line}${suffix}`).join('');
}

/** `-t`/`-T` times: `MM-DD hh:mm:ss.mmm`, `YYYY-MM-DD hh:mm:ss.mmm` (device zone) or epoch `sss.mmm`. */
export function parseLogTime(text: string, nowMs: number): number | undefined {
  const epoch = /^(\d+)(?:\.(\d{1,9}))?$/.exec(text);
  if (epoch && text.includes('.')) return Number(epoch[1]) * 1000 + Number(`0.${epoch[2] ?? '0'}`) * 1000;
  const match = /^(?:(\d{4})-)?(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!match) return undefined;
  const year = match[1] ? Number(match[1]) : new Date(nowMs).getUTCFullYear();
  const base = Date.UTC(
    year,
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
    Number(match[6]),
  );
  return base + Number(`0.${match[7] ?? '0'}`) * 1000;
}
