// Whether a list moved, read from two dumps as the operator app reads it from its tree (leadingChildSignature,
// TaskUiScopeDefault.kt:1129-1142 @ clawperator v0.5.2): the first three children of the container and where they
// start. A row whose text changes in place (a clock, a download's progress) is not a move; a shift of the rows is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leadingSignature } from './container.ts';
import type { UiNode } from './node.ts';
import { parseHierarchy } from './parse.ts';

function listOf(rows: { text: string; top: number; id?: string }[]): UiNode {
  const row = (r: { text: string; top: number; id?: string }) =>
    `<node class="android.widget.LinearLayout" package="com.example" resource-id="${r.id ?? ''}" text="" ` +
    `bounds="[0,${r.top}][1080,${r.top + 100}]"><node class="android.widget.TextView" package="com.example" ` +
    `text="${r.text}" bounds="[0,${r.top}][1080,${r.top + 100}]" /></node>`;
  const xml =
    '<hierarchy rotation="0"><node class="androidx.recyclerview.widget.RecyclerView" package="com.example" ' +
    `scrollable="true" bounds="[0,0][1080,1000]">${rows.map(row).join('')}</node></hierarchy>`;
  const parsed = parseHierarchy(xml);
  assert.ok(parsed.ok);
  const list = parsed.tree.nodes.find((n) => n.scrollable);
  assert.ok(list);
  return list;
}

test('rows that changed their text in place are no move; rows that shifted are', () => {
  const before = listOf([
    { text: '10:41', top: 0 },
    { text: 'Downloading 10%', top: 100 },
    { text: 'Wi-Fi', top: 200 },
  ]);
  const ticked = listOf([
    { text: '10:42', top: 0 },
    { text: 'Downloading 11%', top: 100 },
    { text: 'Wi-Fi', top: 200 },
  ]);
  const shifted = listOf([
    { text: 'Downloading 11%', top: -40 },
    { text: 'Wi-Fi', top: 60 },
    { text: 'Bluetooth', top: 160 },
  ]);
  assert.equal(leadingSignature(before, true), leadingSignature(ticked, true), 'a clock ticking is not a scroll');
  assert.notEqual(leadingSignature(before, true), leadingSignature(shifted, true));
  assert.equal(
    leadingSignature(before, true),
    'android.widget.LinearLayout@y=0|android.widget.LinearLayout@y=100|android.widget.LinearLayout@y=200',
  );
});

test('a child is named by its resource id when it has one, and by its left edge in a sideways list', () => {
  const list = listOf([
    { text: 'a', top: 0, id: 'com.example:id/row' },
    { text: 'b', top: 100 },
  ]);
  assert.equal(leadingSignature(list, true), 'com.example:id/row@y=0|android.widget.LinearLayout@y=100');
  assert.equal(leadingSignature(list, false), 'com.example:id/row@x=0|android.widget.LinearLayout@x=0');
});

test('a container without children has no signature (the app reports the edge)', () => {
  assert.equal(leadingSignature(listOf([]), true), undefined);
});
