// TaskScopeDefault (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/TaskScopeDefault.kt @ v0.5.2):
// opening apps and URIs, pauses, the UI hierarchy dump of snapshot_ui, wait_for_navigation and `ui { }`.

import type { WindowMetadata } from './inspector.ts';
import { IllegalStateException } from './kotlin.ts';
import { type NodeMatcher, RETRY, type TaskRetry } from './model.ts';
import { withRetry } from './retry-loop.ts';
import { type UiContext, waitForNode } from './ui-scope.ts';

const TAG = '[TaskScope]';
const s = (v: unknown) => String(v);

/** openApp (:131-170): the launcher's entry of the package, started like a tap on its icon; no wait for the app. */
export function openApp(ctx: UiContext, applicationId: string, retry: TaskRetry): Promise<void> {
  const id = `openApp:${applicationId}`;
  return withRetry(
    ctx,
    'TaskScope',
    retry,
    {
      id,
      label: `Opening ${applicationId}`,
      successPayload: (_r, elapsed, attempt) => ({
        stage_id: id,
        application_id: applicationId,
        launch_method: 'shortcut',
        cold_start: 'unknown',
        elapsed_ms: s(elapsed),
        attempt: s(attempt),
      }),
      failurePayload: (t, attempt) => ({
        application_id: applicationId,
        reason_code: t.message.includes('No app found') ? 'app_not_found' : 'unknown',
        attempt: s(attempt),
      }),
    },
    async () => {
      ctx.job.ensureActive(); // findTriggerShortcut(...).first() collects a flow
      if (!ctx.bridge.hasLauncherEntry(applicationId)) {
        throw new IllegalStateException(`No app found with applicationId=${applicationId}`);
      }
      ctx.log.d('TaskScope', `${TAG} Opening app: ${applicationId}`);
      ctx.bridge.launch(applicationId);
    },
  );
}

/** openUri (:172-206): startActivity of ACTION_VIEW with NEW_TASK (UrlNavigator.kt:88-93). */
export function openUri(ctx: UiContext, uri: string, retry: TaskRetry): Promise<void> {
  const id = `openUri:${uri}`;
  return withRetry(
    ctx,
    'TaskScope',
    retry,
    {
      id,
      label: `Opening URI: ${uri}`,
      successPayload: (_r, elapsed, attempt) => ({ stage_id: id, uri, elapsed_ms: s(elapsed), attempt: s(attempt) }),
      failurePayload: (t, attempt) => ({
        uri,
        reason_code: t.message.includes('URI_NOT_HANDLED') ? 'uri_not_handled' : 'unknown',
        attempt: s(attempt),
      }),
    },
    async () => {
      ctx.log.d('TaskScope', `${TAG} Opening URI: ${uri}`);
      if (!ctx.bridge.openUri(uri))
        throw new IllegalStateException(`URI_NOT_HANDLED: No application found to handle uri=${uri}`);
    },
  );
}

/** pause (:208-228). */
export function pause(ctx: UiContext, ms: number, retry: TaskRetry): Promise<void> {
  return withRetry(
    ctx,
    'TaskScope',
    retry,
    {
      id: 'pause',
      label: `Pausing for ${ms}ms`,
      successPayload: (_r, elapsed, attempt) => ({
        stage_id: 'pause',
        requested_ms: s(ms),
        elapsed_ms: s(elapsed),
        attempt: s(attempt),
      }),
    },
    async () => {
      ctx.log.d('TaskScope', `${TAG} Pausing for ${ms}ms...`);
      await ctx.job.delay(ms);
      ctx.log.d('TaskScope', `${TAG} Paused for ${ms}ms`);
    },
  );
}

const nodeCount = (dump: string) => dump.match(/<node /g)?.length ?? 0;

function maxDepth(dump: string): number {
  let depth = 0;
  let max = 0;
  for (const [token] of dump.matchAll(/<\/?node\b[^>]*?\/?>/g)) {
    if (token.startsWith('</node')) depth = Math.max(0, depth - 1);
    else {
      max = Math.max(max, depth);
      if (!token.endsWith('/>')) depth++;
    }
  }
  return max;
}

