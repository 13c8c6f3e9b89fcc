// The screen for one attempt of a step: one dump, parsed; the lock screen found from the dump itself (the keyguard's
// own nodes, package com.android.systemui), so a step that acts pays no extra device command for it; and taps that
// never land on the soft keyboard: a tap low on the screen first asks `dumpsys input_method` in the same shell line
// and, with the keyboard up, closes it and reads the screen again (the layout may move when it goes).
import type { NodeMatcher } from '../../../contracts/types.ts';
import { DumpTimeout, dumpWindow } from '../../../device-shell/dump.ts';
import { inputLine, KEYCODE } from '../../../device-shell/input-line.ts';
import { keyboardCheckLine } from '../../../device-shell/keyboard-state.ts';
import {
  centerOf,
  clickTargetOf,
  findFirst,
  parseHierarchy,
  type Scope,
  tapPointFor,
  type UiNode,
  type UiTree,
} from '../../../ui/index.ts';
import { cssSelectorsOf, withPages } from '../../../web-pages/web-source.ts';
import { checkInput, sendInput } from './device-input.ts';
import { ExecutionFailure, type StepContext, StepFailure, TimedOut } from './step.ts';

export interface Screen {
  tree: UiTree;
  width: number;
  height: number;
}

const KEYGUARD_ID = /keyguard|lock_?screen|bouncer/i;

/** The keyguard (lock screen) is what the dump shows. */
export function isKeyguard(tree: UiTree): boolean {
  const system = tree.roots.length > 0 && tree.roots.every((root) => root.pkg === 'com.android.systemui');
  return system && tree.nodes.some((n) => KEYGUARD_ID.test(n.resourceId) || /keyguard/i.test(n.cls));
}

/**
 * One screen read. `until` (monotonic) is a limit of the step's own, before the execution's deadline (a wait's
 * timeoutMs): a dump still running then fails the read with UI_DUMP_NOT_IDLE; at the execution's deadline the
 * execution times out during this step with that as its last error.
 */
export async function readScreen(
  step: StepContext,
  options: { interacts: boolean; until?: number | undefined },
): Promise<Screen> {
  const before = takeScreenBefore(step);
  // The screen read before the run came as text: its page elements are linked to the page again.
  const tree = before
    ? await withPages(step.ctx, step.shell, before, cssSelectorsOf([step.action]))
    : await dumpAndParse(step, options.until);
  step.looked?.push(tree);
  if (options.interacts && isKeyguard(tree)) {
    throw new ExecutionFailure('SECURITY_BLOCK_DETECTED', 'the lock screen is showing; unlock the device');
  }
  const width = Math.max(0, ...tree.roots.map((r) => r.bounds.right));
  const height = Math.max(0, ...tree.roots.map((r) => r.bounds.bottom));
  return { tree, width, height };
}

/** The screen read under the lock just before the run (to resolve refs), once, for the first step's first read. */
function takeScreenBefore(step: StepContext): UiTree | undefined {
  const tree = step.before?.tree;
  if (step.before !== undefined) step.before.tree = undefined;
  return tree;
}

async function dumpAndParse(step: StepContext, until: number | undefined): Promise<UiTree> {
  const cutoff = Math.min(step.deadline, until ?? Number.POSITIVE_INFINITY);
  let xml: string;
  try {
    xml = await dumpWindow(step.ctx, step.shell, cutoff, step.stats);
  } catch (error) {
    if (error instanceof DumpTimeout && cutoff >= step.deadline) {
      throw new TimedOut(new StepFailure(error.code, error.message), 1);
    }
    throw error;
  }
  const parsed = parseHierarchy(xml);
  if (!parsed.ok)
    throw new StepFailure('UI_DUMP_UNREADABLE', `the hierarchy dump is not readable: ${parsed.reason}`, {
      retryable: true,
    });
  // A page in a WebView contributes its own elements where the WebView is (web-pages/web-source.ts).
  return withPages(step.ctx, step.shell, parsed.tree, cssSelectorsOf([step.action]));
}

