// The device's processes as its shell tools show them: background tools (device.processes) and the apps with a
// running process (the UI host's task stack). toybox `pidof` prints the pids on one line and exits 1 when there is
// none; `killall` says "No such process" and exits 1 when nothing got the signal (toybox toys/lsb/killall.c). Neither
// exists before toybox: pidof comes with Android 6 (API 23), killall with Android 7 (API 24; AOSP system/core
// shell_and_utilities/README.md), which index.ts models by leaving them out below those levels. `kill` is the
// shell's builtin (mksh) on every level, and `ps` lists every process in toolbox's columns below Android 8 (API 26),
// in toybox's after (where it shows only the caller's own processes without -A).
import { appPid, SIGNAL_NUMBERS, type SignalName } from '../../device/process-table.ts';
import type { DeviceApi, ShellCommand } from '../../device/types.ts';

const sdkOf = (device: DeviceApi) => Number(device.props.get('ro.build.version.sdk') ?? 35);

function pidsOf(device: DeviceApi, name: string): number[] {
  const app = device.ui.runningPackages().includes(name) ? [appPid(name)] : [];
  return [...app, ...device.processes.pidsOf(name)];
}

export const pidof: ShellCommand = async (argv, io, device) => {
  const single = argv.includes('-s');
  const names = argv.filter((a) => !a.startsWith('-'));
  let pids = names.flatMap((name) => pidsOf(device, name));
  if (single) pids = pids.slice(0, 1);
  if (pids.length === 0) return 1;
  await io.writeStdout(`${pids.join(' ')}\n`);
  return 0;
};

function signalOf(arg: string): SignalName | undefined {
  const name = arg.replace(/^SIG/, '').toUpperCase();
  if (Object.hasOwn(SIGNAL_NUMBERS, name)) return name as SignalName;
  const byNumber = Object.entries(SIGNAL_NUMBERS).find(([, n]) => String(n) === arg);
  return byNumber?.[0] as SignalName | undefined;
}

export const killall: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  let signal: SignalName = 'TERM';
  const quiet = args.includes('-q');
  const names = args.filter((a) => a !== '-q');
  if (names[0]?.startsWith('-')) {
    const parsed = signalOf((names.shift() as string).slice(1));
    if (!parsed) {
      await io.writeStderr('killall: Invalid signal\n');
      return 1;
    }
    signal = parsed;
  }
  if (names.length === 0) {
    await io.writeStderr('killall: Process name missing!\n');
    return 1;
  }
  let hits = 0;
  for (const name of names) {
    hits += device.processes.signal(name, signal);
    // Apps die of any of these signals (their process goes; the task stays in recents).
    if (device.ui.runningPackages().includes(name)) {
      device.ui.forceStop(name);
      hits++;
    }
  }
  if (hits > 0) return 0;
  if (!quiet) await io.writeStderr('killall: No such process\n');
  return 1;
};

/** `kill [-SIGNAL | -s SIGNAL] pid...` (mksh's builtin): an app dies of any signal, a tool decides for itself. */
export const kill: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  let signal: SignalName = 'TERM';
  // The signal is `-s NAME` or `-NAME` / `-NUMBER`.
  let token: string | undefined;
  if (args[0] === '-s') token = args.splice(0, 2)[1] ?? '';
  else if (args[0]?.startsWith('-')) token = (args.shift() as string).slice(1);
  if (token !== undefined) {
    const parsed = signalOf(token);
    if (!parsed) {
      await io.writeStderr('/system/bin/sh: kill: bad signal\n');
      return 1;
    }
    signal = parsed;
  }
  if (args.length === 0) {
    await io.writeStderr(
      '/system/bin/sh: kill: usage: kill [-s signame | -signum | -signame] { job | pid | pgrp } ...\n',
    );
    return 1;
  }
  let status = 0;
  for (const arg of args) {
    const pid = Number(arg);
    const app = device.ui.runningPackages().find((pkg) => appPid(pkg) === pid);
    if (app !== undefined) device.ui.forceStop(app);
    else if (!(/^\d+$/.test(arg) && device.processes.signalPid(pid, signal))) {
      await io.writeStderr(`/system/bin/sh: kill: ${arg}: No such process\n`);
      status = 1;
    }
  }
  return status;
};

interface PsRow {
  user: string;
  pid: number;
  ppid: number;
  name: string;
}

const ZYGOTE_PID = 612;

function psRows(device: DeviceApi): PsRow[] {
  const apps = device.ui.runningPackages().map((pkg, i) => ({
    user: `u0_a${40 + i}`,
    pid: appPid(pkg),
    ppid: ZYGOTE_PID,
    name: pkg,
  }));
  const tools = device.processes.list().map((p) => ({ user: 'shell', pid: p.pid, ppid: 1, name: p.name }));
  return [
    { user: 'root', pid: 1, ppid: 0, name: '/init' },
    { user: 'root', pid: ZYGOTE_PID, ppid: 1, name: 'zygote' },
    { user: 'system', pid: 1021, ppid: ZYGOTE_PID, name: 'system_server' },
    ...apps,
    ...tools,
  ];
}

/** `ps`: toolbox's columns and every process below API 26; toybox's after, only the shell's own without -A. */
export const ps: ShellCommand = async (argv, io, device) => {
  if (sdkOf(device) < 26) {
    const lines = psRows(device).map(
      (r) =>
        `${r.user.padEnd(9)} ${String(r.pid).padEnd(5)} ${String(r.ppid).padEnd(5)} 1525404 44612 ffffffff 00000000 S ${r.name}`,
    );
    await io.writeStdout(`USER     PID   PPID  VSIZE  RSS     WCHAN    PC        NAME\n${lines.join('\n')}\n`);
    return 0;
  }
  const all = argv.includes('-A') || argv.includes('-e');
  const rows = psRows(device).filter((r) => all || r.user === 'shell');
  const lines = rows.map(
    (r) =>
      `${r.user.padEnd(10)} ${String(r.pid).padStart(5)} ${String(r.ppid).padStart(5)} 1525404  44612 0                   0 S ${r.name}`,
  );
  await io.writeStdout(
    `USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\n${lines.map((l) => `${l}\n`).join('')}`,
  );
  return 0;
};
