// Container resolution and single scroll gestures shared by scroll, scroll_until and scroll_and_click.
import { type UiNode, walk } from '../../ui/ui-node.ts';
import type { ActionContext } from '../context.ts';
import { clampedNumber, type Direction, optBool, optMatcher, type Params } from '../params.ts';
import { StepError } from '../step-error.ts';
import { findNode } from './find.ts';

export interface ScrollSettings {
  distanceRatio: number;
  settleDelayMs: number;
  findFirstScrollableChild: boolean;
}

export function scrollSettings(params: Params): ScrollSettings {
  return {
    distanceRatio: clampedNumber(params, 'distanceRatio', 0.7, 0, 1),
    settleDelayMs: clampedNumber(params, 'settleDelayMs', 250, 0, 10000),
    findFirstScrollableChild: optBool(params, 'findFirstScrollableChild', true),
  };
}

export interface Resolved {
  node: UiNode;
  /** No container was given: the first scrollable node was picked. */
  auto: boolean;
}

export function resolveContainer(ctx: ActionContext, params: Params, settings: ScrollSettings): Resolved {
  const matcher = optMatcher(params, 'container');
  const tree = ctx.ui.tree();
  if (!matcher) {
    const first = [...walk(tree)].find((n) => n.scrollable);
    if (!first) throw new StepError('CONTAINER_NOT_FOUND', 'no scrollable node on screen');
    return { node: first, auto: true };
  }
  let node: UiNode;
  try {
    node = findNode(ctx, matcher, tree);
  } catch {
    throw new StepError('CONTAINER_NOT_FOUND', `no container matches ${JSON.stringify(matcher)}`);
  }
  if (node.scrollable) return { node, auto: false };
  const child = settings.findFirstScrollableChild ? [...walk(node)].find((n) => n.scrollable) : undefined;
  if (!child) throw new StepError('CONTAINER_NOT_SCROLLABLE', 'the container is not scrollable');
  return { node: child, auto: false };
}

export type GestureOutcome = 'moved' | 'edge' | 'stuck' | 'gesture_failed';

/** One swipe over the container. `stuck` = the list accepted the gesture but its content did not move. */
export function scrollOnce(ctx: ActionContext, node: UiNode, direction: Direction, ratio: number): GestureOutcome {
  const scroll = node.scroll;
  const vertical = direction === 'down' || direction === 'up';
  if (!scroll || (scroll.axis === 'vertical') !== vertical) return 'gesture_failed';
  const b = node.bounds;
  const distance = Math.round(ratio * (vertical ? b.bottom - b.top : b.right - b.left));
  if (distance <= 0) return 'gesture_failed';
  const sign = direction === 'down' || direction === 'right' ? 1 : -1;
  const canMove = sign > 0 ? scroll.offset < scroll.max : scroll.offset > 0;
  if (node.def.frozen) return canMove ? 'stuck' : 'edge';
  return ctx.ui.scrollBy(node, sign * distance) !== 0 ? 'moved' : 'edge';
}

/** The same container in a fresh tree (after a scroll the tree is rebuilt). */
export function refind(ctx: ActionContext, key: string): UiNode | undefined {
  for (const n of walk(ctx.ui.tree())) if (n.key === key) return n;
  return undefined;
}
