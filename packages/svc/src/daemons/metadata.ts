// The daemon's pid file: metadata JSON of SPEC 2.12. A pid alone is not proof: after a crash and a reboot the same
// number may belong to any process. The ownership fields decide: the live process must be a `daemon run` of the
// recorded CLI entry for this key (its command line says so), or it is not our daemon and is never signalled.
import { readFileSync } from 'node:fs';
import { commandLineOf } from '../adapters/process/command-line.ts';

export { commandLineOf };

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

/** True when `pid` runs `<cliEntryPath> daemon run` for this daemon key (see daemon run's argv). */
export function isOwnedDaemonProcess(meta: DaemonMetadata, argvOf = commandLineOf): boolean {
  const argv = argvOf(meta.pid);
  if (argv === undefined) return false;
  const entry = argv.indexOf(meta.cliEntryPath);
  if (entry === -1) return false;
  const rest = argv.slice(entry + 1);
  return rest[0] === 'daemon' && rest[1] === 'run' && rest.includes(`--daemon-key=${meta.daemonKey}`);
}
