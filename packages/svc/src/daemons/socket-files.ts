// Socket and pid files of a daemon key: liveness probe of a socket path, stale socket removal (connection refused:
// nobody listens, SPEC 3.6) and the metadata write (whole file or nothing).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { timerMs } from '../contracts/limits.ts';
import { DAEMON_PROBE_MS } from '../core/config.ts';
import type { DaemonMetadata } from './metadata.ts';

export type SocketProbe = 'listening' | 'refused' | 'missing';

/** Whether something accepts connections on the Unix socket `path`. */
export function probeSocket(path: string, timeoutMs = DAEMON_PROBE_MS): Promise<SocketProbe> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (probe: SocketProbe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const timer = setTimeout(() => done('listening'), timerMs(timeoutMs));
    socket.once('connect', () => done('listening'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ENOENT' ? 'missing' : 'refused'));
  });
}

/** Removes a socket file nobody listens on; false when a live daemon answers on it. */
export async function removeStaleSocket(path: string): Promise<boolean> {
  const probe = await probeSocket(path);
  if (probe === 'listening') return false;
  if (probe === 'refused') rmSync(path, { force: true });
  return true;
}

export function writeMetadataFile(path: string, metadata: DaemonMetadata): void {
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, `${JSON.stringify(metadata)}\n`, { mode: 0o600 });
  renameSync(aside, path);
}
