// Maps the service name of an OPEN to its handler; undefined = the device refuses the stream (CLSE).

import { pagesHost } from '../../web/device-pages.ts';
import { ownersOfSocket, serveDevtoolsSocket } from '../../web/devtools-socket.ts';
import type { ServiceContext, ServiceHandler } from '../context.ts';
import { runSyncService } from '../sync/sync-service.ts';
import { abbExecCommandLine, runExecWithInput, streamedInstallSize } from './install.ts';
import { parseShellService, runShellService } from './shell.ts';

function replyAndClose(text: string): ServiceHandler {
  return async (stream) => {
    await stream.write(text);
    stream.close();
  };
}

export function resolveService(name: string, context: ServiceContext): ServiceHandler | undefined {
  const has = (feature: string) => context.features.includes(feature);
  if (name === 'sync:') return runSyncService;
  // A user build: adbd stays unprivileged (what `adb root` prints against a retail phone).
  if (name === 'root:') return replyAndClose('adbd cannot run as root in production builds\n');
  if (name === 'unroot:') return replyAndClose('adbd not running as root\n');
  if (name.startsWith('abb_exec:') && has('abb_exec')) {
    const commandLine = abbExecCommandLine(name);
    return (stream, ctx) => runExecWithInput(stream, ctx, commandLine, 'abb_exec');
  }
  // `adb forward … localabstract:<name>`: the DevTools sockets of Chrome and debuggable WebViews; any other
  // abstract socket, or one whose app is not running, refuses the connection.
  if (name.startsWith('localabstract:')) {
    const socket = name.slice('localabstract:'.length);
    const host = pagesHost(context.device);
    if (!host || ownersOfSocket(host, socket).length === 0) return undefined;
    return (stream) => serveDevtoolsSocket(stream, host, socket);
  }
  const shell = parseShellService(name);
  if (!shell) return undefined;
  if (shell.protocol === 'v2' && !has('shell_v2')) return undefined;
  if (name.startsWith('exec:') && streamedInstallSize(shell.command) !== undefined) {
    return (stream, ctx) => runExecWithInput(stream, ctx, shell.command);
  }
  return (stream, ctx) => runShellService(stream, ctx, shell);
}
