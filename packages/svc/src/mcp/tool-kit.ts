// The shape of an svc MCP tool and the two ways it fails (M-2 in docs/decisions.md): arguments that break the
// tool's schema or the contracts are a JSON-RPC InvalidParams error whose data is the svc error body; every other
// svc failure is a tool result flagged isError whose text starts `<CODE>: <message>`, then `hint: ...`, so the
// agent can branch on the code. A result is said once, as text: no tool declares an output schema, so none sends
// structured content beside it.
import { type CallToolResult, ErrorCode, McpError, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { withHintFor } from '../contracts/caller-terms.ts';
import type { Env } from '../contracts/env.ts';
import { type ErrorBody, SvcError, withHint } from '../contracts/errors.ts';
import type { Submit } from '../submit/submit.ts';
import { errorText } from './result-text.ts';
import type { JsonSchema } from './schema-parts.ts';

/** What every tool call runs with: the process env and cwd, how executions are submitted, and `svc mcp`'s defaults. */
export interface McpRuntime {
  readonly env: Env;
  readonly cwd: string;
  /** Where executions go: the device's daemon unless `svc mcp --no-daemon`. */
  readonly submit: Submit;
  /** `svc mcp --device` / `--operator-package` / `--driver`: used when a call does not name one. */
  readonly defaultDeviceId?: string | undefined;
  readonly defaultOperatorPackage?: string | undefined;
  readonly defaultDriver?: string | undefined;
  /** Whose last read of a screen this server's calls follow (refs, changes): one key per `svc mcp` process. */
  readonly client: string;
  /** Diagnostics (stderr; stdout is the protocol channel). */
  log(line: string): void;
}

export type ToolArgs = Record<string, unknown>;

export interface ToolDef {
  readonly name: string;
  /** For people choosing tools in a client; left out of tools/list when absent (an agent reads the name). */
  readonly title?: string;
  /** One or two sentences of what it does (what every tool shares is in the server's instructions). */
  readonly description: string;
  /** The schema advertised in tools/list and enforced before `run` (unless `enforcedSchema` is given). */
  readonly inputSchema: JsonSchema;
  /** A looser schema to enforce when the contracts validator checks part of the input itself (aliases). */
  readonly enforcedSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  /** The tool's own check of its arguments (an execution's rules), told with any schema problem in one answer. */
  alsoCheck?(args: ToolArgs): SvcError | undefined;
  run(args: ToolArgs, runtime: McpRuntime): Promise<CallToolResult>;
}

/** The svc error body with its recovery hint (the thrower's, else the catalogue's). */
export function errorWithHint(body: ErrorBody): ErrorBody & { hint: string } {
  return withHintFor(withHint(body), 'mcp') as ErrorBody & { hint: string };
}

/** Bad arguments: JSON-RPC InvalidParams, data = `{ code, message, details?, hint? }`. */
export function invalidParams(error: SvcError | ErrorBody): McpError {
  const body = errorWithHint(error instanceof SvcError ? error.toBody() : error);
  return new McpError(ErrorCode.InvalidParams, `${body.code}: ${body.message}`, body);
}

/** Runs the argument-checking part of a tool: any SvcError it throws is the caller's fault (InvalidParams). */
export function checkArguments<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof SvcError) throw invalidParams(error);
    throw error;
  }
}

/** A successful tool result: the value as one line of JSON. */
export function okResult(value: Record<string, unknown>, extra: CallToolResult['content'] = []): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }, ...extra] };
}

/** An svc failure as a tool result the agent can branch on: code and message, hint, details. */
export function errorResult(body: ErrorBody): CallToolResult {
  return { content: [{ type: 'text', text: errorText(errorWithHint(body)) }], isError: true };
}

/** Optional string argument (the schema already checked its type). */
export function str(args: ToolArgs, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}

export function int(args: ToolArgs, key: string): number | undefined {
  const value = args[key];
  return typeof value === 'number' ? value : undefined;
}
