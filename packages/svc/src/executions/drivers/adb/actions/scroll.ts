// scroll, scroll_until and scroll_and_click with swipes inside the container's bounds: the container resolved as
// the operator resolves it, a drag along its middle with a 10% inset from its edges (clear of the system's gesture
// areas), `distanceRatio` of its length (at most the 80% the insets leave). Whether the list moved is read from the
// next dump as the app reads it: the container's first three children where they were means the end of the list
// (edge_reached; adb cannot tell a list that refuses to move from one at its end, so NO_POSITION_CHANGE is never
// reported here). A container whose class says
// it scrolls the other way is a failed gesture, as the operator reports it.

import { ACTION_DEFAULTS } from '../../../../contracts/limits.ts';
import { type RetryPolicy, retryPolicyOf } from '../../../../contracts/retry.ts';
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { inputLine } from '../../../../device-shell/input-line.ts';
import { findFirst, leadingSignature, refindContainer, resolveContainer, type UiNode } from '../../../../ui/index.ts';
import { sendInput } from '../device-input.ts';
import { retrying } from '../phase-retry.ts';
import { clickGesture, describeMatcher, gestureAt, readScreen, type Screen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';
import { clickTypeName } from './nodes.ts';
import { revealInPage } from './web.ts';

type Direction = 'down' | 'up' | 'left' | 'right';

/** The params the three scroll actions share. */
interface ScrollParams {
  container?: NodeMatcher;
  direction?: Direction;
  distanceRatio?: number;
  settleDelayMs?: number;
  findFirstScrollableChild?: boolean;
}
type Outcome = 'moved' | 'edge' | 'gesture_failed';

const SWIPE_MS = 250;

function settingsOf(p: ScrollParams) {
  return {
    direction: p.direction ?? ACTION_DEFAULTS.direction,
    distanceRatio: p.distanceRatio ?? ACTION_DEFAULTS.distanceRatio,
    settleDelayMs: p.settleDelayMs ?? ACTION_DEFAULTS.settleDelayMs,
    findFirstScrollableChild: p.findFirstScrollableChild ?? ACTION_DEFAULTS.findFirstScrollableChild,
  };
}

const isVertical = (direction: Direction) => direction === 'down' || direction === 'up';
const horizontal = (node: UiNode) => /Horizontal|ViewPager|TabLayout/.test(node.cls);

/**
 * The drag that scrolls the content of `node` toward `direction` (content direction: down shows what is below), as
 * the operator app draws it (TaskUiScopeDefault.kt:1055-1123 @ v0.5.2): at the container's centre line, for `down`
 * from 0.8 - 0.4r to 0.8 - 0.8r of its height, for `up` from 0.2 + 0.4r to 0.2 + 0.8r (r = distanceRatio), across
 * its width likewise for `right` and `left`, in 250 ms. `input swipe` takes whole pixels.
 */
export function swipeLine(node: UiNode, direction: Direction, ratio: number): string | undefined {
  const vertical = direction === 'down' || direction === 'up';
  if (vertical === horizontal(node)) return undefined;
  const b = node.bounds;
  const [start, length] = vertical ? [b.top, b.bottom - b.top] : [b.left, b.right - b.left];
  if (length <= 0 || ratio <= 0) return undefined;
  const forward = direction === 'down' || direction === 'right';
  const from = Math.round(start + length * (forward ? 0.8 - 0.4 * ratio : 0.2 + 0.4 * ratio));
  const to = Math.round(start + length * (forward ? 0.8 - 0.8 * ratio : 0.2 + 0.8 * ratio));
  const cx = Math.round((b.left + b.right) / 2);
  const cy = Math.round((b.top + b.bottom) / 2);
  return vertical ? inputLine.swipe(cx, from, cx, to, SWIPE_MS) : inputLine.swipe(from, cy, to, cy, SWIPE_MS);
}

function containerOf(screen: Screen, p: ScrollParams, findChild: boolean) {
  const outcome = resolveContainer(screen.tree, p.container, findChild);
  if (!outcome.ok) {
    // UiActionEngine.kt:265-324 @ v0.5.2: the failure's data is the direction and the settle delay.
    const data = {
      direction: p.direction ?? ACTION_DEFAULTS.direction,
      settle_delay_ms: String(p.settleDelayMs ?? ACTION_DEFAULTS.settleDelayMs),
    };
    throw new StepFailure(outcome.code, outcome.message, { data });
  }
  return outcome;
}

/** One swipe and the screen after it; `edge` when the container shows the same as before. */
async function swipeOnce(
  step: StepContext,
  container: UiNode,
  s: ReturnType<typeof settingsOf>,
): Promise<{ outcome: Outcome; after?: Screen; container?: UiNode }> {
  const line = swipeLine(container, s.direction, s.distanceRatio);
  if (line === undefined) return { outcome: 'gesture_failed' };
  const vertical = isVertical(s.direction);
  const before = leadingSignature(container, vertical);
  // A swipe the device refused is a failed step, never the end of the list.
  await sendInput(step.shell, line, 'GESTURE_FAILED', 'swipe');
  if (s.settleDelayMs > 0) await step.ctx.clock.sleep(s.settleDelayMs);
  const after = await readScreen(step, { interacts: true });
  const moved = refindContainer(after.tree, container);
  if (!moved) return { outcome: 'edge', after };
  const now = leadingSignature(moved, vertical);
  const edge = before === undefined || now === undefined || now === before;
  return { outcome: edge ? 'edge' : 'moved', after, container: moved };
}

const scroll: ActionRunner<'scroll'> = async (step) => {
  const p = step.action.params ?? {};
  const s = settingsOf(p);
  const screen = await readScreen(step, { interacts: true });
  const { node } = containerOf(screen, p, s.findFirstScrollableChild);
  const { outcome } = await swipeOnce(step, node, s);
  const data = {
    scroll_outcome: outcome === 'moved' ? 'moved' : outcome === 'gesture_failed' ? 'gesture_failed' : 'edge_reached',
    direction: s.direction,
    distance_ratio: String(s.distanceRatio),
    settle_delay_ms: String(s.settleDelayMs),
    // UiActionEngine.kt:265-324 @ v0.5.2: the scrolled node's resource id whenever it has one.
    ...(node.resourceId ? { resolved_container: node.resourceId } : {}),
  };
  if (outcome === 'gesture_failed')
    throw new StepFailure('GESTURE_FAILED', `cannot scroll ${s.direction} in this container`, { data });
  return data;
};

async function clickNode(step: StepContext, matcher: NodeMatcher, type: string, first: Screen): Promise<void> {
  let screen = first;
  for (;;) {
    const node = findFirst(screen.tree, matcher);
    if (!node)
      throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
        retryable: true,
      });
    const gesture = clickGesture(screen, node, type === 'long_click' ? 'long_click' : 'default');
    if ((await gestureAt(step, screen, gesture.y, gesture.line)) === 'done') return;
    screen = await readScreen(step, { interacts: true });
  }
}

