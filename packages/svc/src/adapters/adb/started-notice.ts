// Said when svc started an adb server itself: on stderr (the terminal, the daemon's log file, an MCP client's log of
// the server), and to whoever listens in this process (the MCP server sends it as a log notification, for a client
// that shows its servers' log messages and not their stderr). A client that dropped the environment would otherwise
// get a server of its own, and devices missing, in silence.
import type { AdbServerAddress } from './server-address.ts';

type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Hears every later notice of this process; returns the call that stops it. */
export function onAdbServerStarted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startedNotice(address: AdbServerAddress): void {
  const text =
    `svc: no adb server answered at ${address.host}:${address.port}, so svc started one (adb -P ${address.port} start-server); ` +
    'to use another, set ADB_SERVER_SOCKET or ANDROID_ADB_SERVER_PORT';
  process.stderr.write(`${text}\n`);
  for (const listener of listeners) listener(text);
}
