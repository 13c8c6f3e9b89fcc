// Recent app crashes and ANRs (list) and one of them in full (get), from the crash buffer and the dropbox.
import type { crash } from '../../contracts/chores/crash.ts';
import { CRASHES_DEFAULT_LIMIT, type crashes } from '../../contracts/chores/crashes.ts';
import { parseSince } from '../../contracts/chores/time-spec.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import type { ChoreRunner } from '../chore.ts';
import {
  type CrashReport,
  crashesFromBuffer,
  DROPBOX_TAGS,
  mergeReports,
  reportsFromDropbox,
} from '../crash-reports.ts';
import { shellRefused } from '../device-answer.ts';
import { clockUnknown, readDeviceClock } from '../device-clock.ts';
import { logcatRefusal, logFormatFor, parseLog } from '../log-lines.ts';

const MAX_TEXT_CHARS = 32_000;

interface DeviceReports {
  reports: CrashReport[];
  nowMs: number;
  /** false: the device did not tell its time (dropbox times read as UTC, since cannot be applied). */
  clockKnown: boolean;
}

/** What dumpsys prints instead of a dump (no such service, no permission, no dumpsys). */
const DUMPSYS_ERROR = /^(?:Can't find service: .*|Permission Denial.*|.*: not found|.*: inaccessible or not found)$/;

/**
 * The refusal of a read of the crash buffer (logcatRefusal) or of the dropbox, or undefined. The dropbox's reports
 * hold any text an app threw, so only its first line (where dumpsys says it refused) and stderr are read for one.
 */
function refusalOf(command: string, out: { stdout: string; stderr: string; exitCode: number }): string | undefined {
  if (command.startsWith('logcat')) return logcatRefusal(out);
  const first = out.stdout.split('\n').find((line) => line.trim() !== '') ?? '';
  const said = [first, ...out.stderr.split('\n')].map((line) => line.trim()).find((line) => DUMPSYS_ERROR.test(line));
  if (said !== undefined) return said.slice(0, 300);
  if (out.exitCode !== 0 && out.exitCode !== -1)
    return out.stderr.trim().slice(0, 300) || `exit status ${out.exitCode}`;
  return undefined;
}

/** stdout of a read of the crash buffer or dropbox; DEVICE_SHELL_UNAVAILABLE with the device's words if refused. */
async function readChecked(ctx: SvcContext, serial: string, command: string): Promise<string> {
  const out = await ctx.adb.shell(serial, command);
  const refused = refusalOf(command, out);
  if (refused !== undefined) throw shellRefused(serial, command, refused);
  return out.stdout;
}

async function readReports(ctx: SvcContext, serial: string): Promise<DeviceReports> {
  const [clock, sdk] = await Promise.all([readDeviceClock(ctx, serial), new DeviceShell(ctx, serial).sdk()]);
  // AND semantics of dumpsys dropbox search words: one call per tag (several tags in one call match nothing).
  const [buffer = '', ...dropbox] = await Promise.all([
    readChecked(ctx, serial, `logcat -d -b crash ${logFormatFor(sdk)}`),
    ...DROPBOX_TAGS.map((tag) => readChecked(ctx, serial, `dumpsys dropbox --print ${tag}`)),
  ]);
  const fromDropbox = dropbox.flatMap((text) => reportsFromDropbox(text, clock.offsetMs));
  return {
    reports: mergeReports(crashesFromBuffer(parseLog(buffer, sdk, clock)), fromDropbox),
    nowMs: clock.nowMs,
    clockKnown: clock.known,
  };
}

/** Said in a result whose report times may be off: the device did not tell its time. */
const clockNote = (known: boolean) => (known ? {} : { deviceClock: 'unknown' });

const summaryOf = ({ text: _text, ...rest }: CrashReport) => rest;

export const runCrashes: ChoreRunner<typeof crashes> = async ({ ctx, serial, params }) => {
  const { reports, nowMs, clockKnown } = await readReports(ctx, serial);
  if (params.since !== undefined && !clockKnown) throw clockUnknown(serial);
  // The definition let blanks around it through; they are no part of the time.
  const since = params.since === undefined ? undefined : parseSince(params.since.trim(), nowMs);
  const matching = reports.filter(
    (r) =>
      (params.package === undefined || r.package === params.package) && (since === undefined || r.epochMs >= since),
  );
  const shown = matching.slice(0, params.limit ?? CRASHES_DEFAULT_LIMIT).map(summaryOf);
  return {
    crashes: shown,
    count: shown.length,
    truncated: matching.length > shown.length,
    ...clockNote(clockKnown),
  };
};

export const runCrash: ChoreRunner<typeof crash> = async ({ ctx, serial, params }) => {
  // Blanks around the id are the caller's (the definition lets them through).
  const id = params.id.trim();
  const { reports, clockKnown } = await readReports(ctx, serial);
  const report = reports.find((r) => r.id === id);
  if (report === undefined) {
    throw new SvcError('CRASH_NOT_FOUND', `No crash or ANR report ${id} on ${serial}.`, {
      path: 'id',
      id,
      known: reports.slice(0, 20).map((r) => r.id),
    });
  }
  const truncated = report.text.length > MAX_TEXT_CHARS;
  return { ...report, text: report.text.slice(0, MAX_TEXT_CHARS), truncated, ...clockNote(clockKnown) };
};
