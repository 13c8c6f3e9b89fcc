// Running `svc-sim start` processes leave one small file each (pid, control URL and the control token, 0600 in a
// 0700 folder) so later invocations of the same user can find and control their devices, and nobody else can.
// Files of dead processes are ignored and removed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface RunRecord {
  readonly pid: number;
  readonly controlUrl: string;
  /** Sent as `Authorization: Bearer <token>` to the control server. */
  readonly token: string;
}

export function registryDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SVC_SIM_HOME ?? join(homedir(), '.svc-sim');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function writeRunRecord(record: RunRecord, env: NodeJS.ProcessEnv = process.env): string {
  const dir = registryDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `run-${record.pid}.json`);
  writeFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  return file;
}

export function readRunRecords(env: NodeJS.ProcessEnv = process.env): RunRecord[] {
  const dir = registryDir(env);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^run-\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const records: RunRecord[] = [];
  for (const name of names) {
    try {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as RunRecord;
      if (alive(record.pid)) records.push(record);
      else rmSync(join(dir, name), { force: true });
    } catch {
      // A file being written right now, or garbage: skip it.
    }
  }
  return records;
}
