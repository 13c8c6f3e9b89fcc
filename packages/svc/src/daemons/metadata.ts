// The daemon's pid file: metadata JSON of SPEC 2.12. A pid alone is not proof: after a crash and a reboot the same
// number may belong to any process. The ownership fields decide: the live process must be a `daemon run` of the
// recorded CLI entry for this key (its command line says so), or it is not our daemon and is never signalled.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface DaemonMetadata {
  pid: number;
  startedAt: number;
  daemonKey: string;
  cliEntryPath: string;
  rawDeviceId: string;
}

export function readMetadata(path: string): DaemonMetadata | undefined {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  const m = value as Partial<DaemonMetadata> | null;
  if (
    m === null ||
    typeof m !== 'object' ||
    !Number.isInteger(m.pid) ||
    typeof m.startedAt !== 'number' ||
    typeof m.daemonKey !== 'string' ||
    typeof m.cliEntryPath !== 'string' ||
    typeof m.rawDeviceId !== 'string'
  ) {
    return undefined;
  }
  return m as DaemonMetadata;
}

/** The argv of a live process, or undefined when it is gone or cannot be read. */
export function commandLineOf(pid: number): string[] | undefined {
  try {
    if (process.platform === 'linux') {
      const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return raw.split('\0').filter((part) => part !== '');
    }
    const out = execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out === '' ? undefined : out.split(/\s+/);
  } catch {
    return undefined;
  }
}

/** True when `pid` runs `<cliEntryPath> daemon run` for this daemon key (see daemon run's argv). */
export function isOwnedDaemonProcess(meta: DaemonMetadata, argvOf = commandLineOf): boolean {
  const argv = argvOf(meta.pid);
  if (argv === undefined) return false;
  const entry = argv.indexOf(meta.cliEntryPath);
  if (entry === -1) return false;
  const rest = argv.slice(entry + 1);
  return rest[0] === 'daemon' && rest[1] === 'run' && rest.includes(`--daemon-key=${meta.daemonKey}`);
}
