// `logcat`: dump (-d), clear (-c), tail (-t/-T count or time), formats (-v), binary records (-B), buffers (-b),
// filterspecs and -s, ANDROID_LOG_TAGS, -m, -e, --pid; without -d/-t it follows the log until the host closes the
// stream. New entries
// are pushed by a subscription (no polling), so a follower sees them as soon as they are written.
import type { LogEntry, ShellCommand, ShellIO } from '../../device/types.ts';
import { binaryRecord } from './logcat-binary.ts';
import { selectedBuffers } from './logcat-buffers.ts';
import { LogFilter } from './logcat-filter.ts';
import { epochMicros, formatEntry, type LogFormat, type LogStyle, parseLogTime, STYLES } from './logcat-format.ts';

const WITH_VALUE = new Set(['b', 'v', 't', 'T', 'm', 'e', 'f', 'r', 'n', 'G', 'P', 'p']);
const LONG: Record<string, string> = { buffer: 'b', format: 'v', 'max-count': 'm', regex: 'e', file: 'f' };
const LONG_SWITCHES: Record<string, string> = { dump: 'd', clear: 'c', binary: 'B' };
const BUFFERS = new Set([
  'main',
  'system',
  'crash',
  'radio',
  'events',
  'kernel',
  'security',
  'stats',
  'default',
  'all',
]);

interface Options {
  dump: boolean;
  clear: boolean;
  follow: boolean;
  tail?: { count: number } | { sinceMs: number };
  format: LogFormat;
  /** -B: the records themselves (logcat-binary.ts). */
  binary: boolean;
  readsMain: boolean;
  filter: LogFilter;
  maxCount?: number;
  regex?: RegExp;
  pid?: number;
  /** The buffers asked for with -b (`logcat-buffers.ts`). */
  buffers: ReadonlySet<string>;
}

class UsageError extends Error {}

function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
  nowMs: number,
  sdk: number,
): Options {
  const opts: Options = {
    dump: false,
    clear: false,
    follow: true,
    format: { style: 'threadtime', epoch: false, year: false, digits: 3 },
    binary: false,
    readsMain: true,
    filter: new LogFilter(),
    buffers: selectedBuffers([]),
  };
  const specs: string[] = [];
  const buffers: string[] = [];
  let silent = false;
  const apply = (flag: string, value: string | undefined) => {
    switch (flag) {
      case 'd':
        opts.dump = true;
        break;
      case 'c':
        opts.clear = true;
        break;
      case 's':
        silent = true;
        break;
      case 'D':
        break;
      case 'B':
        opts.binary = true;
        break;
      case 'b':
        for (const b of (value ?? '').split(',')) {
          if (!BUFFERS.has(b)) throw new UsageError(`Unknown buffer '${b}' listed for -b`);
          buffers.push(b);
        }
        break;
      case 'v':
        for (const word of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
          // Android 5 and 6 know the styles and color, usec and printable only (liblog logprint.c
          // android_log_formatFromString); epoch, monotonic, year, zone and uid came with Android 7.0.
          if (sdk < 24 && !STYLES.has(word) && !['color', 'usec', 'printable'].includes(word)) {
            throw new UsageError(`Invalid parameter ${word} to -v`);
          }
          if (STYLES.has(word)) opts.format.style = word as LogStyle;
          else if (word === 'epoch') opts.format.epoch = true;
          else if (word === 'year') opts.format.year = true;
          else if (word === 'usec') opts.format.digits = 6;
          else if (word === 'nsec') opts.format.digits = 9;
          else if (word === 'uid') opts.format.uid = true;
          else if (!['color', 'printable', 'UTC', 'zone', 'monotonic', 'descriptive'].includes(word))
            throw new UsageError(`Invalid parameter "${word}" to -v`);
        }
        break;
      case 't':
      case 'T': {
        const text = value ?? '';
        if (/^\d+$/.test(text)) opts.tail = { count: Number(text) };
        else {
          const sinceMs = parseLogTime(text, nowMs);
          if (sinceMs === undefined) throw new UsageError(`-${flag} "${text}" not in time format`);
          opts.tail = { sinceMs };
        }
        if (flag === 't') opts.dump = true;
        break;
      }
      case 'm':
        opts.maxCount = Number(value);
        if (!Number.isInteger(opts.maxCount) || opts.maxCount < 1)
          throw new UsageError(`-m "${value}" isn't an integer greater than zero`);
        break;
      case 'e':
        opts.regex = new RegExp(value ?? '');
        break;
      case 'pid':
        opts.pid = Number(value);
        break;
    }
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s);
      if (LONG_SWITCHES[name]) apply(LONG_SWITCHES[name] as string, undefined);
      else if (name === 'pid') apply('pid', inline ?? argv[++i]);
      else if (LONG[name]) apply(LONG[name] as string, inline ?? argv[++i]);
      else if (name !== 'dividers') throw new UsageError(`unrecognized option '--${name}'`);
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const flag = arg[j] as string;
        if (WITH_VALUE.has(flag)) {
          const value = j + 1 < arg.length ? arg.slice(j + 1) : argv[++i];
          if (value === undefined) throw new UsageError(`option requires an argument -- ${flag}`);
          apply(flag, value);
          break;
        }
        if (!'dcsDLgSB'.includes(flag)) throw new UsageError(`invalid option -- ${flag}`);
        apply(flag, undefined);
      }
    } else specs.push(arg);
  }
  if (opts.dump) opts.follow = false;
  opts.buffers = selectedBuffers(buffers);
  opts.readsMain = opts.buffers.size > 0;
  if (silent) opts.filter.addRule('*:S');
  const source = specs.length > 0 ? specs.join(' ') : silent ? '' : (env.ANDROID_LOG_TAGS ?? '');
  if (!opts.filter.addRules(source)) {
    if (specs.length > 0) throw new UsageError('Invalid filter expression in logcat args');
  }
  return opts;
}

