// Lines of `logcat -v epoch` (`<sec>.<ms> <pid> <tid> <level> <tag padded to 8>: <message>`, the threadtime layout
// with an epoch time: AOSP liblog logprint.cpp), or of `-v threadtime` on Android 5 and 6, read into records;
// `--------- beginning of <buffer>` dividers and lines of another shape are skipped.
export interface LogRecord {
  epochMs: number;
  pid: number;
  tid: number;
  level: string;
  tag: string;
  message: string;
}

/** What follows the time in both layouts: pid, tid, level, tag (padded before the colon), message. */
const AFTER_TIME = String.raw`\s+(\d+)\s+(\d+)\s+([VDIWEFA])\s(.*?)\s*: (.*)$`;
const LINE = new RegExp(String.raw`^\s*(\d+)\.(\d{3})\d*` + AFTER_TIME);

/**
 * What to ask logcat for: `-v epoch` from Android 7.0; Android 5 and 6 know no epoch ("Invalid parameter epoch to
 * -v"), so there the threadtime layout, whose local wall time parseLog turns into epoch ms with the device's clock.
 */
export const logFormatFor = (sdk: number) => (sdk >= 24 ? '-v epoch' : '-v threadtime');

/** logcat's `-T` epoch form, `<seconds>.<millis>`. */
export function logcatTime(epochMs: number): string {
  const ms = Math.max(0, Math.floor(epochMs));
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
}

// `05-01 10:00:00.123  1234  1256 I Tag     : message`: month-day and local time, no year, no zone.
const THREADTIME = new RegExp(String.raw`^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})` + AFTER_TIME);
const DAY_MS = 86_400_000;

/**
 * Records of `logcat -v threadtime`, timed by the device's clock (`nowMs`, and `offsetMs`: local minus UTC): the year
 * is the device's, or the one before for a date later than a day ahead of its now (a log that spans New Year).
 */
export function parseThreadtimeLog(text: string, clock: { nowMs: number; offsetMs: number }): LogRecord[] {
  const localNow = clock.nowMs + clock.offsetMs;
  const year = new Date(localNow).getUTCFullYear();
  return readRecords(text, THREADTIME, (time) => {
    const [mo, d, h, mi, sec, ms] = time.map(Number) as [number, number, number, number, number, number];
    let local = Date.UTC(year, mo - 1, d, h, mi, sec, ms);
    if (local > localNow + DAY_MS) local = Date.UTC(year - 1, mo - 1, d, h, mi, sec, ms);
    return local - clock.offsetMs;
  });
}

/** The records of a read made with logFormatFor(sdk). */
export function parseLog(text: string, sdk: number, clock: { nowMs: number; offsetMs: number }): LogRecord[] {
  return sdk >= 24
    ? readRecords(text, LINE, ([sec, ms]) => Number(sec) * 1000 + Number(ms))
    : parseThreadtimeLog(text, clock);
}

/** The lines `layout` matches, their time groups turned into epoch ms by `epochOf`; other lines are skipped. */
function readRecords(text: string, layout: RegExp, epochOf: (time: string[]) => number): LogRecord[] {
  const records: LogRecord[] = [];
  for (const line of text.split('\n')) {
    const m = layout.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    const [pid, tid, level, tag, message] = m.slice(-5) as [string, string, string, string, string];
    const epochMs = epochOf(m.slice(1, -5));
    records.push({ epochMs, pid: Number(pid), tid: Number(tid), level, tag: tag.trim(), message });
  }
  return records;
}

/** One record as a compact line: `2026-05-01T10:00:00.123Z 1234 I Tag: message`. */
export function formatRecord(record: LogRecord): string {
  return `${new Date(record.epochMs).toISOString()} ${record.pid} ${record.level} ${record.tag}: ${record.message}`;
}

/** Lines logcat prints when it refused (usage errors, a bad option, no permission, no logcat at all). */
const LOGCAT_ERROR =
  /^(?:logcat: .*|Usage: logcat.*|.*Invalid parameter.*|Unknown .*|Unrecognized Option.*|.*Permission denied.*|.*: not found|.*: inaccessible or not found)$/i;

/**
 * logcat's refusal in the device's words, or undefined when it read the log. Below Android 7 adb gives no status
 * and no stderr apart, so a line that is no log record and says an error fails it too; log records themselves
 * (any text an app logged) are never read as a refusal.
 */
export function logcatRefusal(out: { stdout: string; stderr: string; exitCode: number }): string | undefined {
  const lines = `${out.stdout}\n${out.stderr}`
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter(
      (line) => line.trim() !== '' && !LINE.test(line) && !THREADTIME.test(line) && !line.startsWith('--------- '),
    );
  const said = lines.find((line) => LOGCAT_ERROR.test(line.trim()))?.trim();
  if (said !== undefined) return said.slice(0, 300);
  if (out.exitCode !== 0 && out.exitCode !== -1)
    return (lines[0]?.trim() || `exit status ${out.exitCode}`).slice(0, 300);
  return undefined;
}
