// The screen for one attempt of a step: one dump, parsed; the lock screen found from the dump itself (the keyguard's
// own nodes, package com.android.systemui), so a step that acts pays no extra device command for it; and taps that
// never land on the soft keyboard: a tap low on the screen first asks `dumpsys input_method` in the same shell line
// and, with the keyboard up, closes it and reads the screen again (the layout may move when it goes).
import type { NodeMatcher } from '../../../contracts/types.ts';
import {
  centerOf,
  findFirst,
  parseHierarchy,
  type Scope,
  tapPointFor,
  type UiNode,
  type UiTree,
} from '../../../ui/index.ts';
import { dumpWindow } from './dump.ts';
import { ExecutionFailure, type StepContext, StepFailure } from './step.ts';

export interface Screen {
  tree: UiTree;
  xml: string;
  width: number;
  height: number;
}

const KEYGUARD_ID = /keyguard|lock_?screen|bouncer/i;

/** The keyguard (lock screen) is what the dump shows. */
export function isKeyguard(tree: UiTree): boolean {
  const system = tree.roots.length > 0 && tree.roots.every((root) => root.pkg === 'com.android.systemui');
  return system && tree.nodes.some((n) => KEYGUARD_ID.test(n.resourceId) || /keyguard/i.test(n.cls));
}

export async function readScreen(step: StepContext, options: { interacts: boolean }): Promise<Screen> {
  const xml = await dumpWindow(step.ctx, step.shell, step.deadline, step.stats);
  const parsed = parseHierarchy(xml);
  if (!parsed.ok)
    throw new StepFailure('UI_DUMP_UNREADABLE', `the hierarchy dump is not readable: ${parsed.reason}`, {
      retryable: true,
    });
  const tree = parsed.tree;
  if (options.interacts && isKeyguard(tree)) {
    throw new ExecutionFailure('SECURITY_BLOCK_DETECTED', 'the lock screen is showing; unlock the device');
  }
  const width = Math.max(0, ...tree.roots.map((r) => r.bounds.right));
  const height = Math.max(0, ...tree.roots.map((r) => r.bounds.bottom));
  return { tree, xml, width, height };
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
 * never navigates; then KEYCODE_BACK, which some keyboards need (sent only while the keyboard is up, when it closes
 * the keyboard rather than the screen). A keyboard still up after both fails the step.
 */
const KEYBOARD_CLOSERS = [111, 4];
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
  if (y < screen.height * KEYBOARD_FREE_FRACTION) {
    await step.shell.run(gesture);
    return 'done';
  }
  // `a && b || c` rather than if/then/fi: the driver's lines are simple lists, which every device shell runs.
  const out = await step.shell.run(
    `dumpsys input_method | grep -q 'mInputShown=true' && echo ${KEYBOARD_UP} || ${gesture}`,
  );
  if (!out.output.includes(KEYBOARD_UP)) return 'done';
  const sent = closersSent.get(step) ?? 0;
  const key = KEYBOARD_CLOSERS[sent];
  if (key === undefined) {
    throw new StepFailure(
      'GESTURE_FAILED',
      'the soft keyboard stays up over the point to tap (ESCAPE and BACK left it)',
    );
  }
  closersSent.set(step, sent + 1);
  await step.shell.run(`input keyevent ${key}`);
  return 'retry';
}

export type ClickType = 'default' | 'long_click';

/** A long press: a swipe that does not move, held past the long-press timeout (500 ms by default). */
const LONG_PRESS_MS = 800;

export function pointGesture(x: number, y: number, type: ClickType): string {
  return type === 'long_click' ? `input swipe ${x} ${y} ${x} ${y} ${LONG_PRESS_MS}` : `input tap ${x} ${y}`;
}

/**
 * The gesture that clicks `node` as the operator app does (NodeExt.kt:460-547 @ v0.5.2): the first node among the
 * match and its 7 nearest ancestors that handles the click is the target; when it is enabled the finger lands where
 * the touch reaches it (not on another view drawn over it); when there is none, or it is disabled, the app taps the
 * match's centre.
 */
export function clickGesture(screen: Screen, node: UiNode, type: ClickType): { line: string; y: number } {
  const handles = type === 'long_click' ? (n: UiNode) => n.longClickable || n.clickable : (n: UiNode) => n.clickable;
  let target: UiNode | undefined;
  let n: UiNode | undefined = node;
  for (let depth = 0; n && depth <= 7 && !target; depth++, n = n.parent) if (handles(n)) target = n;
  const point = target?.enabled ? tapPointFor(screen.tree, node, target) : centerOf(node.bounds);
  if (!point) throw new StepFailure('NODE_NOT_CLICKABLE', 'other views cover every point of the clickable node');
  return { line: pointGesture(point.x, point.y, type), y: point.y };
}