/**
 * logUiTree (:230-309), the path of snapshot_ui: one D entry `[TaskScope] UI Hierarchy:\n<dump>` once the dump
 * succeeded, the window metadata for the step; its own retry loop (same rule as withRetry, no E line).
 */
export async function logUiTree(ctx: UiContext, retry: TaskRetry): Promise<WindowMetadata | undefined> {
  return withRetry<{ meta: WindowMetadata | undefined; payload: Record<string, string> }>(
    ctx,
    'TaskScope',
    retry,
    {
      id: 'logUiTree',
      label: 'Logging UI tree',
      successPayload: (r, elapsed, attempt) => ({
        ...r.payload,
        elapsed_ms: s(elapsed),
        attempt: s(attempt),
      }),
      failurePayload: () => ({}),
    },
    async () => {
      ctx.log.d('TaskScope', `${TAG} Logging UI tree`);
      const dump =
        ctx.inspector.hierarchyDump() ??
        fail('SNAPSHOT_HIERARCHY_UNAVAILABLE: UI hierarchy dump not available; accessibility service may not be ready');
      ctx.log.hierarchy(`${TAG} UI Hierarchy:\n${dump}`);
      const meta = ctx.inspector.windowMetadata();
      const payload: Record<string, string> = {
        stage_id: 'logUiTree',
        node_count: s(nodeCount(dump)),
        max_depth: s(maxDepth(dump)),
      };
      payload.actual_format = 'hierarchy_xml';
      if (meta?.foregroundPackage !== undefined) payload.foreground_package = meta.foregroundPackage;
      if (meta) payload.has_overlay = s(meta.hasOverlay);
      if (meta?.overlayPackage !== undefined) payload.overlay_package = meta.overlayPackage;
      if (meta) payload.window_count = s(meta.windowCount);
      payload.truncated = 'false';
      return { meta, payload };
    },
  ).then((r) => r.meta);
}

const fail = (message: string): never => {
  throw new IllegalStateException(message);
};

export interface NavigationResult {
  success: boolean;
  lastPackage: string | undefined;
  elapsedMs: number;
}

/**
 * waitForNavigation (:374-455): polls every 200 ms until `elapsed > timeoutMs`. Success when the expected package is
 * in front after a transition (the start package differed, or another package was seen since), or when one
 * single-attempt wait_for_node of the expected node finds it.
 */
export async function waitForNavigation(
  ctx: UiContext,
  expectedPackage: string | undefined,
  expectedNode: NodeMatcher | undefined,
  timeoutMs: number,
): Promise<NavigationResult> {
  const start = ctx.job.clock.now();
  const elapsed = () => ctx.job.clock.now() - start;
  let lastPackage: string | undefined;
  const initialPackage = ctx.inspector.windowMetadata()?.foregroundPackage;
  let observedDifferent = false;
  for (;;) {
    if (elapsed() > timeoutMs) return { success: false, lastPackage, elapsedMs: elapsed() };
    lastPackage = ctx.inspector.windowMetadata()?.foregroundPackage;
    if (initialPackage !== undefined && lastPackage !== undefined && lastPackage !== initialPackage)
      observedDifferent = true;
    const packageOk =
      expectedPackage !== undefined &&
      lastPackage === expectedPackage &&
      (initialPackage === undefined ? observedDifferent : initialPackage !== expectedPackage || observedDifferent);
    if (packageOk) return { success: true, lastPackage, elapsedMs: elapsed() };
    if (expectedNode) {
      try {
        await waitForNode(ctx, expectedNode, RETRY.None);
        return { success: true, lastPackage, elapsedMs: elapsed() };
      } catch (e) {
        if (!(e instanceof IllegalStateException)) throw e;
      }
    }
    await ctx.job.delay(200);
  }
}

/** `ui { block }` (:432-437). */
export async function ui<T>(ctx: UiContext, block: () => Promise<T>): Promise<T> {
  ctx.log.d('TaskScope', `${TAG} Executing UI operations`);
  const result = await block();
  ctx.log.d('TaskScope', `${TAG} UI operations completed`);
  return result;
}
