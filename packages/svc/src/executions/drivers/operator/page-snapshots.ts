// The operator app's snapshots with the pages of the app in front: its hierarchy reaches the host as XML, is parsed,
// and the web-page source puts the page's own elements where the WebView is, read over DevTools through adb as for
// the adb driver (the host has adb either way). The tree is then rendered as the adb driver renders its own, so a
// screen, its refs and its budgets are the same whichever driver read it. A screen with no debuggable page keeps
// the app's XML as it came.
import type { Execution, ResultEnvelope, StepResult } from '../../../contracts/types.ts';
import type { SvcContext } from '../../../core/context.ts';
import { DeviceShell } from '../../../device-shell/device-shell.ts';
import { parseHierarchy, renderSnapshot } from '../../../ui/index.ts';
import { cssSelectorsOf, withPages } from '../../../web-pages/web-source.ts';

async function withPage(shell: DeviceShell, ctx: SvcContext, step: StepResult, css: string[]): Promise<StepResult> {
  if (step.actionType !== 'snapshot_ui' || !step.success || step.data.text === undefined) return step;
  const parsed = parseHierarchy(step.data.text);
  if (!parsed.ok) return step;
  const tree = await withPages(ctx, shell, parsed.tree, css);
  return tree === parsed.tree ? step : { ...step, data: { ...step.data, text: renderSnapshot(tree) } };
}

export async function withPagesInSnapshots(
  ctx: SvcContext,
  serial: string,
  execution: Execution,
  envelope: ResultEnvelope,
): Promise<ResultEnvelope> {
  if (envelope.stepResults === undefined) return envelope;
  const shell = new DeviceShell(ctx, serial);
  const css = cssSelectorsOf(execution.actions);
  const steps: StepResult[] = [];
  for (const step of envelope.stepResults) steps.push(await withPage(shell, ctx, step, css));
  return { ...envelope, stepResults: steps };
}
