// The screen now, read through the driver that runs the execution, under its lock: a one-step snapshot execution of
// its own (`<commandId>-<purpose>`), so refs are checked and screens shown from what the device shows at that moment.
import { normalizeAndValidateExecution } from '../../contracts/validate.ts';
import type { SvcContext } from '../../core/context.ts';
import { parseHierarchy, type UiTree } from '../../ui/index.ts';
import type { DeviceRun } from '../device-run.ts';
import type { Driver } from '../driver.ts';

/** At most this long for one read (an execution's own timeout may be longer). */
const READ_TIMEOUT_MS = 30_000;

/** The tree, or the code of why the screen could not be read (a driver error is thrown, as from any run). */
export type TreeRead = { ok: true; tree: UiTree } | { ok: false; cause: string };

export async function readTree(ctx: SvcContext, driver: Driver, run: DeviceRun, purpose: string): Promise<TreeRead> {
  const outcome = normalizeAndValidateExecution({
    commandId: `${run.execution.commandId.slice(0, 100)}-${purpose}`,
    taskId: run.execution.taskId,
    source: run.execution.source,
    expectedFormat: 'android-ui-automator',
    timeoutMs: Math.max(1000, Math.min(run.execution.timeoutMs, READ_TIMEOUT_MS)),
    actions: [{ id: purpose, type: 'snapshot_ui' }],
  });
  if (!outcome.ok) throw outcome.error;
  // A read of its own: never the screen read before the run (that may be the run this read follows).
  const { screenBefore: _, ...device } = run;
  const snapped = await driver.run(ctx, { ...device, execution: outcome.execution });
  if (snapped.kind === 'error') throw snapped.error;
  const step = snapped.envelope.stepResults?.[0];
  const parsed = step?.success && step.data.text ? parseHierarchy(step.data.text) : undefined;
  if (parsed === undefined || !parsed.ok) {
    return { ok: false, cause: step?.data.error ?? snapped.envelope.errorCode ?? 'SNAPSHOT_EXTRACTION_FAILED' };
  }
  return { ok: true, tree: parsed.tree };
}
