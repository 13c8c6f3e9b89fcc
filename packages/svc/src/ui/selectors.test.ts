// The selector suggestions: which matchers are offered for a node, how they are ranked, and that every count is the
// host matcher's own (countMatches / findAll of ui/).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countMatches, parseHierarchy, type UiTree } from './index.ts';
import { countSelector, selectorThroughText, suggestSelectors, uniqueSelector } from './selectors.ts';

const node = (attrs: string, children = '') =>
  `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" clickable="false" enabled="true" scrollable="false" ${attrs}>${children}</node>`;

/** A list of two rows whose titles share one id, a search field, and a row-less button. */
function screen(): UiTree {
  const row = (title: string, top: number) =>
    node(
      `class="android.widget.LinearLayout" clickable="true" bounds="[0,${top}][1080,${top + 100}]"`,
      node(
        `class="android.widget.TextView" resource-id="p:id/title" text="${title}" bounds="[0,${top}][1080,${top + 100}]"`,
      ),
    );
  const list = node(
    'class="androidx.recyclerview.widget.RecyclerView" resource-id="p:id/list" scrollable="true" bounds="[0,200][1080,800]"',
    row('Wi-Fi', 200) + row('Bluetooth', 300),
  );
  const field = node(
    'class="android.widget.EditText" resource-id="p:id/search" content-desc="Search settings" bounds="[0,100][1080,200]"',
  );
  const parsed = parseHierarchy(
    `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', field + list)}</hierarchy>`,
  );
  assert.ok(parsed.ok);
  return parsed.tree;
}

const byText = (tree: UiTree, text: string) => tree.nodes.find((n) => n.text === text) as UiTree['nodes'][number];

describe('inspector selectors', () => {
  it('ranks unique selectors that land on the node first, by stability, and keeps the ambiguous id with its count', () => {
    const tree = screen();
    const candidates = suggestSelectors(tree, byText(tree, 'Bluetooth'));
    assert.deepEqual(
      candidates.map((c) => [c.kind, c.count, c.hitsNode]),
      [
        ['resourceId+textEquals', 1, true],
        ['textEquals', 1, true],
        ['role+textEquals', 1, true],
        ['textContains', 1, true],
        ['resourceId', 2, false],
        ['role+container', 2, false],
        ['role', 2, false],
      ],
    );
    for (const c of candidates.filter((c) => c.container === undefined)) {
      assert.equal(c.count, countMatches(tree, c.matcher), JSON.stringify(c.matcher));
    }
    assert.deepEqual(candidates.find((c) => c.kind === 'role+container')?.container, { resourceId: 'p:id/list' });
  });

  it('finds a row without text of its own through the text inside it', () => {
    const tree = screen();
    const row = byText(tree, 'Wi-Fi').parent;
    assert.ok(row);
    const inside = suggestSelectors(tree, row).find((c) => c.kind === 'text inside');
    assert.deepEqual(inside?.matcher, { textEquals: 'Wi-Fi' });
    assert.equal(inside?.hitsNode, true);
  });

  it('offers the accessibility label and id of a field, and its role', () => {
    const tree = screen();
    const field = tree.nodes.find((n) => n.resourceId === 'p:id/search');
    assert.ok(field);
    const kinds = suggestSelectors(tree, field).map((c) => `${c.kind}:${c.count}`);
    assert.deepEqual(kinds, [
      'resourceId:1',
      'resourceId+contentDescEquals:1',
      'contentDescEquals:1',
      'role+contentDescEquals:1',
      'contentDescContains:1',
      'role:1',
    ]);
  });

  it('the selector a ref becomes finds that node itself and nothing else: never a text inside it or a container', () => {
    const tree = screen();
    assert.deepEqual(uniqueSelector(tree, byText(tree, 'Bluetooth')), {
      resourceId: 'p:id/title',
      textEquals: 'Bluetooth',
    });
    const field = tree.nodes.find((n) => n.resourceId === 'p:id/search');
    assert.deepEqual(field && uniqueSelector(tree, field), { resourceId: 'p:id/search' });
    const row = byText(tree, 'Wi-Fi').parent;
    assert.ok(row);
    assert.equal(uniqueSelector(tree, row), undefined, 'a row is found only through the text inside it');
  });

  it('a row without text of its own is reached through a unique text it shows, never through a repeated one', () => {
    const tree = screen();
    const row = byText(tree, 'Wi-Fi').parent;
    assert.ok(row);
    assert.deepEqual(selectorThroughText(tree, row), { resourceId: 'p:id/title', textEquals: 'Wi-Fi' });
    const list = tree.nodes.find((n) => n.resourceId === 'p:id/list');
    assert.ok(list);
    assert.equal(selectorThroughText(tree, list), undefined, 'its texts are inside the rows, which are actionable');
    const field = tree.nodes.find((n) => n.resourceId === 'p:id/search');
    assert.equal(field && selectorThroughText(tree, field), undefined, 'a node with a label of its own');
  });

  it('counts inside a container as read_text does: the first container match, then every match below it', () => {
    const tree = screen();
    assert.deepEqual(
      countSelector(tree, { matcher: { resourceId: 'p:id/title' }, container: { resourceId: 'p:id/list' } }),
      {
        count: 2,
        first: byText(tree, 'Wi-Fi').order,
        matches: [byText(tree, 'Wi-Fi').order, byText(tree, 'Bluetooth').order],
      },
    );
    assert.deepEqual(countSelector(tree, { matcher: { role: 'text' }, container: { resourceId: 'p:id/none' } }), {
      count: 0,
      first: null,
      matches: [],
    });
  });
});
