// One matcher truth, host side: the shared cases (test/fixtures/matcher-cases.json) run against the host matcher
// on the screens written as real `uiautomator dump` XML (one line, KXmlSerializer escaping). The simulator's
// operator runs the same cases (packages/sim/src/ui/matcher-cases.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { NodeMatcher } from '../contracts/types.ts';
import { resolveContainer } from './container.ts';
import { findAll, findFirst } from './match.ts';
import type { UiNode } from './node.ts';
import { parseHierarchy } from './parse.ts';
import { clickableSelfOrAncestor, valueOfLabel } from './relations.ts';

interface ScreenNode {
  key: string;
  cls: string;
  text?: string;
  id?: string;
  desc?: string;
  bounds: [number, number, number, number];
  clickable?: boolean;
  scrollable?: boolean;
  enabled?: boolean;
  focusable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  children?: ScreenNode[];
}

interface Case {
  name: string;
  screen: string;
  find?: NodeMatcher;
  container?: NodeMatcher;
  label?: NodeMatcher;
  clickTarget?: NodeMatcher;
  scrollContainer?: NodeMatcher | null;
  expect?: string[];
  expectCode?: string;
}

const cases = JSON.parse(
  readFileSync(new URL('../../../../test/fixtures/matcher-cases.json', import.meta.url), 'utf8'),
) as { screens: Record<string, ScreenNode>; cases: Case[] };

/** uiautomator's escaping (KXmlSerializer): & < > " as entities, ' raw, newline as &#10;. */
const esc = (v: string) =>
  v.replace(
    /[&<>"\n]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;' })[c] as string,
  );

function dumpXml(node: ScreenNode, index = 0): string {
  const b = (v: boolean | undefined) => (v ? 'true' : 'false');
  const [l, t, r, bo] = node.bounds;
  const attrs =
    `index="${index}" text="${esc(node.text ?? '')}" resource-id="${esc(node.id ?? '')}" class="${node.cls}" ` +
    `package="com.example" content-desc="${esc(node.desc ?? '')}" checkable="${b(node.checkable)}" ` +
    `checked="${b(node.checked)}" clickable="${b(node.clickable)}" enabled="${b(node.enabled ?? true)}" ` +
    `focusable="${b(node.focusable)}" focused="false" scrollable="${b(node.scrollable)}" long-clickable="false" ` +
    `password="false" selected="false" bounds="[${l},${t}][${r},${bo}]"`;
  const kids = (node.children ?? []).map((child, i) => dumpXml(child, i)).join('');
  return kids === '' ? `<node ${attrs} />` : `<node ${attrs}>${kids}</node>`;
}

function keysOf(screen: ScreenNode): string[] {
  return [screen.key, ...(screen.children ?? []).flatMap(keysOf)];
}

for (const c of cases.cases) {
  test(`host matcher: ${c.name}`, () => {
    const screen = cases.screens[c.screen] as ScreenNode;
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${dumpXml(screen)}</hierarchy>`;
    const parsed = parseHierarchy(`${xml}UI hierchary dumped to: /dev/tty\n`);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.reason);
    const tree = parsed.tree;
    const keys = keysOf(screen);
    const key = (node: UiNode) => keys[node.order] as string;
    let found: UiNode[] = [];
    if (c.find !== undefined) {
      const scope = c.container === undefined ? tree : findFirst(tree, c.container);
      assert.ok(scope, 'the container is on screen');
      found = findAll(scope, c.find);
    } else if (c.label !== undefined) {
      const label = findFirst(tree, c.label);
      assert.ok(label);
      found = [valueOfLabel(label)].filter((n) => n !== undefined);
    } else if (c.clickTarget !== undefined) {
      const node = findFirst(tree, c.clickTarget);
      assert.ok(node);
      found = [clickableSelfOrAncestor(node)].filter((n) => n !== undefined);
    } else if (c.scrollContainer !== undefined) {
      const outcome = resolveContainer(tree, c.scrollContainer ?? undefined, true);
      if (c.expectCode !== undefined) {
        assert.equal(outcome.ok ? 'ok' : outcome.code, c.expectCode);
        return;
      }
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
      found = [outcome.node];
    }
    assert.deepEqual(found.map(key), c.expect);
  });
}
