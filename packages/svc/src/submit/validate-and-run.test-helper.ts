// What a front end does before the execute use case, for tests that drive the use case in-process: validate the
// raw payload (the edge), resolve the target by the one rule (flags/env), then run. The driver defaults to the
// operator: these suites test the operator path unless they ask for another.
import type { RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import type { SvcContext } from '../core/context.ts';
import { runOnDevice } from '../executions/run-on-device.ts';
import { resolveTarget } from './target.ts';

export interface RawRequest {
  execution: unknown;
  deviceId?: string | undefined;
  operatorPackage?: string | undefined;
  driver?: string | undefined;
  cwd?: string | undefined;
  verbose?: boolean | undefined;
  waitDeviceMs?: number | undefined;
}

export async function runExecution(ctx: SvcContext, request: RawRequest): Promise<RunResult> {
  const validated = normalizeAndValidateExecution(request.execution);
  if (!validated.ok) return { ok: false, error: validated.error.toBody() };
  const target = resolveTarget(
    { deviceId: request.deviceId, operatorPackage: request.operatorPackage, driver: request.driver ?? 'operator' },
    ctx.env,
  );
  return runOnDevice(ctx, {
    execution: validated.execution,
    target,
    cwd: request.cwd,
    verbose: request.verbose,
    waitDeviceMs: request.waitDeviceMs,
  });
}
