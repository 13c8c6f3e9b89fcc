// toybox `pidof` and `killall` over the device's processes: background tools (device.processes) and the apps
// with a running process (the UI host's task stack). pidof prints the pids on one line and exits 1 when there is
// none; killall says "No such process" and exits 1 when nothing got the signal (toybox toys/lsb/killall.c).
import { appPid, SIGNAL_NUMBERS, type SignalName } from '../../device/process-table.ts';
import type { DeviceApi, ShellCommand } from '../../device/types.ts';

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
