// The in-process execute path of a server or daemon, for benches: validate at the edge, resolve the target by the
// one rule, run on the device (svc's own submit layer, without HTTP around it).
import type { RunResult } from '../../packages/svc/src/contracts/types.ts';
import { normalizeAndValidateExecution } from '../../packages/svc/src/contracts/validate.ts';
import type { SvcContext } from '../../packages/svc/src/core/context.ts';
import { inProcess } from '../../packages/svc/src/submit/submit.ts';
import { resolveTarget } from '../../packages/svc/src/submit/target.ts';

export async function runExecution(
  ctx: SvcContext,
  request: { execution: unknown; deviceId?: string; driver?: string },
): Promise<RunResult> {
  const validated = normalizeAndValidateExecution(request.execution);
  if (!validated.ok) return { ok: false, error: validated.error.toBody() };
  const target = resolveTarget({ deviceId: request.deviceId, driver: request.driver }, ctx.env);
  return inProcess(ctx)({ execution: validated.execution, target, cwd: ctx.cwd, verbose: false });
}
