// `content query --uri content://sms/inbox [--projection a:b] [--sort "..."]`: the shell's content provider client
// (AOSP cmds/content/src/com/android/commands/content/Content.java). Rows print as `Row: <n> col=value, col=value`
// (NULL for a null value), no row as "No result found."; a provider that refuses the caller makes the command print
// "Error while accessing provider:<authority>" and the exception's stack trace on stderr, and still exit 0 (the
// command catches it). Whether the SMS provider lets the shell (uid 2000, no READ_SMS on many releases) read depends
// on the phone: the simulator refuses, as with a SecurityException, unless the property `svc.sim.sms_shell` is 1.
import { smsInbox } from '../../device/sms.ts';
import type { ShellCommand } from '../../device/types.ts';

function option(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

export const content: ShellCommand = async (argv, io, device) => {
  const [verb] = argv;
  const uri = option(argv, '--uri');
  if (verb !== 'query' || uri === undefined) {
    await io.writeStderr('usage: content [subcommand] [options]\n');
    return 1;
  }
  const authority = /^content:\/\/([^/]+)/.exec(uri)?.[1] ?? '';
  if (authority !== 'sms') {
    await io.writeStderr(
      `Error while accessing provider:${authority}\njava.lang.IllegalStateException: Could not find provider: ${authority}\n`,
    );
    return 0;
  }
  if (device.props.get('svc.sim.sms_shell') !== '1') {
    await io.writeStderr(
      `Error while accessing provider:sms\njava.lang.SecurityException: Permission Denial: reading com.android.providers.telephony.SmsProvider uri ${uri} from pid=4242, uid=2000 requires android.permission.READ_SMS, or grantUriPermission()\n\tat android.os.Parcel.createExceptionOrNull(Parcel.java:3011)\n`,
    );
    return 0;
  }
  const columns = (option(argv, '--projection') ?? '_id:address:date:read:body').split(':');
  const newestFirst = /date\s+desc/i.test(option(argv, '--sort') ?? '');
  const rows = [...smsInbox(device)].sort((a, b) => (newestFirst ? b.date - a.date : a.date - b.date));
  if (rows.length === 0) {
    await io.writeStdout('No result found.\n');
    return 0;
  }
  const value = (row: (typeof rows)[number], column: string) => {
    const v = { _id: row.id, address: row.address, date: row.date, read: row.read ? 1 : 0, body: row.body }[column];
    return v === undefined ? 'NULL' : String(v);
  };
  const lines = rows.map((row, i) => `Row: ${i} ${columns.map((c) => `${c}=${value(row, c)}`).join(', ')}`);
  await io.writeStdout(`${lines.join('\n')}\n`);
  return 0;
};
