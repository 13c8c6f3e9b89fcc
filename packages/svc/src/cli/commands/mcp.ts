// `svc mcp [--http --port <n>] [--allow-origin <origin>]...`: the MCP server for agents (issue 11). Over stdio by
// default (stdout is the protocol channel: every log line goes to stderr); `--http` serves Streamable HTTP at
// http://127.0.0.1:<port>/mcp with the Origin/Host checks of `svc serve`. The global --device and
// --operator-package become defaults for calls that name none; --no-daemon keeps executions off the daemon.
import type { Command } from 'commander';
import { parsePort } from '../../server/port.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Default `--http` port: next to `svc serve`'s 3000. */
export const DEFAULT_MCP_HTTP_PORT = '3001';

export function registerMcp(program: Command): void {
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
    .action(
      safeAction(async (cmd, globals) => {
        const opts = cmd.opts<{ http?: boolean; port: string; allowOrigin: string[] }>();
        const port = parsePort(opts.port);
        const runtime = {
          env: process.env,
          cwd: process.cwd(),
          daemon: globals.daemon,
          defaultDeviceId: globals.deviceId,
          defaultOperatorPackage: globals.operatorPackage,
          log: (line: string) => process.stderr.write(`${line}\n`),
        };
        if (opts.http) {
          const { serveHttp } = await import('../../mcp/http.ts');
          await serveHttp(runtime, { port, allowOrigins: opts.allowOrigin });
        } else {
          const { serveStdio } = await import('../../mcp/stdio.ts');
          await serveStdio(runtime);
        }
        // Warm adb connections would keep the process alive after the client is gone.
        process.exit(0);
      }),
    );
  examples(command, [
    'svc mcp',
    'svc mcp --device emulator-5554',
    'svc mcp --http --port 3001',
    'claude mcp add svc -- npx svc mcp',
  ]);
}