/** A matcher as the operator app prints it in its messages (the Kotlin data class's toString, NodeMatcher.kt:19-27). */
export const describeMatcher = (m: NodeMatcher) =>
  `NodeMatcher(resourceId=${m.resourceId ?? null}, role=${m.role ?? null}, textEquals=${m.textEquals ?? null}, ` +
  `textContains=${m.textContains ?? null}, contentDescEquals=${m.contentDescEquals ?? null}, ` +
  `contentDescContains=${m.contentDescContains ?? null})`;

export function findOrFail(scope: Scope, matcher: NodeMatcher): UiNode {
  const node = findFirst(scope, matcher);
  if (!node)
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  return node;
}

/** The soft keyboard covers at most the lower part of the screen: taps above this fraction never meet it. */
const KEYBOARD_FREE_FRACTION = 0.5;
const KEYBOARD_UP = '__svc_keyboard_up';
/**
 * How a step closes a keyboard that is up, in turn (appium-adb keyboard-commands): KEYCODE_ESCAPE first, which
 * never navigates; then KEYCODE_BACK, which some keyboards need (sent only while the keyboard shows its view, when
 * it closes the keyboard rather than the screen). A keyboard still up after both fails the step.
 */
const KEYBOARD_CLOSERS = [KEYCODE.ESCAPE, KEYCODE.BACK];
const closersSent = new WeakMap<StepContext, number>();

/**
 * Runs `gesture` (an `input tap` or `input swipe` line) at a point of `screen`, unless the keyboard is up over the
 * lower part of the screen: then it closes the keyboard and answers `retry` (the caller reads the screen again).
 */
export async function gestureAt(
  step: StepContext,
  screen: Screen,
  y: number,
  gesture: string,
): Promise<'done' | 'retry'> {
  // Several inputs in one line (a double tap's `input tap … && input tap …`) cannot follow the keyboard check in
  // the same and-or list: their second input would run after the keyboard's mark as well. They go once it is down.
  const several = gesture.includes('&&');
  const what = several ? 'double tap' : gesture.startsWith('input tap') ? 'tap' : 'swipe';
  if (y < screen.height * KEYBOARD_FREE_FRACTION) {
    await sendInput(step.shell, gesture, 'GESTURE_FAILED', what);
    return 'done';
  }
  // Covered only when an input method is shown with its view (device-shell/keyboard-state.ts); `a && b || c`
  // rather than if/then/fi: the driver's lines are simple lists, which every device shell runs.
  const out = await step.shell.run(keyboardCheckLine(KEYBOARD_UP, several ? 'true' : gesture));
  if (!out.output.includes(KEYBOARD_UP)) {
    if (several) await sendInput(step.shell, gesture, 'GESTURE_FAILED', what);
    else checkInput(out, 'GESTURE_FAILED', what);
    return 'done';
  }
  const sent = closersSent.get(step) ?? 0;
  const key = KEYBOARD_CLOSERS[sent];
  if (key === undefined) {
    throw new StepFailure(
      'GESTURE_FAILED',
      'the soft keyboard stays up over the point to tap (ESCAPE and BACK left it)',
    );
  }
  closersSent.set(step, sent + 1);
  await sendInput(step.shell, inputLine.keys([key]), 'GESTURE_FAILED', 'key that closes the keyboard');
  return 'retry';
}

export type ClickType = 'default' | 'long_click';

export function pointGesture(x: number, y: number, type: ClickType): string {
  return type === 'long_click' ? inputLine.longPress(x, y) : inputLine.tap(x, y);
}

/**
 * The gesture that clicks `node` as the operator app does (NodeExt.kt:460-547 @ v0.5.2): the first node among the
 * match and its 7 nearest ancestors that handles the click is the target; when it is enabled the finger lands where
 * the touch reaches it (not on another view drawn over it); when there is none, or it is disabled, the app taps the
 * match's centre.
 */
export function clickGesture(screen: Screen, node: UiNode, type: ClickType): { line: string; y: number } {
  const target = clickTargetOf(node, type === 'long_click');
  const point = target?.enabled ? tapPointFor(screen.tree, node, target) : centerOf(node.bounds);
  if (!point) throw new StepFailure('NODE_NOT_CLICKABLE', 'other views cover every point of the clickable node');
  return { line: pointGesture(point.x, point.y, type), y: point.y };
}
