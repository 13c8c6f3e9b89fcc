// Real `uiautomator dump` files from public repositories (phones of several vendors, emulators, BlueStacks; Chinese,
// Portuguese, emoji, entities; dialogs, landscape games, Compose ids), each with its source in
// fixtures/real-dumps/sources.json, through svc's own code: the parser, the compact form, the matcher and the tap
// point the adb driver would tap. The same files through the simulator and real adb: real-dumps-adb.test.ts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  centerOf,
  clickableSelfOrAncestor,
  findAll,
  parseHierarchy,
  rectString,
  renderCompact,
  tapPointFor,
  touchedNode,
  type UiTree,
} from '../src/ui/index.ts';
import { CASES, dumpText, REAL_DUMPS, SOURCES } from './real-dumps-cases.ts';

function parse(text: string): UiTree {
  const outcome = parseHierarchy(text);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
  return outcome.tree;
}

describe('real uiautomator dumps', () => {
  test('the corpus holds at least 15 dumps, each with its public source and its expectations', () => {
    const files = readdirSync(REAL_DUMPS).filter((f) => f.endsWith('.xml'));
    assert.ok(files.length >= 15, `${files.length} dumps`);
    assert.deepEqual(SOURCES.map((s) => s.file).sort(), files.sort());
    assert.deepEqual(Object.keys(CASES).sort(), files.sort());
    for (const source of SOURCES) {
      assert.match(source.commit, /^[0-9a-f]{40}$/, source.file);
      assert.equal(source.url, `https://github.com/${source.repository}/blob/${source.commit}/${source.path}`);
    }
  });

  for (const [file, want] of Object.entries(CASES)) {
    test(`${file}: parsed whole, compact header, the matched node and where a click lands`, () => {
      const text = dumpText(file);
      const tree = parse(text);
      assert.equal(tree.nodes.length, text.split('<node ').length - 1, 'every <node> is a node');
      assert.equal(tree.rotation, Number(/<hierarchy rotation="(\d)"/.exec(text)?.[1]));
      // As written to /dev/tty: the status line glued after </hierarchy> changes nothing.
      assert.equal(parse(`${text}UI hierchary dumped to: /dev/tty\n`).nodes.length, tree.nodes.length);

      const compact = renderCompact(tree);
      assert.equal(compact.split('\n')[0]?.split(',')[0], want.header);

      const [node] = findAll(tree, want.matcher);
      assert.ok(node, `matcher ${JSON.stringify(want.matcher)}`);
      assert.equal(rectString(node.bounds), want.bounds);

      const target = clickableSelfOrAncestor(node);
      assert.equal(target === undefined, want.unclickable === true, 'a clickable view holds the match');
      // Without one, the operator app taps the match's centre (UiTreeManagerAndroid.kt:168-176 @ v0.5.2).
      const point = target ? tapPointFor(tree, node, target) : centerOf(node.bounds);
      assert.deepEqual(point, { x: want.tap.x, y: want.tap.y });
      const touched = touchedNode(tree, want.tap.x, want.tap.y);
      assert.deepEqual(
        touched ? { resourceId: touched.resourceId, bounds: rectString(touched.bounds) } : null,
        want.tap.touched,
      );
      // The element the compact form lists for the tap target carries the target's bounds.
      if (want.tap.touched) assert.ok(compact.includes(want.tap.touched.bounds), 'the clickable target is listed');
    });
  }
});
