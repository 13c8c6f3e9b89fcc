// Recent app crashes and ANRs (list) and one of them in full (get), from the crash buffer and the dropbox.
import { z } from 'zod';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import {
  type CrashReport,
  crashesFromBuffer,
  DROPBOX_TAGS,
  mergeReports,
  reportsFromDropbox,
} from '../crash-reports.ts';
import { readDeviceClock } from '../device-clock.ts';
import { parseEpochLog } from '../log-lines.ts';
import { parseSince, sinceSchema } from '../time-spec.ts';
import { deviceTool } from '../tool.ts';
import { packageName } from './tool-fields.ts';

const MAX_TEXT_CHARS = 32_000;

async function readReports(ctx: SvcContext, serial: string): Promise<{ reports: CrashReport[]; nowMs: number }> {
  const clock = await readDeviceClock(ctx, serial);
  // AND semantics of dumpsys dropbox search words: one call per tag (several tags in one call match nothing).
  const [buffer, ...dropbox] = await Promise.all([
    ctx.adb.shell(serial, 'logcat -d -b crash -v epoch'),
    ...DROPBOX_TAGS.map((tag) => ctx.adb.shell(serial, `dumpsys dropbox --print ${tag}`)),
  ]);
  const fromDropbox = dropbox.flatMap((out) => reportsFromDropbox(out.stdout, clock.offsetMs));
  return { reports: mergeReports(crashesFromBuffer(parseEpochLog(buffer.stdout)), fromDropbox), nowMs: clock.nowMs };
}

const summaryOf = ({ text: _text, ...rest }: CrashReport) => rest;

export const crashesTool = deviceTool({
  name: 'crashes',
  title: 'Recent crashes and ANRs',
  brief: 'Recent crashes and ANRs, newest first (`package`, `since` 10m|2h|ISO time); `crash` reads one.',
  description:
    'Recent app crashes and ANRs (app not responding), newest first: { id, kind (crash|anr), package, pid, time, ' +
    'summary (exception or reason), source }. Filter by package and since (10m, 2h, 1d, an ISO time); limit ' +
    '(default 20). Read one in full with crash and its id.',
  args: z.strictObject({
    package: packageName.optional(),
    since: sinceSchema.optional(),
    limit: z.number().int().min(1).max(100).optional().describe('Newest reports to return (default 20)'),
  }),
  locksDevice: false,
  readOnly: true,
  run: async ({ ctx, serial, args }) => {
    const { reports, nowMs } = await readReports(ctx, serial);
    const since = args.since === undefined ? undefined : parseSince(args.since, nowMs);
    const matching = reports.filter(
      (r) => (args.package === undefined || r.package === args.package) && (since === undefined || r.epochMs >= since),
    );
    const shown = matching.slice(0, args.limit ?? 20).map(summaryOf);
    return { crashes: shown, count: shown.length, truncated: matching.length > shown.length };
  },
});

export const crashTool = deviceTool({
  name: 'crash',
  title: 'One crash or ANR in full',
  brief: 'One crash or ANR report in full, by the id `crashes` gave.',
  description:
    'One crash or ANR report by the id crashes gave: its summary fields and text (the stack trace, or the ANR ' +
    'header). CRASH_NOT_FOUND when the id is unknown or the report has aged out of the device.',
  args: z.strictObject({ id: z.string().trim().min(1).max(200).describe('Report id from crashes') }),
  locksDevice: false,
  readOnly: true,
  run: async ({ ctx, serial, args }) => {
    const { reports } = await readReports(ctx, serial);
    const report = reports.find((r) => r.id === args.id);
    if (report === undefined) {
      throw new SvcError('CRASH_NOT_FOUND', `No crash or ANR report ${args.id} on ${serial}.`, {
        path: 'id',
        id: args.id,
        known: reports.slice(0, 20).map((r) => r.id),
      });
    }
    const truncated = report.text.length > MAX_TEXT_CHARS;
    return { ...report, text: report.text.slice(0, MAX_TEXT_CHARS), truncated };
  },
});