/** The click after a scroll, retried by `policy`: the first attempt on the screen the scroll ended on. */
async function clickRetried(
  step: StepContext,
  matcher: NodeMatcher,
  type: string,
  first: Screen,
  policy: RetryPolicy,
): Promise<void> {
  let screen: Screen | undefined = first;
  await retrying(step, policy, async () => {
    const now = screen ?? (await readScreen(step, { interacts: true }));
    screen = undefined;
    await clickNode(step, matcher, type, now);
  });
}

/** The loop's ends after which the app waits for the target once more (UiActionEngine.kt:326-421 @ v0.5.2). */
const LOOKS_AGAIN: ReadonlySet<string> = new Set([
  'EDGE_REACHED',
  'MAX_SCROLLS_REACHED',
  'MAX_DURATION_REACHED',
  'NO_POSITION_CHANGE',
]);

/** One wait_for_node of the target with the UiReadiness preset: its screen when it shows, else undefined. */
async function waitForTarget(step: StepContext, matcher: NodeMatcher): Promise<Screen | undefined> {
  try {
    return await retrying(step, retryPolicyOf(undefined, 'UiReadiness'), async () => {
      const screen = await readScreen(step, { interacts: true });
      if (findFirst(screen.tree, matcher)) return screen;
      throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
        retryable: true,
      });
    });
  } catch (error) {
    if (error instanceof StepFailure) return undefined;
    throw error;
  }
}

