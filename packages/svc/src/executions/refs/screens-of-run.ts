// What a run shows of the screen, for the client that asked: its snapshot steps as compact screens (whole, or the
// changes since its last read), the screen the run leaves behind, read once the screen is still, and, when a step's
// selector found nothing, the elements closest to it. Done under the device's lock, right after the run, by the
// process that ran it (the daemon for the CLI and MCP), so nothing else acts between the run and its screen.
import { matcherKeysOf } from '../../contracts/action-rules.ts';
import { inSelectorTerms } from '../../contracts/selector-terms.ts';
import type { NodeMatcher, ResultEnvelope, StepResult } from '../../contracts/types.ts';
import type { SvcContext } from '../../core/context.ts';
import { closestElements, parseHierarchy, readScreen, screenText, type UiTree } from '../../ui/index.ts';
import { withNotice } from '../../web-pages/page-sessions.ts';
import type { DeviceRun } from '../device-run.ts';
import type { Driver } from '../driver.ts';
import { type ClientView, clientView, type ScreenRequest } from './client-screen.ts';
import { readTree, type TreeRead } from './read-tree.ts';
import { paramsOf } from './resolve-refs.ts';

/** A screen still changing after an action is read again this much later, for at most SETTLE_MAX_MS. */
const SETTLE_PAUSE_MS = 200;
const SETTLE_MAX_MS = 2000;

/** Step codes after which the elements closest to the step's selector are named. */
const NOT_FOUND = new Set(['NODE_NOT_FOUND', 'CONTAINER_NOT_FOUND']);

export interface RunScreens {
  envelope: ResultEnvelope;
  /** The screen after the run, as the client asked for it (or, after a selector found nothing close, whole). */
  screen?: string;
}

const bodies = (tree: UiTree) =>
  readScreen(tree)
    .elements.map((element) => element.body)
    .join('\n');

/** The screen once two reads a moment apart agree (a driver whose reads wait for an idle screen: one read). */
async function settledTree(ctx: SvcContext, driver: Driver, run: DeviceRun, settle: boolean): Promise<TreeRead> {
  let read = await readTree(ctx, driver, run, 'screen');
  if (!settle || driver.settledReads || !read.ok) return read;
  const deadline = ctx.clock.monotonic() + SETTLE_MAX_MS;
  for (let n = 2; ctx.clock.monotonic() < deadline; n++) {
    await ctx.clock.sleep(SETTLE_PAUSE_MS);
    const again = await readTree(ctx, driver, run, `screen${n}`);
    if (!again.ok) return read;
    const still = bodies(again.tree) === bodies(read.tree);
    read = again;
    if (still) break;
  }
  return read;
}

/** The first failed step whose selector found nothing, with that selector. */
function notFound(run: DeviceRun, envelope: ResultEnvelope): { step: StepResult; matcher: NodeMatcher } | undefined {
  const step = envelope.stepResults?.find((s) => !s.success);
  if (step === undefined || !NOT_FOUND.has(step.data.error ?? '')) return undefined;
  const action = run.execution.actions.find((a) => a.id === step.id);
  if (action === undefined) return undefined;
  const matcher = matcherKeysOf(action.type)
    .map((key) => paramsOf(action)[key] as NodeMatcher | undefined)
    .find((m) => m !== undefined);
  return matcher === undefined ? undefined : { step, matcher };
}

async function compactStep(ctx: SvcContext, run: DeviceRun, request: ScreenRequest, step: StepResult) {
  if (step.actionType !== 'snapshot_ui' || !step.success || step.data.text === undefined) return step;
  const parsed = parseHierarchy(step.data.text);
  if (!parsed.ok) return step;
  const view = await clientView(ctx, run.serial, request.client, parsed.tree);
  const out = screenText(view.screen, view.assigned, view.form(request.form), request.budget);
  await view.remember(out.known);
  const text = withNotice(ctx, run.serial, out.text);
  return { ...step, data: { ...step.data, text, format: out.form === 'diff' ? 'diff' : 'compact' } };
}

export async function screensOfRun(
  ctx: SvcContext,
  driver: Driver,
  run: DeviceRun,
  envelope: ResultEnvelope,
  request: ScreenRequest | undefined,
): Promise<RunScreens> {
  let steps = envelope.stepResults;
  if (request !== undefined && steps !== undefined) {
    const compacted: StepResult[] = [];
    for (const step of steps) compacted.push(await compactStep(ctx, run, request, step));
    steps = compacted;
  }
  const missed = notFound(run, envelope);
  const last = steps?.at(-1);
  const after = request !== undefined && !(last?.actionType === 'snapshot_ui' && last.success);
  // A step's message names a selector as the agent writes it, not as the device's matcher prints it.
  steps = steps?.map((step) =>
    step.success || step.data.message === undefined
      ? step
      : { ...step, data: { ...step.data, message: inSelectorTerms(step.data.message) } },
  );
  const out: RunScreens = { envelope: steps === undefined ? envelope : { ...envelope, stepResults: steps } };
  if (!after && missed === undefined) return out;
  const read = await settledTree(ctx, driver, run, after);
  if (!read.ok) return { ...out, screen: `# the screen could not be read after the run (${read.cause})` };
  const view = await clientView(ctx, run.serial, request?.client ?? '', read.tree);
  const closest = missed === undefined ? [] : closestElements(view.screen.elements, missed.matcher);
  // With nothing close to a selector that missed, the whole screen says what is there (not only what changed).
  const nothingClose = missed !== undefined && closest.length === 0;
  const shown = after || nothingClose ? screenFor(view, request, nothingClose) : undefined;
  const known = view.screen.elements.map((_, i) => shown?.known[i] === true || closest.includes(i));
  await view.remember(known);
  const withClosest = out.envelope.stepResults;
  if (missed !== undefined && closest.length > 0 && withClosest !== undefined) {
    const closestLines = closest.map(view.line).join('\n');
    const stepResults = withClosest.map((s) =>
      s.id === missed.step.id ? { ...s, data: { ...s.data, closest: closestLines } } : s,
    );
    out.envelope = { ...out.envelope, stepResults };
  }
  return shown === undefined ? out : { ...out, screen: withNotice(ctx, run.serial, shown.text) };
}

function screenFor(view: ClientView, request: ScreenRequest | undefined, whole: boolean) {
  const form = whole ? 'full' : view.form(request?.form ?? 'full');
  return screenText(view.screen, view.assigned, form, request?.budget);
}
