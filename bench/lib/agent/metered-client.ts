// An MCP client over stdio that counts what an agent pays: each tool call (one model turn), the bytes the call
// returns (every text, image and resource part of `content`, plus `structuredContent`, as sent: an image counts its
// base64 characters), a protocol error's message and data (the agent reads those too), and the wall time. The tool
// list is measured once, as the bytes of its JSON: what a client puts in the model's context before any call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

/** What one call cost. */
export interface CallCost {
  tool: string;
  bytes: number;
  ms: number;
}

/** The counts of a stretch of calls (a task, or the session). */
export interface Meter {
  calls: CallCost[];
}

export interface ToolReply {
  /** The text parts, in order (what an agent reads). */
  texts: string[];
  /** True for an isError result or a protocol error. */
  isError: boolean;
  structured?: Record<string, unknown>;
}

const utf8 = (value: string) => Buffer.byteLength(value, 'utf8');

/** Bytes of a tools/call result as the agent receives it. */
export function resultBytes(result: { content?: unknown; structuredContent?: unknown }): number {
  let bytes = 0;
  for (const part of (result.content ?? []) as Record<string, unknown>[]) {
    if (part.type === 'text') bytes += utf8(String(part.text));
    else if (part.type === 'image' || part.type === 'audio') bytes += utf8(String(part.data));
    else bytes += utf8(JSON.stringify(part));
  }
  if (result.structuredContent !== undefined) bytes += utf8(JSON.stringify(result.structuredContent));
  return bytes;
}

export interface MeteredClient {
  /** Bytes of the tools/list answer's `tools` (JSON) and how many tools it names. */
  readonly toolDefinitions: { bytes: number; count: number };
  /** Where the calls' costs go (the runner sets a new one per task). */
  meter: Meter;
  /** Calls a tool, adding its cost to `meter`. */
  call(tool: string, args: Record<string, unknown>): Promise<ToolReply>;
  close(): Promise<void>;
}

export async function connectMetered(spec: {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}): Promise<MeteredClient> {
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    env: spec.env,
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const client = new Client({ name: 'svc-agent-tasks-bench', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`${spec.name}: the MCP server did not start: ${(error as Error).message}\n${stderr}`);
  }
  const { tools } = await client.listTools();
  const metered: MeteredClient = {
    toolDefinitions: { bytes: utf8(JSON.stringify(tools)), count: tools.length },
    meter: { calls: [] },
    async call(tool, args) {
      const { meter } = metered;
      const started = performance.now();
      try {
        const result = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 120_000 })) as {
          content: { type: string; text?: string }[];
          structuredContent?: unknown;
          isError?: boolean;
        };
        meter.calls.push({ tool, bytes: resultBytes(result), ms: performance.now() - started });
        const texts = result.content.filter((part) => part.type === 'text').map((part) => part.text ?? '');
        return {
          texts,
          isError: result.isError === true,
          ...(result.structuredContent === undefined
            ? {}
            : { structured: result.structuredContent as Record<string, unknown> }),
        };
      } catch (error) {
        if (!(error instanceof McpError)) throw error;
        const text = `${error.message}${error.data === undefined ? '' : ` ${JSON.stringify(error.data)}`}`;
        meter.calls.push({ tool, bytes: utf8(text), ms: performance.now() - started });
        return { texts: [text], isError: true };
      }
    },
    close: () => client.close(),
  };
  return metered;
}
