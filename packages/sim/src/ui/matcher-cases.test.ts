// One matcher truth, simulator side: the shared cases (test/fixtures/matcher-cases.json) run against the
// operator's matcher, node relations and container resolution on the same screens built as live UI nodes. The
// host's adb driver runs the same cases (packages/svc/src/ui/matcher-cases.test.ts); both must agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { valueBeside } from '../operator/actions/read.ts';
import { resolveContainer } from '../operator/actions/scroll-engine.ts';
import type { ActionContext } from '../operator/context.ts';
import { StepError } from '../operator/step-error.ts';
import type { NodeDef } from './app-def.ts';
import { findAll, findFirst, type NodeMatcher } from './match.ts';
import type { UiNode } from './ui-node.ts';
import { clickableSelfOrAncestor } from './virtual-ui.ts';

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

for (const c of cases.cases) {
  test(`operator matcher: ${c.name}`, () => {
    const root = build(cases.screens[c.screen] as ScreenNode, undefined);
    let found: UiNode[] = [];
    if (c.find !== undefined) {
      const scope = c.container === undefined ? root : findFirst(root, c.container);
      assert.ok(scope, 'the container is on screen');
      found = findAll(scope, c.find);
    } else if (c.label !== undefined) {
      const label = findFirst(root, c.label);
      assert.ok(label);
      found = [valueBeside(label, root)].filter((n) => n !== undefined);
    } else if (c.clickTarget !== undefined) {
      const node = findFirst(root, c.clickTarget);
      assert.ok(node);
      found = [clickableSelfOrAncestor(node)].filter((n) => n !== undefined);
    } else if (c.scrollContainer !== undefined) {
      const ctx = { ui: { tree: () => root } } as unknown as ActionContext;
      const params = c.scrollContainer === null ? {} : { container: c.scrollContainer };
      const settings = { distanceRatio: 0.7, settleDelayMs: 0, findFirstScrollableChild: true };
      try {
        found = [resolveContainer(ctx, params, settings).node];
      } catch (error) {
        assert.ok(error instanceof StepError);
        assert.equal(error.code, c.expectCode);
        return;
      }
      assert.equal(c.expectCode, undefined, 'expected a container error');
    }
    assert.deepEqual(
      found.map((node) => node.key),
      c.expect,
    );
  });
}
