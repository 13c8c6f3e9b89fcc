// logcat as the result channel: the commands svc runs and the line format they print. The stream starts at a
// device-log timestamp taken just before dispatch (`-T '<epoch>'`), so nothing written after it is lost, no matter
// when the follow starts reading, and the host never clears the log (OPERATOR-PROTOCOL §2).
//
// The newest entry is read as text, `-v epoch -v usec -v uid` (all three exist since Android 7.0, the first logcat
// with `-v epoch`; see its help text "brief color epoch long monotonic printable process raw tag thread threadtime
// time uid usec UTC year zone"); Android 5 and 6 refuse those words, which tells svc they are too old for the
// operator:
// - uid: the writer's uid, which logd takes from the socket's credentials, so no app can fake it. The host trusts
//   a protocol line only from the operator package's uid (any app may log under any tag).
// - usec: two entries a microsecond apart print different times, so `-T` (which replays the entries of its own
//   instant) replays at most the entry the host took the bound from, not a millisecond's worth of older lines.
// The follow reads records, `-B` (logger-entry.ts): text formats print each line of a multi-line message as a line
// of its own with the entry's header, so a text the operator logs (a read_text result with a newline) could not be
// told from a line the operator wrote. A record is one log call, whole. No tag filter (and `-B` applies none): the
// operator's tags are its class names, which release builds rename, and its UI hierarchy is a debug entry
// (docs/published-operator.md 2.4.1); records are known by their marker and their writer's uid, and verbose ones,
// never the operator's, are skipped by the reader.
import { quoteShellArg } from '../../contracts/dispatch.ts';

const FORMAT = '-v epoch -v usec -v uid';

/** The newest entry of the device log (any tag): its time is the lower bound of the follow. */
export const LAST_ENTRY_COMMAND = `logcat ${FORMAT} -t 1`;

export function followCommand(since: string | undefined): string {
  const from = since === undefined ? '' : ` -T ${quoteShellArg(since)}`;
  return `logcat -B${from}`;
}

export interface LogcatEntry {
  /** `sss.uuuuuu` exactly as printed (what `-T` takes back). */
  epoch: string;
  /** The writer's process and thread: the records of one long message share both. */
  pid: number;
  tid: number;
  /** The writer's uid; undefined when the line carries none or names a user svc does not know. */
  uid: number | undefined;
  priority: string;
  tag: string;
  message: string;
  /** The logger cut the message at its size limit (logger-entry.ts): the writer's text goes on past it. */
  truncated?: boolean;
}

// `1700000000.123456 10123  1234  1234 I SvcOperator: message`: time, uid (a number, or a name of at most 5
// characters: `shell`, `root`, `u0_a5`), pid, tid, priority, tag (padded before the colon). liblog's logprint.cpp
// prints 6 spaces for an entry without a uid; the uid column is optional here for that reason.
const ENTRY_LINE = /^\s*(\d+\.\d+)\s+(?:(\S+)\s+)?(\d+)\s+(\d+)\s+([VDIWEFS])\s+(.*?)\s*: (.*)$/s;

/** AIDs whose names fit logprint.cpp's 5 characters (bionic android_filesystem_config.h). */
const NAMED_UIDS: Readonly<Record<string, number>> = {
  root: 0,
  radio: 1001,
  input: 1004,
  audio: 1005,
  log: 1007,
  media: 1013,
  nfc: 1027,
  shell: 2000,
};

/** A uid column: `10123`, `shell`, `u0_a5` (user 0, app 5 = 10005), `u10_a5` (user 10 = 1010005). */
export function parseUid(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const app = /^u(\d+)_a(\d+)$/.exec(text);
  if (app) return Number(app[1]) * 100_000 + 10_000 + Number(app[2]);
  return Object.hasOwn(NAMED_UIDS, text) ? NAMED_UIDS[text] : undefined;
}

export function parseLogcatLine(line: string): LogcatEntry | undefined {
  const m = ENTRY_LINE.exec(line);
  if (m === null) return undefined;
  return {
    epoch: m[1] as string,
    uid: m[2] === undefined ? undefined : parseUid(m[2]),
    pid: Number(m[3]),
    tid: Number(m[4]),
    priority: m[5] as string,
    tag: m[6] as string,
    message: m[7] as string,
  };
}

/**
 * The lines LAST_ENTRY_COMMAND printed for the newest entry (one per line of its message, all with its time);
 * empty for an empty log.
 */
export function lastEntryLines(output: string): LogcatEntry[] {
  const entries = output
    .split('\n')
    .map((line) => parseLogcatLine(line.replace(/\r$/, '')))
    .filter((entry) => entry !== undefined);
  const newest = entries.at(-1);
  return newest === undefined ? [] : entries.filter((entry) => entry.epoch === newest.epoch);
}
