// `{ "ref": "e12" }` selectors, resolved on the host before the driver runs, against the screen as it is now: a
// fresh snapshot through the same driver, under the same lock. The ref holds only while the layout is the one its
// snapshot saw (every node's class, id and bounds) and the element still shows what it showed (an editable field's
// own text aside); otherwise STALE_REF, and nothing is sent. A click becomes a tap at the element's centre (exactly
// the element that was seen); any other use becomes the most stable selector that matches only that element, or,
// for a row without text of its own, only a text it shows (ui/selectors.ts selectorThroughText).
import { changesScreen, matcherKeysOf } from '../../contracts/action-rules.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { Action, NodeMatcher, ValidExecution } from '../../contracts/types.ts';
import { normalizeAndValidateExecution } from '../../contracts/validate.ts';
import type { SvcContext } from '../../core/context.ts';
import {
  centerOf,
  contentOf,
  layoutSignature,
  parseHierarchy,
  selectorThroughText,
  type UiNode,
  type UiTree,
  uniqueSelector,
} from '../../ui/index.ts';
import type { DeviceRun } from '../device-run.ts';
import type { Driver } from '../driver.ts';
import { contentHash, loadRefs, type RefRecord } from './ref-store.ts';

const refOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as NodeMatcher).ref : undefined;

/** The params of an action, read by name (the matcher keys differ by action type). */
const paramsOf = (action: Action): Readonly<Record<string, unknown>> => action.params ?? {};

const refsOf = (action: Action) =>
  matcherKeysOf(action.type).flatMap((key) => {
    const ref = refOf(paramsOf(action)[key]);
    return ref === undefined ? [] : [{ key, ref }];
  });

export function usesRefs(execution: ValidExecution): boolean {
  return execution.actions.some((action) => refsOf(action).length > 0);
}

/**
 * Refs are resolved when the execution starts, so a ref in a step after one that may change the screen would act on
 * whatever the new screen shows there: refused before anything runs.
 */
function refuseRefsAfterScreenChange(execution: ValidExecution): void {
  let changer: number | undefined;
  execution.actions.forEach((action, index) => {
    const [first] = refsOf(action);
    if (first !== undefined && changer !== undefined) {
      const by = `actions[${changer}] (${execution.actions[changer]?.type})`;
      throw stale(
        `${first.ref} is used after ${by}, which may change the screen: a ref holds only on the screen its snapshot saw. End the execution there and take a new compact snapshot, or use a selector.`,
        { path: `actions[${index}].params.${first.key}.ref`, ref: first.ref, after: `actions[${changer}]` },
      );
    }
    if (changesScreen(action)) changer ??= index;
  });
}

function stale(message: string, details: Record<string, unknown>): SvcError {
  return new SvcError('STALE_REF', message, details);
}

/** The screen now, through the driver that will run the execution. */
async function currentTree(ctx: SvcContext, driver: Driver, run: DeviceRun): Promise<UiTree> {
  const id = `${run.execution.commandId}-refs`.slice(0, 128);
  const outcome = normalizeAndValidateExecution({
    commandId: id,
    taskId: run.execution.taskId,
    source: run.execution.source,
    expectedFormat: 'android-ui-automator',
    timeoutMs: Math.min(run.execution.timeoutMs, 30_000),
    actions: [{ id: 'refs', type: 'snapshot_ui' }],
  });
  if (!outcome.ok) throw outcome.error;
  const snapped = await driver.run(ctx, { ...run, execution: outcome.execution });
  if (snapped.kind === 'error') throw snapped.error;
  const step = snapped.envelope.stepResults?.[0];
  const parsed = step?.success && step.data.text ? parseHierarchy(step.data.text) : undefined;
  if (parsed === undefined || !parsed.ok) {
    throw stale('The screen could not be read to check the refs.', { deviceId: run.serial });
  }
  return parsed.tree;
}

function nodeOf(record: RefRecord, tree: UiTree, ref: string, path: string): UiNode {
  const target = record.refs.find((r) => r.ref === ref);
  if (target === undefined) {
    throw stale(`${ref} is not a ref of the last compact snapshot of this device.`, { path, ref });
  }
  const node = tree.nodes[target.order];
  const same =
    node !== undefined && (target.editable || contentHash(record.salt, contentOf(node)) === target.contentHash);
  if (!same) throw stale(`${ref} no longer shows what the snapshot saw.`, { path, ref });
  return node;
}

/** The action with its refs replaced, as raw input for the validator (which checks it again). */
function rewriteAction(action: Action, record: RefRecord, tree: UiTree, index: number): Record<string, unknown> {
  const params: Record<string, unknown> = { ...action.params };
  for (const key of matcherKeysOf(action.type)) {
    const ref = refOf(params[key]);
    if (ref === undefined) continue;
    const path = `actions[${index}].params.${key}.ref`;
    const node = nodeOf(record, tree, ref, path);
    if (action.type === 'click' && key === 'matcher' && params.clickType !== 'focus') {
      delete params.matcher;
      params.coordinate = centerOf(node.bounds);
      continue;
    }
    // A row without text of its own is reached through the text it shows (a container must be the element itself).
    const matcher = uniqueSelector(tree, node) ?? (key === 'container' ? undefined : selectorThroughText(tree, node));
    if (matcher === undefined) {
      throw new SvcError(
        'REF_NOT_SELECTABLE',
        `${ref} cannot be told apart from other elements by its id, text or label, nor by a text inside it; click it, or use a selector.`,
        { path, ref },
      );
    }
    params[key] = matcher;
  }
  return { ...action, params };
}

/**
 * The run with every ref replaced, checked against the screen now; the run unchanged when it names no ref.
 * Throws STALE_REF (the screen changed, or no compact snapshot was taken) and REF_NOT_SELECTABLE.
 */
export async function resolveRefs(ctx: SvcContext, driver: Driver, run: DeviceRun): Promise<DeviceRun> {
  if (!usesRefs(run.execution)) return run;
  refuseRefsAfterScreenChange(run.execution);
  const record = await loadRefs(ctx, run.serial);
  if (record === undefined) {
    throw stale(`No compact snapshot of ${run.serial} to take refs from.`, { deviceId: run.serial });
  }
  const tree = await currentTree(ctx, driver, run);
  if (layoutSignature(tree) !== record.signature) {
    throw stale('The screen changed since the snapshot the refs came from.', {
      deviceId: run.serial,
      snapshotAt: new Date(record.takenAt).toISOString(),
    });
  }
  const actions = run.execution.actions.map((action, i) => rewriteAction(action, record, tree, i));
  const outcome = normalizeAndValidateExecution({ ...run.execution, actions });
  if (!outcome.ok) throw outcome.error;
  return { ...run, execution: outcome.execution };
}
