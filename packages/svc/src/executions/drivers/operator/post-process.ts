// Host work on a terminal envelope (SPEC 2.6, OPERATOR-PROTOCOL §4–5): screenshots for take_screenshot steps,
// snapshot XML injected by commandId/actionId (never by position), the settle warning after click, and close_app
// normalization when the host force-stop succeeded. The envelope's status and error are never changed.

import { isClick } from '../../../contracts/action-rules.ts';
import type { Action, Execution, ResultEnvelope, StepResult } from '../../../contracts/types.ts';
import type { SvcContext } from '../../../core/context.ts';
import { captureScreenshot, screenshotPath } from '../../screenshot.ts';
import type { EnvelopeCollector } from './envelope-collector.ts';

export interface PostProcessInput {
  execution: Execution;
  envelope: ResultEnvelope;
  collector: Pick<EnvelopeCollector, 'hierarchies' | 'hierarchyErrors' | 'untrusted'>;
  serial: string;
  cwd: string;
  /** applicationId → whether `am force-stop` succeeded before dispatch. */
  forceStopped: ReadonlyMap<string, boolean>;
}

/**
 * Said where a snapshot follows a click (SPEC 2.6 `warn`). It must not send agents to add sleeps: the screen svc
 * returns with an action (`screen`) is read once it is still.
 */
export const SETTLE_WARNING =
  'snapshot_ui ran right after a click, so the screen may still have been changing; for the screen once it is still, ask for it with the action (screen full or diff) instead of adding a sleep';

export async function postProcess(
  ctx: Pick<SvcContext, 'adb' | 'files' | 'clock' | 'env' | 'home' | 'shared'>,
  input: PostProcessInput,
): Promise<ResultEnvelope> {
  const { envelope } = input;
  if (envelope.stepResults === undefined) return envelope;
  const steps: StepResult[] = [];
  // One at a time: screenshots of one device are captured in step order.
  for (const step of envelope.stepResults) steps.push(await processStep(ctx, input, step));
  return { ...envelope, stepResults: steps };
}

async function processStep(
  ctx: Pick<SvcContext, 'adb' | 'files' | 'clock' | 'env' | 'home' | 'shared'>,
  input: PostProcessInput,
  step: StepResult,
): Promise<StepResult> {
  const actions = input.execution.actions;
  const index = actions.findIndex((a) => a.id === step.id);
  const action: Action | undefined = actions[index];
  switch (step.actionType) {
    case 'take_screenshot': {
      if (step.success ? step.data.path !== undefined : step.data.error !== 'UNSUPPORTED_RUNTIME_SCREENSHOT')
        return step;
      const ids = { commandId: input.envelope.commandId, actionId: step.id };
      const path = screenshotPath(
        ctx,
        action?.type === 'take_screenshot' ? action.params?.path : undefined,
        input.cwd,
        ids,
      );
      try {
        const extra = await captureScreenshot(ctx, input.serial, path);
        return { id: step.id, actionType: step.actionType, success: true, data: { path, ...extra } };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return failed(step, 'SCREENSHOT_CAPTURE_FAILED', message);
      }
    }
    case 'snapshot_ui': {
      if (!step.success) return step;
      const xml = input.collector.hierarchies.get(step.id);
      if (xml === undefined) {
        const why =
          input.collector.untrusted ??
          input.collector.hierarchyErrors.get(step.id) ??
          'no complete UI hierarchy frame set in the log';
        return failed(step, 'SNAPSHOT_EXTRACTION_FAILED', `${why} (commandId ${input.envelope.commandId})`);
      }
      const data: Record<string, string> = { ...step.data, actual_format: step.data.actual_format ?? 'hierarchy_xml' };
      data.text = xml;
      const previous = actions[index - 1];
      if (index > 0 && previous !== undefined && isClick(previous.type)) data.warn = SETTLE_WARNING;
      return { ...step, data };
    }
    case 'close_app': {
      const appId = action?.type === 'close_app' ? action.params.applicationId : undefined;
      if (step.success || step.data.error !== 'UNSUPPORTED_RUNTIME_CLOSE' || appId === undefined) return step;
      if (input.forceStopped.get(appId) !== true) return step;
      return { id: step.id, actionType: step.actionType, success: true, data: { application_id: appId } };
    }
    default:
      return step;
  }
}

function failed(step: StepResult, code: string, message: string): StepResult {
  return { id: step.id, actionType: step.actionType, success: false, data: { error: code, message } };
}
