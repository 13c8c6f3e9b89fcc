// `svc mcp [--http --port <n>] [--allow-origin <origin>]...`: the MCP server for agents. Over stdio by default
// (stdout is the protocol channel: every log line goes to stderr); `--http` serves Streamable HTTP at
// http://127.0.0.1:<port>/mcp with the Origin/Host checks of `svc serve`. The global --device, --operator-package
// and --driver become defaults for calls that name none; --no-daemon keeps executions off the daemon.
import type { Command } from 'commander';
import { parsePort } from '../../adapters/http/port.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import type { Launchers } from '../launchers.ts';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Default `--http` port: next to `svc serve`'s 3000. */
export const DEFAULT_MCP_HTTP_PORT = '3001';

export function registerMcp(program: Command, launchers: Launchers): void {
  const command = program
    .command('mcp')
    .description('Serve the svc tools to an MCP client (stdio; Streamable HTTP on 127.0.0.1 with --http)')
    .option('--http', 'serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio')
    .option('--port <port>', 'with --http: TCP port on 127.0.0.1 (0 picks a free one)', DEFAULT_MCP_HTTP_PORT)
    .option(
      '--allow-origin <origin>',
      'with --http: allow browser requests from this exact origin (repeatable)',
      collect,
      [],
    )
    .option('--no-auth', 'with --http: accept requests without the token of ~/.svc/server-token')
    .action(
      safeAction(async (cmd, globals) => {
        const opts = cmd.opts<{ http?: boolean; port: string; allowOrigin: string[]; auth: boolean }>();
        await launchers.mcp({
          http: opts.http === true,
          port: parsePort(opts.port),
          allowOrigins: opts.allowOrigin,
          auth: opts.auth,
          daemon: globals.daemon,
          defaultDeviceId: globals.deviceId,
          defaultOperatorPackage: globals.operatorPackage,
          defaultDriver: globals.driver,
        });
        // Warm adb connections would keep the process alive after the client is gone.
        process.exit(0);
      }),
    );
  examples(command, [
    'svc mcp',
    'svc mcp --device emulator-5554',
    'svc mcp --http --port 3001',
    'claude mcp add --transport http svc http://127.0.0.1:3001/mcp --header "Authorization: Bearer $(cat ~/.svc/server-token)"',
    'claude mcp add svc -- svc mcp',
    'claude mcp add svc -- npx -y svc-android mcp',
  ]);
}
