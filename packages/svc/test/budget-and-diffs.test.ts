// Screens an agent can read without a long memory, and budgets that never break refs (issue 38 items 4 and 5), over
// svc's MCP server on a simulated stock phone through real adb: a screen cut by maxChars is at most that long, its
// header and the line counting what it left out included; what it left out keeps its refs (a later full read names
// them as the first read numbered them, and a ref to one works); back in an app read before another one, every
// element is printed again under its old ref (no "as before" pointing at a read two screens ago); a stale ref names
// what it was and the elements on screen now closest to it, as selectors with refs that work.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';

const SETTINGS = 'com.android.settings';
const LOGIN = 'com.svc.login';
const NOTES = 'com.svc.notes';
const refsIn = (text: string) => text.split('\n').flatMap((line) => /^(e\d+) /.exec(line)?.[1] ?? []);

describe('budgets keep refs, diffs need no long memory', () => {
  let lab: Lab;
  let session: StdioSession;
  const ok = async (name: string, args: Record<string, unknown>) => {
    const result: Loose = await session.client.callTool({ name, arguments: args });
    const text = textOf(result);
    assert.equal(result.isError, false, `${name} → ${text}`);
    return text;
  };

  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), process.cwd());
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  test('a budget is exact, and what it left out keeps its refs, which work', async () => {
    await ok('open', { target: SETTINGS, screen: 'none' });
    const capped = await ok('snapshot', { maxChars: 300 });
    assert.ok(capped.length <= 300, `${capped.length} characters:\n${capped}`);
    assert.match(capped, /left out by the budget/);
    const printed = refsIn(capped);
    const whole = await ok('snapshot', { format: 'compact' });
    const all = refsIn(whole);
    assert.equal(all.length, 20, whole);
    // The first read numbered every element, printed or not: none is renamed now.
    assert.deepEqual(
      all.map((ref) => Number(ref.slice(1))).sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i + 1 + Math.min(...all.map((ref) => Number(ref.slice(1)))) - 1),
      whole,
    );
    for (const ref of printed) assert.ok(all.includes(ref), `${ref} kept`);
    // A ref to an element the budget left out (found on the whole read) works.
    const left = all.find((ref) => !printed.includes(ref) && whole.includes(`${ref} listitem "Storage"`));
    assert.ok(left, `Storage was left out of:\n${capped}`);
    const opened = await ok('click', { selector: left });
    assert.match(opened, /"Storage"/, opened);
  });

  test('back in an app read before another, every element is printed under its old ref', async () => {
    await ok('close-app', { target: LOGIN, screen: 'none' });
    const form = await ok('open', { target: LOGIN });
    const first = refsIn(form);
    await ok('open', { target: SETTINGS });
    const back = await ok('open', { target: LOGIN });
    assert.match(back, /^ok\n# com\.svc\.login 1080x2400, 6 elements\n/, back);
    assert.deepEqual(refsIn(back), first, 'the same elements keep their refs');
  });

  test('a stale ref names what it was and the closest elements on screen now, as selectors with live refs', async () => {
    await ok('close-app', { target: NOTES, screen: 'none' });
    await ok('open', { target: NOTES, screen: 'none' });
    const screen = await ok('snapshot', { format: 'compact' });
    const lastNote = /^(e\d+) text "Last note: nothing yet"/m.exec(screen)?.[1];
    assert.ok(lastNote, screen);
    // The menu button sets the last note's text: the element the ref named is gone, a close one is there.
    await ok('click', { selector: { id: 'menu' } });
    const result: Loose = await session.client.callTool({ name: 'click', arguments: { selector: lastNote } });
    const text = textOf(result);
    assert.equal(result.isError, true, text);
    assert.match(text, /^STALE_REF: /, text);
    assert.match(text, /It was \{"text":"Last note: nothing yet","id":"last_note","role":"text"\}/, text);
    const closest = /closest on screen now: (e\d+) (\{[^}]*\})/.exec(text);
    assert.ok(closest, text);
    assert.match(closest[2] as string, /"Last note: menu opened"|last_note"/, text);
    assert.match(text, /"closest":\[\{"ref":"e\d+","selector":\{/, text);
    // The ref it names works.
    await ok('click', { selector: closest[1] });
  });
});
