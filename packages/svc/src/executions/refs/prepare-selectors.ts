// Selectors as the agent copied them from a compact screen, made into what the device matches, under the lock and
// before anything runs: refs (resolve-refs.ts) and, for a driver that matches on the device (the operator app, whose
// NodeMatcher compares resource ids in full), short resource ids (`username` → `com.svc.login:id/username`). A driver
// that matches on the host takes short ids as they are (ui/match.ts). One read of the screen serves both.
import { changesScreen, matcherKeysOf } from '../../contracts/action-rules.ts';
import type { Action, NodeMatcher, ValidExecution } from '../../contracts/types.ts';
import { normalizeAndValidateExecution } from '../../contracts/validate.ts';
import type { SvcContext } from '../../core/context.ts';
import { findFirst, isShortResourceId, type UiTree } from '../../ui/index.ts';
import type { DeviceRun } from '../device-run.ts';
import type { Driver } from '../driver.ts';
import { refusePageRefs } from './page-refs.ts';
import { readTree } from './read-tree.ts';
import { type ClientKey, loadScreen } from './ref-store.ts';
import {
  noRecord,
  paramsOf,
  RefFinder,
  refuseRefsAfterScreenChange,
  rewriteRefs,
  stale,
  usesRefs,
} from './resolve-refs.ts';
import { isStale, withScreen } from './stale-screen.ts';

const shortIdOf = (value: unknown): string | undefined => {
  const id = typeof value === 'object' && value !== null ? (value as NodeMatcher).resourceId : undefined;
  return id !== undefined && isShortResourceId(id) ? id : undefined;
};

export function usesShortIds(execution: ValidExecution): boolean {
  return execution.actions.some((action) =>
    matcherKeysOf(action.type).some((key) => shortIdOf(paramsOf(action)[key]) !== undefined),
  );
}

/**
 * The full id a short one names for step `index`: before anything changed the screen, the id of the first node the
 * whole matcher finds now; else in the app that step sees (the last open_app before it, else the app in front).
 */
function fullId(execution: ValidExecution, index: number, matcher: NodeMatcher, tree: UiTree | undefined): string {
  const before = execution.actions.slice(0, index);
  if (tree !== undefined && !before.some(changesScreen)) {
    const node = findFirst(tree, matcher);
    if (node !== undefined && node.resourceId !== '') return node.resourceId;
  }
  const opened = before.findLast((action) => action.type === 'open_app');
  const app = opened?.type === 'open_app' ? opened.params.applicationId : tree?.roots[0]?.pkg;
  return app === undefined || app === '' ? (matcher.resourceId as string) : `${app}:id/${matcher.resourceId}`;
}

function expandShortIds(
  raw: Record<string, unknown>,
  action: Action,
  index: number,
  execution: ValidExecution,
  tree: UiTree | undefined,
): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(raw.params as Record<string, unknown> | undefined) };
  for (const key of matcherKeysOf(action.type)) {
    const matcher = params[key] as NodeMatcher | undefined;
    if (shortIdOf(matcher) === undefined) continue;
    params[key] = { ...matcher, resourceId: fullId(execution, index, matcher as NodeMatcher, tree) };
  }
  return { ...raw, params };
}

/** The run with its refs resolved and, where the device matches, its short ids made full; unchanged otherwise. */
export async function prepareSelectors(
  ctx: SvcContext,
  driver: Driver,
  run: DeviceRun,
  client: ClientKey,
): Promise<DeviceRun> {
  const refs = usesRefs(run.execution);
  const shortIds = !driver.matchesOnHost && usesShortIds(run.execution);
  if (!refs && !shortIds) return run;
  if (refs) refuseRefsAfterScreenChange(run.execution);
  const record = refs ? await loadScreen(ctx, run.serial, client) : undefined;
  if (refs && record === undefined) throw noRecord(run.serial, client);
  const read = await readTree(ctx, driver, run, 'refs');
  if (!read.ok && refs) {
    throw stale(`The screen could not be read to check the refs (${read.cause}).`, { deviceId: run.serial });
  }
  const tree = read.ok ? read.tree : undefined;
  const finder = record !== undefined && tree !== undefined ? new RefFinder(record, tree) : undefined;
  let actions: Record<string, unknown>[];
  try {
    // The app matches on the device: a ref to a page's element cannot go there (page-refs.ts).
    if (finder !== undefined && !driver.matchesOnHost) await refusePageRefs(ctx, run.serial, run.execution, finder);
    actions = run.execution.actions.map((action, i) => {
      const raw = finder !== undefined && tree !== undefined ? rewriteRefs(action, finder, tree, i) : { ...action };
      return shortIds ? expandShortIds(raw, action, i, run.execution, tree) : raw;
    });
  } catch (error) {
    throw tree !== undefined && isStale(error) ? await withScreen(ctx, run.serial, client, tree, error) : error;
  }
  const outcome = normalizeAndValidateExecution({ ...run.execution, actions });
  if (!outcome.ok) throw outcome.error;
  return { ...run, execution: outcome.execution, ...(tree === undefined ? {} : { screenBefore: tree }) };
}
