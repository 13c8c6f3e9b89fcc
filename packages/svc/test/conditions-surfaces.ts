// The surfaces a condition can reach, each reduced to "which code did it answer": the CLI directly and through the
// device's daemon, HTTP (the serve app on a port), MCP over stdio, doctor and `version --check-compat`. Used by
// conditions.test.ts, which walks the condition → code table through them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { codeOfText, connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

/** The code an answer carries: an error's code, else a run result's failedCode (undefined when it succeeded). */
export function codeOfAnswer(json: Loose): string | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  if (typeof json.code === 'string') return json.code;
  if (json.error && typeof json.error.code === 'string') return json.error.code;
  return typeof json.failedCode === 'string' ? json.failedCode : undefined;
}

export interface Surfaces {
  cli(args: string[]): Promise<string | undefined>;
  daemon(args: string[]): Promise<string | undefined>;
  http(method: 'GET' | 'POST', path: string, body?: unknown): Promise<string | undefined>;
  mcp(tool: string, args: Record<string, unknown>): Promise<string | undefined>;
  /** The code of the doctor check `id` (doctor --json plus `args`). */
  doctor(id: string, args?: string[]): Promise<string | undefined>;
  version(args: string[]): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Every surface, all pointed at the same adb server, HOME and environment. */
export async function openSurfaces(env: Record<string, string>): Promise<Surfaces> {
  const ctx = createContext({ env: { ...process.env, ...env }, cwd: env.HOME ?? tmpdir() });
  const server: RunningServer = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
    host: '127.0.0.1',
    port: 0,
  });
  const cwd = mkdtempSync(join(tmpdir(), 'svc-conditions-'));
  const mcp: StdioSession = await connectStdio(['--no-daemon'], isolatedEnv(env), cwd);
  const cli = async (args: string[]) => codeOfAnswer((await runCliJson(args, { env })).json);
  return {
    cli: (args) => cli([...args, '--no-daemon']),
    daemon: (args) => cli(args),
    async http(method, path, body) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return codeOfAnswer(await response.json());
    },
    async mcp(tool, args) {
      try {
        const result = (await mcp.client.callTool({ name: tool, arguments: args })) as Loose;
        return result.isError ? codeOfText(textOf(result)) : undefined;
      } catch (error) {
        if (error instanceof McpError) return codeOfAnswer(error.data);
        throw error;
      }
    },
    async doctor(id, args = []) {
      const run = await runCliJson(['doctor', '--json', ...args], { env });
      return (run.json.checks as { id: string; code?: string }[]).find((check) => check.id === id)?.code;
    },
    version: (args) => cli(['version', '--check-compat', ...args]),
    async close() {
      await mcp.close();
      await server.close();
    },
  };
}