const scrollUntil: ActionRunner<'scroll_until'> = async (step) => {
  const p = step.action.params ?? {};
  const s = settingsOf(p);
  const { matcher } = p;
  const clickAfter = p.clickAfter ?? false;
  const type = p.clickType ?? 'default';
  const maxScrolls = p.maxScrolls ?? ACTION_DEFAULTS.maxScrolls;
  const maxDurationMs = p.maxDurationMs ?? ACTION_DEFAULTS.maxDurationMs;
  let screen = await readScreen(step, { interacts: true });
  const revealed = await revealInPage(step, screen, matcher);
  if (revealed !== undefined && matcher) {
    if (clickAfter) await clickRetried(step, matcher, type, revealed, retryPolicyOf(undefined, 'UiReadiness'));
    return {
      termination_reason: 'TARGET_FOUND',
      scrolls_executed: '0',
      direction: s.direction,
      click_after: String(clickAfter),
      click_types: clickTypeName(type),
    };
  }
  const resolved = resolveContainer(screen.tree, p.container, s.findFirstScrollableChild);
  if (!resolved.ok) {
    const data = {
      termination_reason: resolved.code,
      scrolls_executed: '0',
      direction: s.direction,
      click_after: String(clickAfter),
      click_types: clickTypeName(type),
    };
    throw new StepFailure(resolved.code, resolved.message, { data });
  }
  let container = resolved.node;
  const started = step.ctx.clock.monotonic();
  let scrolls = 0;
  let still = 0;
  let reason: string;
  // The app's loop (TaskUiScopeDefault.kt:855-1017 @ v0.5.2): every swipe counts, the edge ends it after a last look
  // for the target, a rejected swipe counts as no movement.
  for (;;) {
    if (matcher && findFirst(screen.tree, matcher)) reason = 'TARGET_FOUND';
    else if (step.ctx.clock.monotonic() - started >= maxDurationMs) reason = 'MAX_DURATION_REACHED';
    else if (scrolls >= maxScrolls) reason = 'MAX_SCROLLS_REACHED';
    else if (still >= (p.noPositionChangeThreshold ?? ACTION_DEFAULTS.noPositionChangeThreshold))
      reason = 'NO_POSITION_CHANGE';
    else {
      const swiped = await swipeOnce(step, container, s);
      scrolls++;
      if (swiped.outcome === 'gesture_failed') {
        still++;
        continue;
      }
      screen = swiped.after as Screen;
      if (swiped.outcome === 'edge') {
        reason = matcher && findFirst(screen.tree, matcher) ? 'TARGET_FOUND' : 'EDGE_REACHED';
        break;
      }
      still = 0;
      container = swiped.container ?? container;
      continue;
    }
    break;
  }
  if (matcher && LOOKS_AGAIN.has(reason)) {
    const seen = await waitForTarget(step, matcher);
    if (seen !== undefined) [reason, screen] = ['TARGET_FOUND', seen];
  }
  const data: Record<string, string> = {
    termination_reason: reason,
    scrolls_executed: String(scrolls),
    direction: s.direction,
    click_after: String(clickAfter),
    click_types: clickTypeName(type),
    ...(scrolls > 0 && container.resourceId ? { resolved_container: container.resourceId } : {}),
  };
  if (matcher && reason !== 'TARGET_FOUND') {
    throw new StepFailure('TARGET_NOT_FOUND', `target not found (${reason})`, { data });
  }
  if (clickAfter && matcher) await clickRetried(step, matcher, type, screen, retryPolicyOf(undefined, 'UiReadiness'));
  return data;
};

