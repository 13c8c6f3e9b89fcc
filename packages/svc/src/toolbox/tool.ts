// A device tool: one chore an agent asks of a phone besides UI actions (which app is in front, install this APK,
// what did the app log, rotate the screen ...). Each is a use case with its arguments as a zod schema, so the CLI,
// the HTTP route and the MCP tool of it check the same rules and say the same errors; the front ends only map their
// input to the arguments and the result to their output.
import type { z } from 'zod';
import type { SvcContext } from '../core/context.ts';

/** A step of a long tool (install: bytes pushed), for a progress display. */
export interface ToolProgress {
  phase: string;
  done?: number;
  total?: number;
}

export interface ToolCall<I> {
  readonly ctx: SvcContext;
  /** The resolved device. */
  readonly serial: string;
  readonly args: I;
  /** Where relative host paths resolve (the caller's working directory). */
  readonly cwd: string;
  /**
   * Set by the servers (HTTP, MCP): a file the tool writes on this computer must be inside this folder (the
   * screenshots folder), as a screenshot's; unset on the CLI, whose paths are the user's own.
   */
  readonly outputDir?: string | undefined;
  /**
   * Where a file the tool reads on this computer may be (install's APK): unset on the CLI (any path), a folder for a
   * server whose user named one (`--apks-dir`, SVC_APKS_DIR), null for a server without one (reading is refused).
   */
  readonly apksDir?: string | null | undefined;
  progress(event: ToolProgress): void;
}

export type ToolResult = Record<string, unknown>;

export interface DeviceTool<I = unknown> {
  /** One name on every surface: the MCP tool, the HTTP route `/tools/<name>`, the CLI command words. */
  readonly name: string;
  readonly title: string;
  /** What a model reads in tools/list before choosing the tool: one sentence (the argument names say the rest). */
  readonly brief: string;
  /** What `svc help <tool>` prints: what it does, what it returns, how it fails. */
  readonly description: string;
  readonly args: z.ZodType<I>;
  /**
   * Takes the device's execution lock while it runs: it changes the screen or the installed apps, which would
   * pull the ground from under an execution in flight.
   */
  readonly locksDevice: boolean;
  /** Only reads the device (MCP readOnlyHint). */
  readonly readOnly: boolean;
  run(call: ToolCall<I>): Promise<ToolResult>;
}

/** Keeps the argument type of each tool while the catalogue holds them together. */
export function deviceTool<I>(tool: DeviceTool<I>): DeviceTool<I> {
  return tool;
}
