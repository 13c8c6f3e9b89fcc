// The execute use case behind every surface (CLI, HTTP, MCP, daemon): validate before any adb call, resolve the
// device, then the device half (dispatch-and-await.ts). Never throws for expected failures: they come back as
// `{ ok: false, error: { code, message, details? } }` (SPEC 2.7).
import type { SvcContext } from '../app/context.ts';
import type { RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { resolveDevice } from '../devices/resolve-device.ts';
import { resolveOperatorPackage } from '../operator/resolve-package.ts';
import { dispatchAndAwait } from './dispatch-and-await.ts';
import { failure } from './failure.ts';

export interface RunExecutionRequest {
  execution: unknown;
  deviceId?: string | undefined;
  operatorPackage?: string | undefined;
  /** Relative screenshot paths resolve against it (default: the context's cwd). */
  cwd?: string | undefined;
  /** Adds device output to diagnostics (never written to disk by this use case). */
  verbose?: boolean | undefined;
}

export async function runExecution(ctx: SvcContext, req: RunExecutionRequest): Promise<RunResult> {
  const validated = normalizeAndValidateExecution(req.execution);
  if (!validated.ok) return failure(validated.error);
  try {
    const { serial } = await resolveDevice(ctx, req.deviceId);
    return dispatchAndAwait(ctx, {
      execution: validated.execution,
      serial,
      operatorPackage: resolveOperatorPackage(req.operatorPackage, ctx.env),
      cwd: req.cwd ?? ctx.cwd,
      verbose: req.verbose ?? false,
    });
  } catch (error) {
    return failure(error);
  }
}
