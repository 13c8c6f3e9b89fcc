// The candidates of a dump that writes `visible-to-user` (as some dumpers do; `uiautomator dump` leaves invisible nodes
// out instead): a node the dump says the user cannot see is never matched, and neither is anything below it, as the
// operator app's filterOnScreenOnly drops it with its subtree (UiTreeFiltererDefault.kt:15-48 @ clawperator v0.5.2).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findAll, isVisible } from './match.ts';
import { parseHierarchy } from './parse.ts';

const node = (attrs: string, inner = '') =>
  `<node class="android.widget.TextView" package="com.example" ${attrs}${inner === '' ? ' />' : `>${inner}</node>`}`;

test('a node not visible to the user is dropped with its subtree; the window root always stays', () => {
  const hidden = node(
    'text="Hidden" visible-to-user="false" bounds="[0,100][1080,200]"',
    node('text="Under hidden" visible-to-user="true" bounds="[0,100][1080,200]"'),
  );
  const shown = node('text="Shown" visible-to-user="true" bounds="[0,300][1080,400]"');
  const xml = `<hierarchy rotation="0">${node('text="" bounds="[0,0][1080,2400]"', hidden + shown)}</hierarchy>`;
  const parsed = parseHierarchy(xml);
  assert.ok(parsed.ok);
  const found = findAll(parsed.tree, { textContains: 'hidden' }).map((n) => n.text);
  assert.deepEqual(found, []);
  assert.deepEqual(
    parsed.tree.nodes.map((n) => [n.text, isVisible(n)]),
    [
      ['', true],
      ['Hidden', false],
      ['Under hidden', false],
      ['Shown', true],
    ],
  );
});
