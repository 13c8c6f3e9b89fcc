// Where the adb driver taps, on small dumps: children are listed in accessibility order (sorted by position: AOSP
// ViewGroup.addChildrenForAccessibility -> ViewLocationHolder.compareTo), so only `drawing-order` (Android 16 dumps;
// 0 for a virtual node such as Compose's, View.populateAccessibilityNodeInfoDrawingOrderInParent counting from 1)
// says which sibling is on top. Without it nothing counts as covering a node; a clickable child always takes the
// touch before its parent (ViewGroup.dispatchTouchEvent).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tapPointFor, touchedNode } from './hit-test.ts';
import { findFirst } from './match.ts';
import { parseHierarchy } from './parse.ts';

const node = (attrs: string, inner = '') =>
  `<node class="android.widget.FrameLayout" package="com.example" enabled="true" ${attrs}${inner === '' ? ' />' : `>${inner}</node>`}`;

/** A button at [100,300][400,400], then a clickable layer spanning it, as siblings (the layer later in the dump). */
function screen(buttonOrder: string, layerOrder: string) {
  const button = node(`text="Like" clickable="true" bounds="[100,300][400,400]" ${buttonOrder}`);
  const layer = node(`resource-id="layer" clickable="true" bounds="[0,200][1080,2000]" ${layerOrder}`);
  const xml = `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', button + layer)}</hierarchy>`;
  const parsed = parseHierarchy(xml);
  assert.ok(parsed.ok);
  const like = findFirst(parsed.tree, { textEquals: 'Like' });
  assert.ok(like);
  return { tree: parsed.tree, like };
}

test('without drawing-order, a later, larger sibling never makes the tap refused: the button centre is tapped', () => {
  const { tree, like } = screen('', '');
  assert.deepEqual(tapPointFor(tree, like, like), { x: 250, y: 350 });
});

test('with drawing-order, a sibling drawn over the button covers it; one drawn under it does not', () => {
  const over = screen('drawing-order="1"', 'drawing-order="2"');
  assert.equal(tapPointFor(over.tree, over.like, over.like), undefined);
  assert.equal(touchedNode(over.tree, 250, 350)?.resourceId, 'layer');
  const under = screen('drawing-order="2"', 'drawing-order="1"');
  assert.deepEqual(tapPointFor(under.tree, under.like, under.like), { x: 250, y: 350 });
  assert.equal(touchedNode(under.tree, 250, 350)?.text, 'Like');
});

test('drawing-order 0 (a virtual node) says nothing: the button is tapped', () => {
  const { tree, like } = screen('drawing-order="0"', 'drawing-order="1"');
  assert.deepEqual(tapPointFor(tree, like, like), { x: 250, y: 350 });
});

test('a point nobody else spans is preferred to one a sibling of unknown order also spans', () => {
  // The layer spans only the lower half of the button: the first grid point above it is tapped.
  const button = node('text="Like" clickable="true" bounds="[100,300][400,400]"');
  const layer = node('resource-id="layer" clickable="true" bounds="[0,340][1080,2000]"');
  const parsed = parseHierarchy(
    `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', button + layer)}</hierarchy>`,
  );
  assert.ok(parsed.ok);
  const like = findFirst(parsed.tree, { textEquals: 'Like' });
  assert.ok(like);
  assert.deepEqual(tapPointFor(parsed.tree, like, like), { x: 130, y: 310 });
});

test('a button known to be under a later sibling is refused, though a group above it holds a virtual node (0)', () => {
  // As in a real Android 16 capture (Goddiewayne/StreamVerse-TV window_dump_fs.xml), a view and a Compose node (0)
  // are siblings; inside the view, a layer drawn after the button (both orders known) spans all of it, so a tap
  // there reaches the layer whatever the virtual node's order, which spans none of the button.
  const button = node('text="Like" clickable="true" bounds="[100,300][400,400]" drawing-order="1"');
  const layer = node('resource-id="layer" clickable="true" bounds="[0,200][1080,2000]" drawing-order="2"');
  const player = node('bounds="[0,200][1080,2000]" drawing-order="1"', button + layer);
  const virtual = node('text="Back" clickable="true" bounds="[0,0][100,100]" drawing-order="0"');
  const parsed = parseHierarchy(
    `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]" drawing-order="0"', virtual + player)}</hierarchy>`,
  );
  assert.ok(parsed.ok);
  const like = findFirst(parsed.tree, { textEquals: 'Like' });
  assert.ok(like);
  assert.equal(tapPointFor(parsed.tree, like, like), undefined);
  assert.equal(touchedNode(parsed.tree, 250, 350)?.resourceId, 'layer');
});