function selectBacklog(entries: readonly LogEntry[], opts: Options): readonly LogEntry[] {
  const tail = opts.tail;
  if (!tail) return entries;
  // Like logd, the tail is cut before logcat applies tag filters (`-t 10 -s Tag` may print fewer than 10).
  if ('count' in tail) return tail.count === 0 ? entries : entries.slice(Math.max(0, entries.length - tail.count));
  // Compared in whole microseconds: `-T <sss.uuuuuu>` must replay exactly the entries from that microsecond on.
  const since = epochMicros(tail.sinceMs);
  return entries.filter((e) => epochMicros(e.epochMs) >= since);
}

export const logcat: ShellCommand = async (argv, io, device) => {
  let opts: Options;
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 35);
  try {
    opts = parseArgs(argv, io.env ?? {}, device.now(), sdk);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof SyntaxError)) throw error;
    // Android 5 and 6 (logcat.cpp logcat_panic(true, ...)): the message, then the help, exit status 1.
    await io.writeStderr(
      sdk < 24
        ? `${error.message}\nUsage: logcat [options] [filterspecs]\noptions include:\n`
        : `logcat: ${error.message}\nFor more information, run 'logcat --help'.\n`,
    );
    return 1;
  }
  if (opts.clear) {
    device.log.clear();
    return 0;
  }
  const printer = opts.binary ? createBinaryWriter(io, opts, sdk) : createPrinter(io, opts);
  if (!opts.readsMain) {
    if (opts.follow) await untilAborted(io.signal);
    return 0;
  }
  const pending: LogEntry[] = [];
  let wake: (() => void) | undefined;
  const onAbort = () => wake?.();
  const unsubscribe = opts.follow
    ? device.log.subscribe((entry) => {
        pending.push(entry);
        wake?.();
      })
    : () => {};
  io.signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (const entry of selectBacklog([...device.log.entries()], opts)) if (!(await printer(entry))) return 0;
    while (opts.follow && !io.signal.aborted) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      for (const entry of pending.splice(0)) if (!(await printer(entry))) return 0;
    }
    return 0;
  } finally {
    unsubscribe();
    io.signal.removeEventListener('abort', onAbort);
  }
};

/** Writes matching entries; resolves false once -m is reached. */
function createPrinter(io: ShellIO, opts: Options) {
  let printed = 0;
  let shownBuffer: string | undefined;
  return async (entry: LogEntry): Promise<boolean> => {
    if (io.signal.aborted) return false;
    if (!opts.filter.accepts(entry.tag, entry.priority)) return true;
    if (opts.pid !== undefined && entry.pid !== opts.pid) return true;
    if (opts.regex && !opts.regex.test(entry.message)) return true;
    const buffer = entry.buffer ?? 'main';
    if (!opts.buffers.has(buffer)) return true;
    const divider = buffer !== shownBuffer ? `--------- beginning of ${buffer}\n` : '';
    shownBuffer = buffer;
    await io.writeStdout(divider + formatEntry(entry, opts.format));
    printed++;
    return opts.maxCount === undefined || printed < opts.maxCount;
  };
}

/** -B: every entry of the asked buffers (and --pid), filterspecs, -e and -m not applied (logcat-binary.ts). */
function createBinaryWriter(io: ShellIO, opts: Options, sdk: number) {
  return async (entry: LogEntry): Promise<boolean> => {
    if (io.signal.aborted) return false;
    if (opts.pid !== undefined && entry.pid !== opts.pid) return true;
    if (!opts.buffers.has(entry.buffer ?? 'main')) return true;
    await io.writeStdout(binaryRecord(entry, sdk));
    return true;
  };
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
