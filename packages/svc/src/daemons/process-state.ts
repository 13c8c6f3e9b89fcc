// Liveness of a pid for lifecycle decisions: a zombie (exited, not reaped yet) holds nothing and serves nothing,
// and a recorded start time tells a reused pid apart (adapters/process/process-identity.ts).
import { isRunningProcess } from '../adapters/process/process-identity.ts';

export function isLiveProcess(pid: number, startTime?: string): boolean {
  return isRunningProcess(pid, startTime);
}
