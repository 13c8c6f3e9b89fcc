// The node relations enter_text and read_key_value_pair use, by the published operator's rules (clawperator
// apps/android @ v0.5.2): where text goes (AccessibilityNodeInfoExtAndroid.kt:610-629) and which value belongs to a
// label (TaskUiScopeDefault.kt:1389-1469). Screens the simulated apps do not have.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findFirst } from './match.ts';
import { parseHierarchy } from './parse.ts';
import { editTargetOf, valueOfLabel } from './relations.ts';

const node = (cls: string, attrs: string, inner = '') =>
  `<node class="android.widget.${cls}" package="com.example" ${attrs}${inner === '' ? ' />' : `>${inner}</node>`}`;

function treeOf(body: string) {
  const parsed = parseHierarchy(
    `<hierarchy rotation="0">${node('FrameLayout', 'bounds="[0,0][1080,2400]"', body)}</hierarchy>`,
  );
  assert.ok(parsed.ok);
  return parsed.tree;
}

test('enter_text types into the text field among the match and its ancestors, else into the match itself', () => {
  const tree = treeOf(
    node(
      'EditText',
      'resource-id="com.example:id/field" bounds="[0,100][1080,250]"',
      node('TextView', 'text="Search" bounds="[0,100][540,250]"'),
    ) +
      node(
        'LinearLayout',
        'resource-id="com.example:id/box" bounds="[0,300][1080,450]"',
        node('EditText', 'resource-id="com.example:id/inner" bounds="[0,300][1080,450]"'),
      ),
  );
  const inField = findFirst(tree, { textEquals: 'Search' });
  assert.ok(inField);
  assert.equal(editTargetOf(inField).resourceId, 'com.example:id/field');
  // A holder of a field is not a field, and the app never looks inside the match.
  const box = findFirst(tree, { resourceId: 'com.example:id/box' });
  assert.ok(box);
  assert.equal(editTargetOf(box), box);
});

test('a value: the labelled node whose id ends in /summary first, then the first labelled one; none after the label in its row', () => {
  const tree = treeOf(
    node(
      'RecyclerView',
      'scrollable="true" bounds="[0,0][1080,2400]"',
      node(
        'LinearLayout',
        'clickable="true" bounds="[0,0][1080,200]"',
        node('TextView', 'text="Storage" bounds="[0,0][540,100]"') +
          node('TextView', 'text="Used" bounds="[0,100][540,200]"') +
          node('TextView', 'resource-id="android:id/summary" text="52% used" bounds="[540,100][1080,200]"'),
      ) +
        node(
          'LinearLayout',
          'clickable="true" bounds="[0,200][1080,400]"',
          node('TextView', 'text="Battery" bounds="[540,200][1080,400]"'),
        ) +
        node('TextView', 'text="After the rows" bounds="[0,400][1080,600]"'),
    ),
  );
  const storage = findFirst(tree, { textEquals: 'Storage' });
  const battery = findFirst(tree, { textEquals: 'Battery' });
  assert.ok(storage && battery);
  assert.equal(valueOfLabel(storage)?.text, '52% used');
  // Its row (a list item) has nothing after it: no value, though more text follows outside the row.
  assert.equal(valueOfLabel(battery), undefined);
});
