// Which processes run, by name, on every API level. `pidof` is toybox's and came with Android 6 (API 23); Android 5's
// toolbox has neither it nor `killall` (which came with Android 7), but its `ps` lists every process with the name
// last (AOSP system/core shell_and_utilities/README.md, toolbox ps.c). So the driver asks `pidof` from API 23 and
// reads `ps` below, and signals processes by pid with `kill`, the shell's builtin on every level.
import { quoteShellArg } from '../contracts/dispatch.ts';

export const PIDOF_SINCE_API = 23;

/** The command whose output `pidsIn` reads: `pidof <name>`, or `ps` below API 23. */
export function pidsCommand(sdk: number, name: string): string {
  return sdk >= PIDOF_SINCE_API ? `pidof ${quoteShellArg(name)}` : 'ps';
}

/**
 * The pids of `name` in the output of `pidsCommand` (which may share its output with other commands of the same
 * line): pidof's one line of numbers, or the rows of `ps` whose NAME (the last column; a path for some native
 * tools) is `name`.
 */
export function pidsIn(output: string, name: string, sdk: number): number[] {
  const lines = output.replaceAll('\r\n', '\n').split('\n');
  if (sdk >= PIDOF_SINCE_API) {
    const line = lines.find((l) => /^\d+(?: \d+)*$/.test(l.trim()));
    return line === undefined ? [] : line.trim().split(' ').map(Number);
  }
  return lines.flatMap((line) => {
    const fields = line.trim().split(/\s+/);
    const last = fields.at(-1) ?? '';
    const pid = fields[1] ?? '';
    return (last === name || last.endsWith(`/${name}`)) && /^\d+$/.test(pid) ? [Number(pid)] : [];
  });
}

/**
 * `command` started in the background so that it outlives the adb shell that starts it (the session's hang-up
 * would stop it): under toybox's `nohup` from API 23, and below, where Android 5's toolbox has no nohup, after the
 * shell ignores SIGHUP (`trap '' HUP`: an ignored signal stays ignored across exec, which is all nohup does besides
 * redirecting the output). Its output and errors go to `output` (a device file, already quoted), by default nowhere.
 */
export function inBackground(sdk: number, command: string, output = '/dev/null'): string {
  return sdk >= PIDOF_SINCE_API ? `nohup ${command} >${output} 2>&1 &` : `trap '' HUP; ${command} >${output} 2>&1 &`;
}
