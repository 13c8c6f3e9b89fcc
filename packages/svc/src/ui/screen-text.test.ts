// The compact screen for one client: every printed value works as a selector as printed, refs stay with their
// element from one read to the next, the changes since the last read are printed instead of the whole screen when
// shorter, and a budget keeps what can be acted on first and says what it left out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestElements } from './candidates.ts';
import { readScreen } from './compact.ts';
import { findAll } from './match.ts';
import type { UiTree } from './node.ts';
import { parseHierarchy as parseOutcome } from './parse.ts';
import { assignRefs, type KnownScreen, pastAfter } from './screen-refs.ts';
import { screenText } from './screen-text.ts';

function parseHierarchy(xml: string): UiTree {
  const parsed = parseOutcome(xml);
  assert.ok(parsed.ok);
  return parsed.tree;
}

const node = (attrs: string, children = '') =>
  `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.svc.login" content-desc="" clickable="false" enabled="true" scrollable="false" ${attrs}>${children}</node>`;

/** A sign-in form: a heading, two fields (one typed into), a check box, a button and a row with two texts. */
function form(user = '', buttonTop = 700): UiTree {
  const field = (id: string, desc: string, top: number, text: string) =>
    node(
      `class="android.widget.EditText" resource-id="com.svc.login:id/${id}" content-desc="${desc}" text="${text}" bounds="[0,${top}][1080,${top + 150}]"`,
    );
  const row = node(
    'class="android.widget.LinearLayout" clickable="true" bounds="[0,1000][1080,1100]"',
    node('class="android.widget.TextView" text="Internet" bounds="[0,1000][540,1100]"') +
      node('class="android.widget.TextView" content-desc="Connected" bounds="[540,1000][1080,1100]"'),
  );
  const children = [
    node(
      'class="android.widget.TextView" resource-id="com.svc.login:id/heading" text="Sign in" bounds="[0,100][1080,300]"',
    ),
    field('username', 'Username', 300, user),
    field('password', 'Password', 450, ''),
    node(
      `class="android.widget.CheckBox" resource-id="android:id/remember" text="Remember me" checkable="true" checked="false" clickable="true" bounds="[0,600][1080,${buttonTop}]"`,
    ),
    node(
      `class="android.widget.Button" resource-id="com.svc.login:id/login" text="Log in" clickable="true" bounds="[0,${buttonTop}][1080,${buttonTop + 100}]"`,
    ),
    row,
  ].join('');
  return parseHierarchy(`<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', children)}</hierarchy>`);
}

/** Reads `tree` as a client whose last read is `known`: the text, and what it knows afterwards. */
function read(tree: UiTree, known: KnownScreen | undefined, form: 'full' | 'diff' = 'diff', budget = {}) {
  const screen = readScreen(tree);
  const current = screen.elements.map((e) => ({ identity: e.identity, line: e.body }));
  const assigned = assignRefs(known, current, screen.title, screen.signature);
  const out = screenText(screen, assigned, form, budget);
  const after: KnownScreen = {
    title: screen.title,
    signature: screen.signature,
    // As the client's record keeps it (executions/refs/client-screen.ts): every element, with whether it was shown.
    elements: current.map((c, i) => ({
      ref: assigned.refs[i] as string,
      ...c,
      unique: assigned.unique[i] as boolean,
      shown: out.known[i] === true,
    })),
    past: pastAfter(known, assigned.refs),
    next: assigned.next,
  };
  return { text: out.text, form: out.form, after, screen, refs: assigned.refs };
}

