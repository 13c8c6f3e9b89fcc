// Recent text messages, where the phone lets the shell read them: `content query` of the SMS provider's inbox
// (AOSP cmds/content Content.java prints `Row: <n> col=value, ...`). Many phones refuse the shell (no READ_SMS for
// uid 2000): the command then prints "Error while accessing provider:sms" and a SecurityException, and still exits
// 0, so the words decide: SMS_UNAVAILABLE, whose hint points at the notification the messaging app posts.
import { SMS_DEFAULT_MAX, type sms } from '../../contracts/chores/sms.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ChoreRunner } from '../chore.ts';

const QUERY = 'content query --uri content://sms/inbox --projection _id:address:date:read:body --sort "date DESC"';
const ROW = /^Row: \d+ _id=(\d+), address=(.*?), date=(\d+|NULL), read=(\d|NULL), body=/;

/** The rows of the answer; a body runs on over its line breaks until the next row (it is the last column). */
export function parseSmsRows(output: string) {
  const rows: { id: number; from: string; time: string | null; read: boolean; body: string }[] = [];
  for (const line of output.replaceAll('\r\n', '\n').split('\n')) {
    const row = ROW.exec(line);
    if (row) {
      const date = row[3] === 'NULL' ? null : new Date(Number(row[3])).toISOString();
      const body = line.slice(row[0].length);
      rows.push({ id: Number(row[1]), from: row[2] as string, time: date, read: row[4] === '1', body });
    } else if (rows.length > 0 && line !== '') {
      const last = rows[rows.length - 1] as (typeof rows)[number];
      last.body += `\n${line}`;
    }
  }
  for (const row of rows) if (row.body === 'NULL') row.body = '';
  return rows;
}

export const runSms: ChoreRunner<typeof sms> = async ({ ctx, serial, params }) => {
  const out = await ctx.adb.shell(serial, QUERY);
  const said = `${out.stderr}\n${out.stdout.startsWith('Row: ') ? '' : out.stdout}`;
  const refused = /Error while accessing provider:.*|.*Exception.*|.*: content: not found/.exec(said.trim());
  if (refused) {
    const reason = /SecurityException: (.*)/.exec(said)?.[1] ?? refused[0];
    throw new SvcError(
      'SMS_UNAVAILABLE',
      `This phone does not let the shell read text messages (${reason.slice(0, 200)}).`,
      {
        deviceId: serial,
      },
    );
  }
  const messages = parseSmsRows(out.stdout).slice(0, params.max ?? SMS_DEFAULT_MAX);
  return { messages, count: messages.length };
};
