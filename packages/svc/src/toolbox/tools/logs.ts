// The device log of one app (or of the whole device) since a time, filtered and bounded. The app's processes are
// found by name (`pidof`, or `ps` below API 23) and the log is read once with `logcat -d -v epoch [-T <since>]
// *:<level>` (Android 5 and 6: `-v threadtime`, timed by the device's clock, `since` applied here); lines are kept
// when their pid is the app's and their text contains `grep`, and only the newest maxLines are returned.
// An app that is not running has no pid to filter by: its lines cannot be told apart (crashes keeps its crashes).
import { z } from 'zod';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { pidsCommand, pidsIn } from '../../device-shell/processes.ts';
import { shellRefused } from '../device-answer.ts';
import { clockUnknown, readDeviceClock } from '../device-clock.ts';
import { formatRecord, logcatRefusal, logFormatFor, parseLog } from '../log-lines.ts';
import { isRelative, logcatTime, parseSince, sinceSchema } from '../time-spec.ts';
import { deviceTool } from '../tool.ts';
import { packageName } from './tool-fields.ts';

const LEVELS = ['V', 'D', 'I', 'W', 'E', 'F'] as const;
const MAX_LINE_CHARS = 1000;

export const logsTool = deviceTool({
  name: 'logs',
  title: 'Device log of an app',
  brief: 'Device log, newest last: `package` while it runs, `since` (90s, 10m, ISO), `level` and up, `grep`.',
  description:
    'Read the device log (logcat), newest last: lines "<ISO time> <pid> <level> <tag>: <message>". package keeps ' +
    'the lines of that app while it runs (running: false and no lines when it does not run: use crashes for a ' +
    'crashed app); since (90s, 10m, 2h, an ISO time), level (V D I W E F: that level and above), grep (text ' +
    'that must appear, case-insensitive) and maxLines (default 200, at most 2000) bound the answer; truncated ' +
    'says older matching lines were left out. A since relative to now (10m) is read on the device clock; a device ' +
    'that refuses logcat or does not tell its time fails with DEVICE_SHELL_UNAVAILABLE and its words.',
  args: z.strictObject({
    package: packageName.optional(),
    since: sinceSchema.optional(),
    level: z.enum(LEVELS).optional().describe('Lowest level to keep: V, D, I, W, E or F (default V)'),
    grep: z.string().min(1).max(200).optional().describe('Only lines containing this text (case-insensitive)'),
    maxLines: z.number().int().min(1).max(2000).optional().describe('Newest lines to return (default 200)'),
  }),
  locksDevice: false,
  readOnly: true,
  run: async ({ ctx, serial, args }) => {
    const shell = new DeviceShell(ctx, serial);
    const sdk = await shell.sdk();
    let pids: Set<number> | undefined;
    if (args.package !== undefined) {
      // `pidof` from API 23, `ps` below (Android 5 has no pidof), as the adb driver finds processes.
      pids = new Set(pidsIn(await shell.read(pidsCommand(sdk, args.package)), args.package, sdk));
      if (pids.size === 0) return { package: args.package, running: false, lines: [], count: 0, truncated: false };
    }
    // Android 5 and 6 print local wall times: the device's clock turns them into instants.
    const clock = sdk >= 24 ? undefined : await readDeviceClock(ctx, serial);
    let since: number | undefined;
    if (args.since !== undefined) {
      let now = 0;
      if (isRelative(args.since)) {
        const known = clock ?? (await readDeviceClock(ctx, serial));
        if (!known.known) throw clockUnknown(serial);
        now = known.nowMs;
      }
      since = parseSince(args.since, now);
    }
    const parts = [`logcat -d ${logFormatFor(sdk)}`];
    // Below Android 7 the bound is applied here only: Android 5's -T takes a count, not a time.
    if (since !== undefined && sdk >= 24) parts.push(`-T ${quoteShellArg(logcatTime(since))}`);
    parts.push(quoteShellArg(`*:${args.level ?? 'V'}`));
    const command = parts.join(' ');
    const out = await ctx.adb.shell(serial, command);
    // A refused read is no empty log: usage errors, no permission, no logcat.
    const refused = logcatRefusal(out);
    if (refused !== undefined) throw shellRefused(serial, command, refused);
    const needle = args.grep?.toLowerCase();
    const matching = parseLog(out.stdout, sdk, clock ?? { nowMs: 0, offsetMs: 0 }).filter(
      (r) =>
        (pids === undefined || pids.has(r.pid)) &&
        (since === undefined || r.epochMs >= since) &&
        (needle === undefined || `${r.tag}: ${r.message}`.toLowerCase().includes(needle)),
    );
    const max = args.maxLines ?? 200;
    const lines = matching.slice(-max).map((r) => formatRecord(r).slice(0, MAX_LINE_CHARS));
    return {
      ...(args.package === undefined ? {} : { package: args.package, running: true, pids: [...(pids ?? [])] }),
      lines,
      count: lines.length,
      truncated: matching.length > lines.length,
    };
  },
});
