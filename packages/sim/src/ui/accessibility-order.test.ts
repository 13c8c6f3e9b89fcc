// Android's accessibility order of siblings (AOSP frameworks/base core/java/android/view/ViewGroup.java,
// ViewLocationHolder.compareBoundsOfTree, stripe strategy, left-to-right): wholly above first, then left, then top,
// then taller, then wider, then a first descendant with bounds of its own, then creation order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessibilityOrder } from './accessibility-order.ts';
import type { Rect, UiNode } from './ui-node.ts';

function node(name: string, bounds: Rect, children: UiNode[] = []): UiNode {
  return { resourceId: name, bounds, children } as unknown as UiNode;
}
const r = (left: number, top: number, right: number, bottom: number): Rect => ({ left, top, right, bottom });
const order = (...children: UiNode[]) => accessibilityOrder(children).map((h) => [h.node.resourceId, h.drawingOrder]);

test('a view wholly above another comes first, whatever its left edge', () => {
  assert.deepEqual(order(node('low', r(0, 500, 100, 600)), node('high', r(900, 0, 1000, 100))), [
    ['high', 2],
    ['low', 1],
  ]);
});

test('overlapping views: the smaller left, then the smaller top, then the taller, then the wider first', () => {
  assert.deepEqual(order(node('right', r(100, 0, 500, 500)), node('left', r(0, 100, 500, 500))), [
    ['left', 2],
    ['right', 1],
  ]);
  assert.deepEqual(order(node('lower', r(0, 50, 500, 500)), node('upper', r(0, 0, 500, 300))), [
    ['upper', 2],
    ['lower', 1],
  ]);
  assert.deepEqual(order(node('short', r(0, 0, 500, 300)), node('tall', r(0, 0, 500, 600))), [
    ['tall', 2],
    ['short', 1],
  ]);
  assert.deepEqual(order(node('narrow', r(0, 0, 300, 300)), node('wide', r(0, 0, 500, 300))), [
    ['wide', 2],
    ['narrow', 1],
  ]);
});

test('same bounds: the one with a smaller descendant comes after; else the order they were made in', () => {
  const same = r(0, 0, 500, 500);
  assert.deepEqual(order(node('parent', same, [node('kid', r(10, 10, 50, 50))]), node('leaf', same)), [
    ['leaf', 2],
    ['parent', 1],
  ]);
  assert.deepEqual(order(node('first', same), node('second', same)), [
    ['first', 1],
    ['second', 2],
  ]);
});
