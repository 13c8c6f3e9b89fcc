// What a ref becomes before the driver runs: the selector that finds its element when the step runs (so a click
// reaches the element where it is then, after a keyboard moved or covered it), a text inside a row whose click
// reaches that row, and a tap at the centre only for an element no selector tells apart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Action } from '../../contracts/types.ts';
import { parseHierarchy, readScreen, type UiTree } from '../../ui/index.ts';
import { type ScreenRecord, saltedHash } from './ref-store.ts';
import { RefFinder, rewriteRefs } from './resolve-refs.ts';

const node = (attrs: string, children = '') =>
  `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" clickable="false" enabled="true" scrollable="false" ${attrs}>${children}</node>`;

/** A button, a row whose title is plain text, a row whose title is a clickable of its own, two unlabelled buttons. */
function screen(): UiTree {
  const row = (title: string, top: number, titleClickable: boolean) =>
    node(
      `class="android.widget.LinearLayout" clickable="true" bounds="[0,${top}][1080,${top + 100}]"`,
      node(
        `class="android.widget.TextView" text="${title}" clickable="${titleClickable}" bounds="[40,${top + 10}][600,${top + 90}]"`,
      ),
    );
  const icon = (left: number) =>
    node(`class="android.widget.ImageButton" clickable="true" bounds="[${left},600][${left + 200},800]"`);
  const parsed = parseHierarchy(
    `<hierarchy rotation="0">${node(
      'bounds="[0,0][1080,2400]"',
      node('class="android.widget.Button" text="Save" clickable="true" bounds="[0,100][1080,200]"') +
        row('Wi-Fi', 200, false) +
        row('Bluetooth', 300, true) +
        icon(0) +
        icon(200),
    )}</hierarchy>`,
  );
  assert.ok(parsed.ok);
  return parsed.tree;
}

/** What a client remembers after reading `tree`: every element, ref e1, e2, ... in screen order. */
function recordOf(tree: UiTree): ScreenRecord {
  const shown = readScreen(tree);
  const identities = shown.elements.map((element) => saltedHash('s', element.identity));
  return {
    version: 2,
    salt: 's',
    title: shown.title,
    signature: shown.signature,
    elements: shown.elements.map((element, i) => ({
      ref: `e${i + 1}`,
      identity: identities[i] as string,
      line: saltedHash('s', element.body),
      unique: identities.filter((id) => id === identities[i]).length === 1,
      order: element.node.order,
    })),
    past: [],
    next: shown.elements.length + 1,
    takenAt: 0,
  };
}

function clickByRef(pattern: RegExp, clickType?: string): Record<string, unknown> {
  const tree = screen();
  const record = recordOf(tree);
  const lines = readScreen(tree).elements.map((element) => element.body);
  const index = lines.findIndex((line) => pattern.test(line));
  assert.notEqual(index, -1, `no element ${pattern} among ${lines.join(' | ')}`);
  const params = { matcher: { ref: `e${index + 1}` }, ...(clickType === undefined ? {} : { clickType }) };
  const action = { id: 'a', type: 'click', params } as Action;
  return rewriteRefs(action, new RefFinder(record, tree), tree, 0).params as Record<string, unknown>;
}

describe('a click by ref', () => {
  it('goes through the selector that finds the element itself', () => {
    assert.deepEqual(clickByRef(/"Save"/), { matcher: { textEquals: 'Save' } });
  });

  it('reaches a row without text of its own through its title, when a click on the title lands on the row', () => {
    assert.deepEqual(clickByRef(/"Wi-Fi"/), { matcher: { textEquals: 'Wi-Fi' } });
  });

  it('taps the centre of a row whose title takes the click itself, and of an element nothing tells apart', () => {
    // The title is an element of its own (a clickable text), clicked by its own selector; its row has no text.
    assert.deepEqual(clickByRef(/^button "Bluetooth"/), { matcher: { textEquals: 'Bluetooth' } });
    assert.deepEqual(clickByRef(/^container \[0,300\]/), { coordinate: { x: 540, y: 350 } });
    assert.deepEqual(clickByRef(/^button \[200,600\]/), { coordinate: { x: 300, y: 700 } });
  });

  it('keeps a long click a long click, and a focus click by selector', () => {
    assert.deepEqual(clickByRef(/"Save"/, 'long_click'), { matcher: { textEquals: 'Save' }, clickType: 'long_click' });
    assert.deepEqual(clickByRef(/"Save"/, 'focus'), { matcher: { textEquals: 'Save' }, clickType: 'focus' });
  });
});
