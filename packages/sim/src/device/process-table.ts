// The processes the device shell can see (`pidof`, `killall`, `kill`, `ps`): tools left running in the background, such
// as `screenrecord`. App processes are not kept here: they follow the task stack (UiHost.runningPackages).
export type SignalName = 'HUP' | 'INT' | 'KILL' | 'TERM';

/** Signal numbers as Linux has them (what `killall -2` means). */
export const SIGNAL_NUMBERS: Readonly<Record<SignalName, number>> = { HUP: 1, INT: 2, KILL: 9, TERM: 15 };

export interface DeviceProcess {
  readonly pid: number;
  readonly name: string;
}

export interface ProcessTable {
  /** Registers a running process; `onSignal` is told of every signal it gets (it decides when to exit). */
  start(name: string, onSignal: (signal: SignalName) => void): DeviceProcess & { exit(): void };
  pidsOf(name: string): number[];
  /** Sends `signal` to every process called `name`; returns how many got it. */
  signal(name: string, signal: SignalName): number;
  /** Sends `signal` to the process `pid`; false when there is none. */
  signalPid(pid: number, signal: SignalName): boolean;
  /** Every running process, oldest first. */
  list(): DeviceProcess[];
}

/** First pid handed out to a shell-started process (below are zygote-forked apps and system daemons). */
const FIRST_PID = 20000;

export function createProcessTable(): ProcessTable {
  let next = FIRST_PID;
  const running = new Map<number, { name: string; onSignal: (signal: SignalName) => void }>();
  return {
    start(name, onSignal) {
      const pid = next++;
      running.set(pid, { name, onSignal });
      return { pid, name, exit: () => void running.delete(pid) };
    },
    pidsOf: (name) => [...running].filter(([, p]) => p.name === name).map(([pid]) => pid),
    signal(name, signal) {
      const hits = [...running.values()].filter((p) => p.name === name);
      for (const p of hits) p.onSignal(signal);
      return hits.length;
    },
    signalPid(pid, signal) {
      const process = running.get(pid);
      process?.onSignal(signal);
      return process !== undefined;
    },
    list: () => [...running].map(([pid, p]) => ({ pid, name: p.name })),
  };
}

/** The pid of a running app: stable per package (zygote forks get pids in the low thousands). */
export function appPid(pkg: string): number {
  let hash = 0;
  for (const c of pkg) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return 3000 + (hash % 15000);
}
