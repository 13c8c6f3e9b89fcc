// The adb driver: every action done from the host with the shell tools a stock phone has (`uiautomator dump`,
// `input`, `am`, `screencap`), so svc works on any Android device with USB debugging on and nothing installed. It
// returns the operator's envelope and step-result shapes (the snapshot in the same format, the settle warning after
// a click) and refuses, before touching the device, what only the operator app can do.
import { isClick } from '../../../contracts/action-rules.ts';
import { SvcError } from '../../../contracts/errors.ts';
import type { Action, ResultEnvelope, StepResult, ValidExecution } from '../../../contracts/types.ts';
import { DeviceShell } from '../../../device-shell/device-shell.ts';
import type { DumpStats } from '../../../device-shell/dump.ts';
import { servesPagesInFront } from '../../../web-pages/web-source.ts';
import type { Driver } from '../../driver.ts';
import { SETTLE_WARNING } from '../operator/post-process.ts';
import { ADB_ACTIONS } from './actions/index.ts';
import { runSteps } from './run-steps.ts';
import { unicodeTextRefused } from './unicode-refusal.ts';

export const adbDriver: Driver = {
  name: 'adb',
  actions: () => ADB_ACTIONS,
  matchesOnHost: true,
  // uiautomator dump waits for the screen to be idle (AOSP DumpCommand: waitForIdle) before it reads.
  settledReads: true,
  async run(ctx, run) {
    const stats: DumpStats = { dumps: 0 };
    try {
      const shell = new DeviceShell(ctx, run.serial);
      const refused = await unicodeTextRefused(shell, run.execution);
      // A page takes any text through DevTools: the keyboard is needed only if a native field is typed in. So no
      // refusal when a page is in front, or when the execution opens a web address (a native field typed then
      // fails at its step, saying the keyboard is missing).
      // Asked only when the text would be refused: every other execution pays nothing for it.
      if (refused !== undefined) {
        const web = opensWebAddress(run.execution) || (await servesPagesInFront(shell).catch(() => false));
        if (!web) return { kind: 'error', error: refused, settle: false };
      }
      const envelope = await runSteps(ctx, run, ADB_ACTIONS, stats);
      return { kind: 'envelope', envelope: withSettleWarnings(envelope, run.execution.actions) };
    } catch (error) {
      if (error instanceof SvcError) return { kind: 'error', error, settle: false };
      throw error;
    }
  },
};

function opensWebAddress(execution: ValidExecution): boolean {
  return execution.actions.some((action) => action.type === 'open_uri' && /^https?:/i.test(action.params.uri));
}

/** A snapshot right after a click with no sleep between may show the screen before it settled: say so. */
function withSettleWarnings(envelope: ResultEnvelope, actions: readonly Action[]): ResultEnvelope {
  const steps = envelope.stepResults?.map((step: StepResult, i) => {
    const previous = actions[i - 1];
    if (step.actionType !== 'snapshot_ui' || !step.success || i === 0 || !previous || !isClick(previous.type))
      return step;
    return { ...step, data: { ...step.data, warn: SETTLE_WARNING } };
  });
  return steps === undefined ? envelope : { ...envelope, stepResults: steps };
}
