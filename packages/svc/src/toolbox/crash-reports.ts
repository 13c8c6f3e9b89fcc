// Crash and ANR reports read from the two places Android keeps them:
// - the crash buffer (`logcat -b crash`): RuntimeInit logs `FATAL EXCEPTION: <thread>`, `Process: <name>, PID:
//   <pid>`, the exception and its frames under the tag AndroidRuntime (AOSP core/java/com/android/internal/os/
//   RuntimeInit.java);
// - the dropbox (`dumpsys dropbox --print <tag>`): entries `========================================` /
//   `<yyyy-MM-dd HH:mm:ss> <tag> (text, <n> bytes)` / text, where ActivityManagerService files data_app_crash,
//   data_app_anr (system_app_* for system apps) with `Process:`, `PID:`, `Subject:` (ANR) header lines
//   (DropBoxManagerService.dump; ActivityManagerService.addErrorToDropBox). Dropbox times are the device's local time.
import { localAsUtc } from './device-clock.ts';
import type { LogRecord } from './log-lines.ts';

export interface CrashReport {
  /** Stable for `crash`: `<dropbox tag>@<epoch ms>` or `crash-buffer@<epoch ms>-<pid>`. */
  id: string;
  kind: 'crash' | 'anr';
  package: string;
  pid?: number;
  time: string;
  epochMs: number;
  /** The exception line of a crash, the reason of an ANR. */
  summary: string;
  source: 'crash-buffer' | 'dropbox';
  text: string;
}

export const DROPBOX_TAGS = ['data_app_crash', 'data_app_anr', 'system_app_crash', 'system_app_anr'] as const;

/** FATAL EXCEPTION blocks of the crash buffer (records of `logcat -b crash`). */
export function crashesFromBuffer(records: readonly LogRecord[]): CrashReport[] {
  const reports: CrashReport[] = [];
  let current: { first: LogRecord; lines: string[] } | undefined;
  const flush = () => {
    if (current === undefined) return;
    const { first, lines } = current;
    const process = /^Process: ([^,\s]+)(?:, PID: (\d+))?/.exec(lines[1] ?? '');
    reports.push({
      id: `crash-buffer@${first.epochMs}-${first.pid}`,
      kind: 'crash',
      package: process?.[1] ?? 'unknown',
      pid: process?.[2] ? Number(process[2]) : first.pid,
      time: new Date(first.epochMs).toISOString(),
      epochMs: first.epochMs,
      summary: lines[2] ?? lines[0] ?? '',
      source: 'crash-buffer',
      text: lines.join('\n'),
    });
    current = undefined;
  };
  for (const record of records) {
    if (record.tag !== 'AndroidRuntime') continue;
    if (record.message.startsWith('FATAL EXCEPTION')) {
      flush();
      current = { first: record, lines: [record.message] };
    } else if (current !== undefined && record.pid === current.first.pid) {
      current.lines.push(record.message);
    }
  }
  flush();
  return reports;
}

const RULE = /^={40}$/m;
const ENTRY_HEAD = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) (\S+) \([^)]*\)$/;

/** Entries of `dumpsys dropbox --print <tag>` output; `offsetMs` converts the local times to UTC. */
export function reportsFromDropbox(text: string, offsetMs: number): CrashReport[] {
  const reports: CrashReport[] = [];
  for (const chunk of text.split(RULE).slice(1)) {
    const lines = chunk.replace(/^\n/, '').split('\n');
    const head = ENTRY_HEAD.exec(lines[0] ?? '');
    if (!head) continue;
    const tag = head[2] as string;
    if (!(DROPBOX_TAGS as readonly string[]).includes(tag)) continue;
    const local = localAsUtc(head[1] as string) ?? 0;
    const epochMs = local - offsetMs;
    const body = lines.slice(1).join('\n').replace(/\n+$/, '');
    const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(body)?.[1]?.trim();
    const anr = tag.endsWith('_anr');
    const afterHeaders = body.split('\n\n')[1]?.split('\n')[0]?.trim() ?? '';
    const pid = Number(field('PID'));
    reports.push({
      id: `${tag}@${epochMs}`,
      kind: anr ? 'anr' : 'crash',
      package: field('Process') ?? 'unknown',
      ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}),
      time: new Date(epochMs).toISOString(),
      epochMs,
      summary: (anr ? field('Subject') : afterHeaders) ?? afterHeaders,
      source: 'dropbox',
      text: body,
    });
  }
  return reports;
}

/** Both sources, newest first; a crash-buffer block the dropbox also filed (same app, within 10 s) is dropped. */
export function mergeReports(fromBuffer: CrashReport[], fromDropbox: CrashReport[]): CrashReport[] {
  const kept = fromBuffer.filter(
    (b) =>
      !fromDropbox.some(
        (d) => d.kind === 'crash' && d.package === b.package && Math.abs(d.epochMs - b.epochMs) <= 10_000,
      ),
  );
  return [...fromDropbox, ...kept].sort((a, b) => b.epochMs - a.epochMs);
}
