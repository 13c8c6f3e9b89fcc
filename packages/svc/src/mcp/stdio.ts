// `svc mcp`: the tools over stdio. Runs until the client closes stdin (or a signal), then resolves.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './create-server.ts';
import { takeStdoutForProtocol } from './stdout-guard.ts';
import type { McpRuntime } from './tool-kit.ts';

export async function serveStdio(runtime: McpRuntime): Promise<void> {
  const protocolOut = takeStdoutForProtocol();
  const server = createMcpServer(runtime);
  const transport = new StdioServerTransport(process.stdin, protocolOut);
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      server.close().finally(resolve);
    };
    // The SDK transport does not watch for end of input; a client that closes stdin is done with us.
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.connect(transport);
  runtime.log('svc mcp: serving MCP on stdio');
  await stopped;
}
