// `svc serve [--port 3000] [--host 127.0.0.1] [--allow-origin <origin>]...`: the local HTTP/SSE server (SPEC 4.1,
// part 6). Long-running; prints one human-readable line on stderr and no startup JSON.
import type { Command } from 'commander';
import { parsePort } from '../../adapters/http/port.ts';
import { errorBodyOf } from '../../contracts/errors.ts';
import { readGlobals } from '../globals.ts';
import type { Launchers } from '../launchers.ts';
import { printError } from '../output.ts';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface ServeFlags {
  port: string;
  host: string;
  allowOrigin: string[];
  auth: boolean;
  screenshotsDir?: string;
  apksDir?: string;
}

export function registerServe(program: Command, launchers: Launchers): void {
  program
    .command('serve')
    .description('Serve the HTTP/SSE API for agents (binds 127.0.0.1:3000 by default)')
    .option('--port <port>', 'TCP port (0 picks a free one)', '3000')
    .option('--host <host>', 'address to bind; a non-loopback address exposes the device to the network', '127.0.0.1')
    .option('--allow-origin <origin>', 'allow browser requests from this exact origin (repeatable)', collect, [])
    .option(
      '--screenshots-dir <dir>',
      'the only folder screenshot paths of requests may name (default SVC_SCREENSHOTS_DIR, else ~/.svc/screenshots)',
    )
    .option(
      '--apks-dir <dir>',
      'the only folder install requests may read an APK from (default SVC_APKS_DIR; without one, install is refused)',
    )
    .option('--no-auth', 'accept requests without the token of ~/.svc/server-token (any local process can then use it)')
    .addHelpText(
      'after',
      '\nEvery request needs the token in ~/.svc/server-token (Authorization: Bearer <token>); a browser uses the\n' +
        'one-time login link printed at start.\n' +
        '\nExamples:\n  $ svc serve\n  $ svc serve --port 8080 --allow-origin http://localhost:5173\n' +
        '  $ curl -H "Authorization: Bearer $(cat ~/.svc/server-token)" http://127.0.0.1:3000/devices\n',
    )
    .action(async (opts: ServeFlags, command: Command) => {
      try {
        readGlobals(command); // --adb-server: the servers to take devices from
      } catch (error) {
        printError('json', errorBodyOf(error));
        process.exitCode = 1;
        return;
      }
      await launchers.serve({
        host: opts.host,
        port: parsePort(opts.port),
        allowOrigins: opts.allowOrigin,
        auth: opts.auth,
        verbose: command.optsWithGlobals<{ verbose?: boolean }>().verbose === true,
        screenshotsDir: opts.screenshotsDir,
        apksDir: opts.apksDir,
      });
    });
}
