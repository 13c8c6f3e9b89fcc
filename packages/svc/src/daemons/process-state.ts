// Liveness of a pid for lifecycle decisions. A process that exited but was not reaped yet (a zombie: its parent, or
// a container's init, has not waited for it) still answers kill(pid, 0), yet it holds nothing and serves nothing.
import { readFileSync } from 'node:fs';
import { isProcessAlive } from '../adapters/process/process-runner.ts';

export function isLiveProcess(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) S ...`: comm may contain spaces and parentheses, the state follows the last `)`.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
