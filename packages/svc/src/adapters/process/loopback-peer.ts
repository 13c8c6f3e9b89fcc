// Who is at the other end of a loopback TCP connection: on Linux the kernel lists every socket of the network
// namespace in /proc/net/tcp and /proc/net/tcp6, each with the uid of its owner and its inode, and the client's end
// of a connection to us is the row whose local port is the peer's port and whose remote port is ours (the format:
// the kernel's Documentation/networking/proc_net_tcp.rst). A server can thus tell its own user's browser from
// another local user's process holding the same one-time link. Elsewhere (and when /proc is not readable) the
// answer is "unknown".
import { readFileSync } from 'node:fs';

export interface SocketOwner {
  uid: number;
  inode: string;
}

const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];
/** TCP_ESTABLISHED, as /proc/net/tcp writes it. */
const ESTABLISHED = '01';

/**
 * The owner of the client end of the loopback connection from `peerPort` to `localPort` (both as this side sees
 * them), or undefined when the platform does not tell or no such socket is listed.
 */
export function loopbackPeerOwner(localPort: number, peerPort: number): SocketOwner | undefined {
  if (process.platform !== 'linux') return undefined;
  const local = `:${hexPort(peerPort)}`;
  const remote = `:${hexPort(localPort)}`;
  for (const table of TABLES) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      const [, from, to, state, , , , uid, , inode] = fields;
      if (from?.endsWith(local) && to?.endsWith(remote) && state === ESTABLISHED && uid !== undefined) {
        return { uid: Number(uid), inode: inode ?? '' };
      }
    }
  }
  return undefined;
}

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}
