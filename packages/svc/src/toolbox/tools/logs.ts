// The device log of one app (or of the whole device) since a time, filtered and bounded. The app's processes are
// found by name (`pidof`, or `ps` below API 23) and the log is read once with `logcat -d -v epoch [-T <since>]
// *:<level>` (Android 5 and 6: `-v threadtime`, timed by the device's clock, `since` applied here); lines are kept
// when their pid is the app's and their text contains `grep`, and only the newest maxLines are returned.
// An app that is not running has no pid to filter by: its lines cannot be told apart (crashes keeps its crashes).
import { LOGS_DEFAULT_MAX_LINES, type logs } from '../../contracts/chores/logs.ts';
import { isRelative, parseSince } from '../../contracts/chores/time-spec.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { pidsCommand, pidsIn } from '../../device-shell/processes.ts';
import type { ChoreRunner } from '../chore.ts';
import { shellRefused } from '../device-answer.ts';
import { clockUnknown, readDeviceClock } from '../device-clock.ts';
import { formatRecord, logcatRefusal, logcatTime, logFormatFor, parseLog } from '../log-lines.ts';

const MAX_LINE_CHARS = 1000;

export const runLogs: ChoreRunner<typeof logs> = async ({ ctx, serial, params }) => {
  const shell = new DeviceShell(ctx, serial);
  const sdk = await shell.sdk();
  let pids: Set<number> | undefined;
  if (params.package !== undefined) {
    // `pidof` from API 23, `ps` below (Android 5 has no pidof), as the adb driver finds processes.
    pids = new Set(pidsIn(await shell.read(pidsCommand(sdk, params.package)), params.package, sdk));
    if (pids.size === 0) return { package: params.package, running: false, lines: [], count: 0, truncated: false };
  }
  // Android 5 and 6 print local wall times: the device's clock turns them into instants.
  const clock = sdk >= 24 ? undefined : await readDeviceClock(ctx, serial);
  let since: number | undefined;
  // The definition let blanks around it through; they are no part of the time.
  const sinceText = params.since?.trim();
  if (sinceText !== undefined) {
    let now = 0;
    if (isRelative(sinceText)) {
      const known = clock ?? (await readDeviceClock(ctx, serial));
      if (!known.known) throw clockUnknown(serial);
      now = known.nowMs;
    }
    since = parseSince(sinceText, now);
  }
  const parts = [`logcat -d ${logFormatFor(sdk)}`];
  // Below Android 7 the bound is applied here only: Android 5's -T takes a count, not a time.
  if (since !== undefined && sdk >= 24) parts.push(`-T ${quoteShellArg(logcatTime(since))}`);
  parts.push(quoteShellArg(`*:${params.level ?? 'V'}`));
  const command = parts.join(' ');
  const out = await ctx.adb.shell(serial, command);
  // A refused read is no empty log: usage errors, no permission, no logcat.
  const refused = logcatRefusal(out);
  if (refused !== undefined) throw shellRefused(serial, command, refused);
  const needle = params.grep?.toLowerCase();
  const matching = parseLog(out.stdout, sdk, clock ?? { nowMs: 0, offsetMs: 0 }).filter(
    (r) =>
      (pids === undefined || pids.has(r.pid)) &&
      (since === undefined || r.epochMs >= since) &&
      (needle === undefined || `${r.tag}: ${r.message}`.toLowerCase().includes(needle)),
  );
  const max = params.maxLines ?? LOGS_DEFAULT_MAX_LINES;
  const lines = matching.slice(-max).map((r) => formatRecord(r).slice(0, MAX_LINE_CHARS));
  return {
    ...(params.package === undefined ? {} : { package: params.package, running: true, pids: [...(pids ?? [])] }),
    lines,
    count: lines.length,
    truncated: matching.length > lines.length,
  };
};
