// `svc mcp --http`: the same tools over Streamable HTTP at /mcp, bound to loopback only, behind the same Origin and
// Host checks and the same token as `svc serve` (adapters/http/loopback-guard.ts, auth.ts). Stateless (M-6): each
// POST gets a fresh server and transport, so no session state can leak or pile up; the tools themselves hold none.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { createServerAuth, type ServerAuth } from '../adapters/http/auth.ts';
import { requestBodyLimit } from '../adapters/http/body-limit.ts';
import { securityChecks } from '../adapters/http/loopback-guard.ts';
import { sendError } from '../adapters/http/responses.ts';
import { loadOrCreateServerToken, serverTokenPath } from '../adapters/http/server-token.ts';
import { SvcError } from '../contracts/errors.ts';
import { createMcpServer } from './create-server.ts';
import { mcpTokenNeeded, mountNoOAuth } from './no-oauth.ts';
import type { McpRuntime } from './tool-kit.ts';

export const MCP_HTTP_HOST = '127.0.0.1';
export const MCP_PATH = '/mcp';

export interface McpHttpOptions {
  allowOrigins: readonly string[];
  /** The server token's check and the file holding the token (told to clients without it), or `none` (`--no-auth`). */
  auth: { check: ServerAuth; tokenPath: string } | 'none';
}

export function createMcpHttpApp(runtime: McpRuntime, options: McpHttpOptions): Hono {
  const app = new Hono();
  app.use('*', securityChecks({ allowOrigins: options.allowOrigins, loopbackHostOnly: true }));
  if (options.allowOrigins.length > 0) {
    // A browser client on an allowed origin must read the MCP headers of the Streamable HTTP transport.
    app.use(
      '*',
      cors({
        origin: [...options.allowOrigins],
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'Accept',
          'mcp-session-id',
          'mcp-protocol-version',
          'Last-Event-ID',
        ],
        exposeHeaders: ['mcp-session-id', 'mcp-protocol-version'],
      }),
    );
  }
  if (options.auth !== 'none') {
    // A client without the token is told how to send it, at /mcp and wherever it looks for an OAuth sign-in.
    mountNoOAuth(app, options.auth.tokenPath);
    app.use('*', options.auth.check.middleware);
  }
  // The same 100kb request limit as `svc serve` (SPEC part 8); an execution is at most 64000 bytes anyway.
  app.use('*', requestBodyLimit());
  // Stateless: no session to resume or delete, and no server-initiated messages for a GET stream to carry.
  const notAllowed = (c: Context) =>
    c.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC to /mcp.' }, id: null },
      405,
      {
        Allow: 'POST',
      },
    );
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
  app.post(MCP_PATH, async (c) => {
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    const server = createMcpServer(runtime);
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // JSON responses are complete once handleRequest resolves; nothing else uses this server.
      await server.close();
    }
  });
  app.notFound((c) =>
    sendError(c, new SvcError('NOT_FOUND', `No route ${c.req.method} ${c.req.path}; use ${MCP_PATH}`).toBody()),
  );
  return app;
}

export interface RunningMcpHttp {
  readonly server: HttpServer;
  readonly url: string;
  close(): Promise<void>;
}

export async function listenMcpHttp(
  runtime: McpRuntime,
  options: McpHttpOptions & { port: number },
): Promise<RunningMcpHttp> {
  const app = createMcpHttpApp(runtime, options);
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new SvcError('LISTEN_FAILED', `Cannot listen on ${MCP_HTTP_HOST}:${options.port}: ${error.message}`, {
          port: options.port,
        }),
      ),
    );
    server.listen(options.port, MCP_HTTP_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${MCP_HTTP_HOST}:${port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Runs until SIGINT/SIGTERM; announces the URL on stderr once signals are handled. */
export async function serveHttp(
  runtime: McpRuntime,
  options: { port: number; allowOrigins: readonly string[]; auth: boolean; home: string },
) {
  if (!options.auth) {
    runtime.log(
      'svc mcp: WARNING: --no-auth: every local user and process that can reach this port can drive the device.',
    );
  }
  const tokenPath = serverTokenPath(options.home);
  const auth = options.auth
    ? {
        check: createServerAuth(loadOrCreateServerToken(options.home), Date.now, mcpTokenNeeded(tokenPath)),
        tokenPath,
      }
    : 'none';
  const running = await listenMcpHttp(runtime, { ...options, auth });
  await new Promise<void>((resolve) => {
    const stop = () => {
      running.close().finally(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    runtime.log(`svc mcp: listening on ${running.url} (Streamable HTTP; Ctrl-C to stop)`);
    if (auth !== 'none') {
      runtime.log(`svc mcp: clients send Authorization: Bearer <token>, the token is in ${tokenPath}`);
    }
  });
}