describe('the compact screen of a client', () => {
  it('prints every role, text, label and id so that it finds its element as printed', () => {
    const tree = form();
    const { text, screen } = read(tree, undefined);
    assert.match(text, /^# com\.svc\.login 1080x2400, 6 elements$/m);
    assert.match(text, /^e2 textfield desc="Username" id=username \[0,300\]\[1080,450\]$/m);
    // A row without text of its own shows each text inside it as its own selector: a text and a label.
    // Its role is the operator app's: a clickable layout is a container (UiRoleInferenceAndroid.kt:76-83).
    assert.match(text, /^e6 container "Internet" desc="Connected" \[0,1000\]\[1080,1100\] tap$/m);
    for (const element of screen.elements) {
      const role = element.body.split(' ')[0] as string;
      assert.ok(findAll(tree, { role }).includes(element.node), `role ${role} of "${element.body}" misses it`);
    }
    for (const line of text.split('\n').slice(1)) {
      for (const [, key, raw] of line.matchAll(/ (?:(desc|id)=)?("(?:[^"\\]|\\.)*"|(?<=id=)\S+)/g)) {
        const value = raw?.startsWith('"') ? (JSON.parse(raw) as string) : (raw as string);
        const matcher =
          key === 'desc' ? { contentDescEquals: value } : key === 'id' ? { resourceId: value } : { textEquals: value };
        assert.ok(findAll(tree, matcher).length > 0, `${JSON.stringify(matcher)} of "${line}" finds nothing`);
      }
    }
  });

  it('cuts a long text after 100 characters with … outside the quotes, so the quoted part works with textContains', () => {
    const long = 'x'.repeat(150);
    const tree = parseHierarchy(
      `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', node(`class="android.widget.TextView" text="${long}" bounds="[0,0][1080,100]"`))}</hierarchy>`,
    );
    const line = read(tree, undefined).text.split('\n')[1] as string;
    assert.match(line, /^e1 text "x{100}"… /);
    assert.equal(findAll(tree, { textContains: 'x'.repeat(100) }).length, 1);
  });

  it('keeps each ref on its element when the client reads again, and prints only what changed', () => {
    const first = read(form(), undefined);
    const second = read(form('alice'), first.after);
    assert.equal(second.form, 'diff');
    assert.equal(
      second.text,
      '# com.svc.login 1080x2400: 1 changed, 5 as before\ne2 textfield "alice" desc="Username" id=username [0,300][1080,450]',
    );
    assert.deepEqual(second.refs, first.refs, 'the same elements, the same refs');
    const third = read(form('alice'), second.after);
    assert.equal(third.text, '# com.svc.login 1080x2400: unchanged (6 elements as before)');
  });

  it('keeps the refs of elements that moved, names the ones gone and never gives a used ref to a new element', () => {
    const first = read(form(), undefined);
    const moved = read(form('', 800), first.after);
    assert.deepEqual(moved.refs, first.refs, 'the check box grew and the button moved: still the same elements');
    assert.match(moved.text, /^# com\.svc\.login 1080x2400: 2 changed, 4 as before$/m);
    const other = parseHierarchy(
      `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]"', node('class="android.widget.TextView" resource-id="com.svc.login:id/heading" text="Sign in" bounds="[0,100][1080,300]"') + node('class="android.widget.TextView" text="Welcome" bounds="[0,300][1080,400]"'))}</hierarchy>`,
    );
    const next = read(other, moved.after);
    assert.deepEqual(next.refs, ['e1', 'e7'], 'the heading keeps e1; the new text gets e7, not a ref used before');
    assert.match(next.text, /^# com\.svc\.login 1080x2400: 1 new, 1 as before, gone e2-e6$/m);
    const back = read(form(), next.after, 'full');
    assert.deepEqual(back.refs, first.refs, 'back on the form, its elements get their refs again');
    const backDiff = read(form(), next.after);
    assert.equal(
      backDiff.text,
      '# com.svc.login 1080x2400: 2 changed, 3 again, 1 as before, gone e7\n' +
        'e2 textfield desc="Username" id=username [0,300][1080,450]\n' +
        'e3 textfield desc="Password" id=password [0,450][1080,600]\n' +
        'e4 checkbox "Remember me" id=remember [0,600][1080,700] unchecked\n' +
        'e5 button "Log in" id=login [0,700][1080,800]\n' +
        'e6 container "Internet" desc="Connected" [0,1000][1080,1100] tap',
      'the two that moved since the client saw them, and those back from a read before the last one, as lines',
    );
    // Back on a screen with nothing changed since it was read: the elements there again are printed under their old
    // refs, so the reader needs no memory of the read before the last one.
    const welcome = read(other, moved.after);
    const formAgain = read(form('', 800), welcome.after);
    assert.match(formAgain.text, /^# com\.svc\.login 1080x2400: 5 again, 1 as before, gone e7\ne2 textfield /);
    assert.equal(formAgain.text.split('\n').length, 6, formAgain.text);
  });

  it('prints the whole screen when the changes would not be shorter, or for another app', () => {
    const first = read(form(), undefined);
    const tree = parseHierarchy(
      `<hierarchy rotation="0">${node('package="com.android.settings" bounds="[0,0][1080,2400]"', node('package="com.android.settings" class="android.widget.TextView" text="Settings" bounds="[0,0][1080,100]"'))}</hierarchy>`,
    );
    const other = read(tree, first.after);
    assert.equal(other.form, 'full');
    assert.match(other.text, /^# com\.android\.settings 1080x2400, 1 elements\ne7 text "Settings"/);
  });

  it('within a budget keeps what can be acted on first, prints in screen order and counts what it left out', () => {
    const { text, after } = read(form(), undefined, 'full', { maxElements: 4 });
    const lines = text.split('\n');
    assert.deepEqual(
      lines.slice(1, -1).map((line) => line.split(' ')[0]),
      ['e2', 'e3', 'e4', 'e5'],
      'the two fields, the check box and the button: the heading waited, and the row',
    );
    assert.equal(
      lines.at(-1),
      '… 2 more elements (1 to act on) left out by the budget: read again with a larger maxChars/maxElements (CLI: --max-chars/--max-elements; 0 = all)',
    );
    assert.equal(after.elements.filter((e) => e.shown).length, 4, 'only what was printed counts as read');
    // What the budget left out keeps its ref: the next read tells it as new, under the ref it already had.
    const whole = read(form(), after);
    assert.deepEqual(whole.refs, ['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    assert.match(whole.text, /^# com\.svc\.login 1080x2400: 2 new, 4 as before\ne1 text "Sign in" /);
    // The cap is exact: the header and the line that counts what was left out are within it.
    for (const maxChars of [300, 200, 120]) {
      const chars = read(form(), undefined, 'full', { maxChars });
      assert.ok(chars.text.length <= maxChars, `${chars.text.length} > ${maxChars}: ${chars.text}`);
      if (maxChars >= 200) assert.match(chars.text, /left out by the budget/);
    }
  });
});

describe('the elements closest to a selector that found nothing', () => {
  it('names the element that shows the same words in another case first, and leaves out what is far', () => {
    const screen = readScreen(form());
    const closest = closestElements(screen.elements, { textEquals: 'Log In' });
    assert.deepEqual(
      closest.map((i) => screen.elements[i]?.body.split(' ').slice(0, 2).join(' ')),
      ['button "Log'],
    );
    assert.deepEqual(closestElements(screen.elements, { textEquals: 'Bluetooth' }), []);
    const byId = closestElements(screen.elements, { resourceId: 'userName' });
    assert.equal(screen.elements[byId[0] as number]?.body.startsWith('textfield desc="Username"'), true);
  });
});
