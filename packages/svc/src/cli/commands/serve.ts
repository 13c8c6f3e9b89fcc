// `svc serve [--port 3000] [--host 127.0.0.1] [--allow-origin <origin>]...`: the local HTTP/SSE server (SPEC 4.1,
// part 6). Long-running; prints one human-readable line on stderr and no startup JSON.
import type { Command } from 'commander';
import { parsePort } from '../../adapters/http/port.ts';
import { errorBodyOf } from '../../contracts/errors.ts';
import { readGlobals } from '../globals.ts';
import type { Launchers } from '../launchers.ts';
import { printError } from '../output.ts';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function registerServe(program: Command, launchers: Launchers): void {
  program
    .command('serve')
    .description('Serve the HTTP/SSE API for agents (binds 127.0.0.1:3000 by default)')
    .option('--port <port>', 'TCP port (0 picks a free one)', '3000')
    .option('--host <host>', 'address to bind; a non-loopback address exposes the device to the network', '127.0.0.1')
    .option('--allow-origin <origin>', 'allow browser requests from this exact origin (repeatable)', collect, [])
    .addHelpText(
      'after',
      '\nExamples:\n  $ svc serve\n  $ svc serve --port 8080 --allow-origin http://localhost:5173\n',
    )
    .action(async (opts: { port: string; host: string; allowOrigin: string[] }, command: Command) => {
      try {
        readGlobals(command); // --adb-server: the servers to take devices from
      } catch (error) {
        printError('json', errorBodyOf(error));
        process.exitCode = 1;
        return;
      }
      await launchers.serve({ host: opts.host, port: parsePort(opts.port), allowOrigins: opts.allowOrigin });
    });
}
