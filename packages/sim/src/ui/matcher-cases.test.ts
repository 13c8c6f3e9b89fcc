// One matcher truth, simulator side: the shared cases (test/fixtures/matcher-cases.json) run against the operator's
// matcher, node relations and container resolution (the published app's code: packages/sim/src/operator/) on the
// same screens built as live UI nodes. The host's adb driver runs the same cases (packages/svc/src/ui/
// matcher-cases.test.ts): one table, the app's answers (its rules: docs/published-operator.md 3.4-3.6).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { resolveKeyValuePair } from '../operator/key-value.ts';
import { IllegalStateException } from '../operator/kotlin.ts';
import { findAllByMatcher } from '../operator/matcher.ts';
import type { NodeMatcher } from '../operator/model.ts';
import { filterOnScreenOnly, findAll, mapToUiNode } from '../operator/node-tree.ts';
import { resolveContainer } from '../operator/scrolling.ts';
import type { UiContext } from '../operator/ui-scope.ts';
import type { NodeDef } from './app-def.ts';
import type { UiNode } from './ui-node.ts';

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

function build(def: ScreenNode, parent: UiNode | undefined): UiNode {
  const [left, top, right, bottom] = def.bounds;
  const node: UiNode = {
    index: parent ? parent.children.length : 0,
    hint: '',
    cls: def.cls,
    resourceId: def.id ?? '',
    text: def.text ?? '',
    desc: def.desc ?? '',
    pkg: 'com.example',
    clickable: def.clickable ?? false,
    longClickable: false,
    focusable: def.focusable ?? false,
    focused: false,
    scrollable: def.scrollable ?? false,
    checkable: def.checkable ?? false,
    checked: def.checked ?? false,
    password: false,
    enabled: def.enabled ?? true,
    selected: false,
    bounds: { left, top, right, bottom },
    children: [],
    parent,
    key: def.key,
    def: {} as NodeDef,
    row: undefined,
  };
  node.children = (def.children ?? []).map((child) => build(child, node));
  return node;
}

/** The first clickable node among a node and its 7 nearest ancestors (AccessibilityNodeInfoExtAndroid.kt:460-481). */
function clickTarget(node: UiNode): UiNode | undefined {
  let current: UiNode | undefined = node;
  for (let depth = 0; current && depth < 8; depth++, current = current.parent) {
    if (current.clickable) return current.enabled ? current : undefined;
  }
  return undefined;
}

for (const c of cases.cases) {
  test(`operator matcher: ${c.name}`, () => {
    const simRoot = build(cases.screens[c.screen] as ScreenNode, undefined);
    const frame = { left: 0, top: 0, right: 1080, bottom: 2400 };
    const root = filterOnScreenOnly(mapToUiNode(simRoot, 1, [0]), frame);
    const first = (m: NodeMatcher, scope = root) => findAllByMatcher(m, scope)[0];
    let found: string[] = [];
    let code: string | undefined;
    if (c.find !== undefined) {
      const scope = c.container === undefined ? root : first(c.container);
      assert.ok(scope, 'the container is on screen');
      found = findAllByMatcher(c.find, scope).map((n) => n.source.key);
    } else if (c.label !== undefined) {
      try {
        const value = resolveKeyValuePair(root, c.label)[1];
        found = findAll(root, (n) => n.label === value)
          .map((n) => n.source.key)
          .slice(0, 1);
      } catch (error) {
        assert.ok(error instanceof IllegalStateException);
        code = error.message;
      }
    } else if (c.clickTarget !== undefined) {
      const node = first(c.clickTarget);
      assert.ok(node);
      const target = clickTarget(node.source);
      found = target ? [target.key] : [];
    } else if (c.scrollContainer !== undefined) {
      const ctx = { job: { ensureActive() {} } } as unknown as UiContext;
      try {
        found = [resolveContainer(ctx, root, c.scrollContainer ?? undefined, true).source.key];
      } catch (error) {
        assert.ok(error instanceof IllegalStateException);
        code = error.message.includes('Scrollable container not found')
          ? 'CONTAINER_NOT_SCROLLABLE'
          : 'CONTAINER_NOT_FOUND';
      }
    }
    if (c.expectCode !== undefined || code !== undefined) assert.equal(code, c.expectCode);
    else assert.deepEqual(found, c.expect);
  });
}
