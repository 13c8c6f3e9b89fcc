// Real `uiautomator dump` files from public repositories (phones of several vendors, emulators, BlueStacks; Chinese,
// Portuguese, emoji, entities; dialogs, landscape games, Compose ids; video, camera and ad layers; Android 16 dumps
// with drawing-order and older ones without), each with its source in
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
  type UiTree,
} from '../src/ui/index.ts';
import { CASES, dumpText, LAYER_CLICKS, REAL_DUMPS, SOURCES } from './real-dumps-cases.ts';

const inside = (p: { x: number; y: number } | undefined, b: UiTree['nodes'][number]['bounds']) =>
  p !== undefined && p.x >= b.left && p.x < b.right && p.y >= b.top && p.y < b.bottom;

function parse(text: string): UiTree {
  const outcome = parseHierarchy(text);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
  return outcome.tree;
}

describe('real uiautomator dumps', () => {
  test('the corpus holds at least 30 dumps, each with its public source and its expectations', () => {
    const files = readdirSync(REAL_DUMPS).filter((f) => f.endsWith('.xml'));
    assert.ok(files.length >= 30, `${files.length} dumps`);
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
      assert.deepEqual(
        target ? { resourceId: target.resourceId, bounds: rectString(target.bounds) } : null,
        want.tap.target,
      );
      // The tap lands inside what it aims at: the target, else the match itself.
      assert.ok(inside(point, (target ?? node).bounds), `${JSON.stringify(point)} inside the target`);
      // The element the compact form lists for the tap target carries the target's bounds.
      if (want.tap.target) assert.ok(compact.includes(want.tap.target.bounds), 'the clickable target is listed');
    });
  }

  for (const click of LAYER_CLICKS) {
    test(`${click.file}: ${JSON.stringify(click.matcher)} under later, larger views in the dump is tapped inside it`, () => {
      const tree = parse(dumpText(click.file));
      const [node] = findAll(tree, click.matcher);
      assert.ok(node);
      const target = clickableSelfOrAncestor(node);
      assert.ok(target);
      assert.equal(rectString(target.bounds), click.target);
      // No drawing-order: which view is on top is unknown, so nothing counts as covering it.
      assert.ok(!dumpText(click.file).includes('drawing-order'));
      const point = tapPointFor(tree, node, target);
      assert.deepEqual(point, click.tap);
      assert.ok(inside(point, target.bounds));
    });
  }
});
