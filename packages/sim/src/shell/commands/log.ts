// toybox `log [-p PRI] [-t TAG] MESSAGE...` (toys/android/log.c): writes one entry to the main log as the calling
// process, so `adb shell log -t SvcOperator ...` lands under the shell's uid (2000) and a pid of its own, exactly as
// on a phone. Any app can write under any tag this way; the host must tell the operator's lines apart by uid.
import type { LogPriority, ShellCommand } from '../../device/types.ts';

/** The adb shell user (AID_SHELL). */
export const SHELL_UID = 2000;

const PRIORITIES: Readonly<Record<string, LogPriority | 'S'>> = {
  v: 'V',
  d: 'D',
  i: 'I',
  w: 'W',
  e: 'E',
  f: 'F',
  s: 'S',
};

export const log: ShellCommand = async (argv, io, device) => {
  let priority: LogPriority | 'S' = 'I';
  let tag = 'log';
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if ((arg === '-p' || arg === '-t') && i + 1 < argv.length) {
      const value = argv[++i] as string;
      if (arg === '-t') tag = value;
      else {
        const p = PRIORITIES[value.charAt(0).toLowerCase()];
        if (p === undefined) {
          await io.writeStderr(`log: bad -p '${value}'\n`);
          return 1;
        }
        priority = p;
      }
    } else words.push(arg);
  }
  if (words.length === 0) {
    await io.writeStderr('log: Need 1 argument\n');
    return 1;
  }
  if (priority === 'S') return 0;
  const proc = device.processes.start('log', () => {});
  try {
    device.log.write({ pid: proc.pid, tid: proc.pid, uid: SHELL_UID, priority, tag, message: words.join(' ') });
  } finally {
    proc.exit();
  }
  return 0;
};
