// Whether a pid read from a lock or pid file names a running process of ours (the stand-ins run as one user, so
// EPERM never means "alive" here).
export function isRunningPid(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
