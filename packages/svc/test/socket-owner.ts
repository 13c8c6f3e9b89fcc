// Which process opened a loopback connection a test server accepted (Linux): the kernel's socket table gives the
// client socket's inode (src/adapters/process/loopback-peer.ts), and /proc/<pid>/fd of the process holding it links
// to `socket:[<inode>]`. Lets a test count the connections of one process while others (a daemon's periodic
// checks) use the same server.
import { readdirSync, readlinkSync } from 'node:fs';
import type { Socket } from 'node:net';
import { loopbackPeerOwner } from '../src/adapters/process/loopback-peer.ts';

/** The pid holding the client end of `socket` (accepted by a server of this process), or undefined. */
export function clientPidOf(socket: Socket): number | undefined {
  const owner =
    socket.localPort === undefined || socket.remotePort === undefined
      ? undefined
      : loopbackPeerOwner(socket.localPort, socket.remotePort);
  if (owner === undefined) return undefined;
  const link = `socket:[${owner.inode}]`;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === link) return Number(entry);
      } catch {}
    }
  }
  return undefined;
}