/**
 * scroll_and_click's scan, one attempt (scrollUntil, TaskUiScopeDefault.kt:562-732 @ v0.5.2): up to maxSwipes + 1
 * passes; each resolves the container first (none fails the attempt, even with the target on screen), then looks for
 * the target, else swipes, settles and reads again; the container unchanged after two swipes in a row, or gone, ends
 * the scan as not found. A swipe the container cannot take only waits the settle delay. The screen read after a swipe
 * serves the next pass (the app reads it twice).
 */
async function scanFor(
  step: StepContext,
  target: NodeMatcher,
  p: ScrollParams,
  s: ReturnType<typeof settingsOf>,
  maxSwipes: number,
): Promise<Screen | undefined> {
  let screen = await readScreen(step, { interacts: true });
  const revealed = await revealInPage(step, screen, target);
  if (revealed !== undefined) return revealed;
  let stuck = 0;
  for (let swipes = 0; swipes <= maxSwipes; swipes++) {
    const container = resolveContainer(screen.tree, p.container, s.findFirstScrollableChild);
    if (!container.ok) throw new StepFailure(container.code, container.message, { retryable: true });
    if (findFirst(screen.tree, target)) return screen;
    if (swipes === maxSwipes) return undefined;
    const line = swipeLine(container.node, s.direction, s.distanceRatio);
    if (line === undefined) {
      if (s.settleDelayMs > 0) await step.ctx.clock.sleep(s.settleDelayMs);
      screen = await readScreen(step, { interacts: true });
      continue;
    }
    const before = leadingSignature(container.node, isVertical(s.direction));
    await sendInput(step.shell, line, 'GESTURE_FAILED', 'swipe');
    if (s.settleDelayMs > 0) await step.ctx.clock.sleep(s.settleDelayMs);
    screen = await readScreen(step, { interacts: true });
    const after = resolveContainer(screen.tree, p.container, s.findFirstScrollableChild);
    if (!after.ok) return undefined;
    const now = leadingSignature(after.node, isVertical(s.direction));
    stuck = before === undefined || now === undefined || now === before ? stuck + 1 : 0;
    if (stuck >= 2) return undefined;
  }
  return undefined;
}

/**
 * scroll_and_click as the operator app runs it (UiActionEngine.kt:232-263, TaskUiScope.kt:278-299 @ v0.5.2): the
 * scan retried by scrollRetry (UiScroll), a target never revealed fails it (fatal.ts: the execution ends), then the
 * click retried by clickRetry (UiReadiness).
 */
const scrollAndClick: ActionRunner<'scroll_and_click'> = async (step) => {
  const p = step.action.params;
  const s = settingsOf(p);
  const { target } = p;
  const maxSwipes = p.maxSwipes ?? ACTION_DEFAULTS.maxSwipes;
  const clickAfter = p.clickAfter ?? ACTION_DEFAULTS.clickAfter;
  const type = p.clickType ?? 'default';
  const data = {
    max_swipes: String(maxSwipes),
    // UiActionEngine.kt:232-263 @ v0.5.2: the enum's name (Down, Up, Left, Right) here, lower case elsewhere.
    direction: s.direction.charAt(0).toUpperCase() + s.direction.slice(1),
    click_types: clickTypeName(type),
    click_after: String(clickAfter),
  };
  const scanned = await retrying(step, retryPolicyOf(p.scrollRetry, 'UiScroll'), () =>
    scanFor(step, target, p, s, maxSwipes),
  );
  if (scanned === undefined) {
    throw new StepFailure('NODE_NOT_FOUND', `Target node not found after scrolling: ${describeMatcher(target)}`);
  }
  if (clickAfter) await clickRetried(step, target, type, scanned, retryPolicyOf(p.clickRetry, 'UiReadiness'));
  return data;
};

export const SCROLL_ACTIONS = {
  scroll: { run: scroll },
  scroll_until: { run: scrollUntil },
  scroll_and_click: { run: scrollAndClick },
} satisfies AdbEntries;
