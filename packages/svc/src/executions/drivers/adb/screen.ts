// The screen for one attempt of a step: one dump, parsed; the lock screen found from the dump itself (the keyguard's
// own nodes, package com.android.systemui), so a step that acts pays no extra device command for it; and taps that
// never land on the soft keyboard: a tap low on the screen first asks `dumpsys input_method` in the same shell line
// and, with the keyboard up, closes it and reads the screen again (the layout may move when it goes).
import type { NodeMatcher } from '../../../contracts/types.ts';
import { dumpWindow } from '../../../device-shell/dump.ts';
import {
  clickableSelfOrAncestor,
  findFirst,
  parseHierarchy,
  type Scope,
  tapPointFor,
  type UiNode,
  type UiTree,
} from '../../../ui/index.ts';
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

export const describeMatcher = (m: NodeMatcher) => JSON.stringify(m);

export function findOrFail(scope: Scope, matcher: NodeMatcher): UiNode {
  const node = findFirst(scope, matcher);
  if (!node)
    throw new StepFailure('NODE_NOT_FOUND', `no node matches ${describeMatcher(matcher)}`, { retryable: true });
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
 * The gesture that clicks `node` as the operator would: the node or its nearest enabled ancestor that handles the
 * click is the target, and the finger lands where the touch reaches that target (not on a disabled button or
 * another view drawn over it).
 */
export function clickGesture(screen: Screen, node: UiNode, type: ClickType): { line: string; y: number } {
  const want = type === 'long_click' ? (n: UiNode) => n.longClickable || n.clickable : undefined;
  const target = clickableSelfOrAncestor(node, want);
  if (!target) throw new StepFailure('NODE_NOT_CLICKABLE', 'neither the node nor an ancestor is clickable');
  const point = tapPointFor(screen.tree, node, target);
  if (!point) throw new StepFailure('NODE_NOT_CLICKABLE', 'other views cover every point of the clickable node');
  return { line: pointGesture(point.x, point.y, type), y: point.y };
}
