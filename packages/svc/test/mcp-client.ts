// Test helper: the SDK's own MCP client connected to `node packages/svc/src/cli/main.ts mcp` over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { MAIN } from './run-cli.ts';

export interface StdioSession {
  client: Client;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function connectStdio(args: string[], env: Record<string, string>, cwd: string): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, 'mcp', ...args],
    env,
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Calls a tool that must be refused with a JSON-RPC error; returns that error. */
export async function expectProtocolError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<McpError> {
  try {
    const result = await client.callTool({ name, arguments: args });
    throw new Error(`expected a protocol error, got ${JSON.stringify(result)}`);
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: test helper; each test asserts the fields it reads.
export type Loose = any;

/** The text of a tool result (svc says each result once, as text). */
export function textOf(result: Loose): string {
  return (result.content as { type: string; text?: string }[])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** The JSON a tool answered with (devices, the device tools, skills, doctor). */
export function jsonOf(result: Loose): Loose {
  return JSON.parse(textOf(result));
}

/**
 * The svc code a tool result names: `CODE: message` of a failure before the device answered, `FAILED: CODE` of a
 * run that failed, `FAILED <step> <type>: CODE` of a failed step; undefined for a success.
 */
export function codeOfText(text: string): string | undefined {
  return /^(?:FAILED(?: \S+ \S+)?: )?([A-Z][A-Z0-9_]+)(?=[: ]|$)/m.exec(text)?.[1];
}

/** One `key=<JSON>` value of a step line, from `at`: the value and where it ends. */
function valueAt(line: string, at: number): { value: unknown; end: number } {
  const open = line[at];
  if (open !== '"' && open !== '{' && open !== '[') {
    const end = line.indexOf(' ', at) === -1 ? line.length : line.indexOf(' ', at);
    return { value: JSON.parse(line.slice(at, end)), end };
  }
  let depth = 0;
  let inString = false;
  for (let i = at; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    if (!inString && depth === 0) return { value: JSON.parse(line.slice(at, i + 1)), end: i + 1 };
  }
  throw new Error(`unterminated value in ${line}`);
}

/**
 * A one-action result as text: its first line (`ok key=value ...`, or `FAILED: CODE message`), the data values that
 * line prints, and the lines after it (a snapshot's screen, the screen after the action).
 */
export function stepOfText(text: string): { head: string; data: Record<string, unknown>; rest: string } {
  const [first = '', ...rest] = text.split('\n');
  const data: Record<string, unknown> = {};
  const head = /^(ok|FAILED[^=]*?)(?= \w+=|$)/.exec(first)?.[1] ?? first;
  let at = head.length;
  while (at < first.length) {
    const key = /^ (\w+)=/.exec(first.slice(at));
    if (key === null) break;
    const { value, end } = valueAt(first, at + key[0].length);
    data[key[1] as string] = value;
    at = end;
  }
  return { head, data, rest: rest.join('\n') };
}

/** The JSON of a result whose text parts end with it (doctor: a headline, then the report). */
export function lastJsonOf(result: Loose): Loose {
  const texts = (result.content as { type: string; text?: string }[]).filter((part) => part.type === 'text');
  return JSON.parse(texts[texts.length - 1]?.text ?? 'null');
}
