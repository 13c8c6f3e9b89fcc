// Compact screens with refs, on both drivers, through real adb on a simulated device: the compact snapshot keeps
// every element to act on or read, an action takes { "ref": "eN" } while the screen is the one the snapshot saw,
// and after the screen changed the action fails with STALE_REF and does nothing.
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { connectStdio, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const refOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return (line as string).split(' ')[0] as string;
};
const textOf = (json: { envelope: { stepResults: { data: { text: string } }[] } }) =>
  json.envelope.stepResults[0]?.data.text as string;

for (const driver of ['operator', 'adb'] as const) {
  describe(`refs with the ${driver} driver`, () => {
    let lab: Lab;
    let sim: SimDevice;
    const svc = (...args: string[]) =>
      runCliJson([...args, '--driver', driver, '--device', sim.serial, '--no-daemon'], { env: lab.env });
    const compact = async () => {
      const run = await svc('snapshot', '--format', 'compact');
      assert.equal(run.code, 0, run.stdout);
      return textOf(run.json);
    };
    before(async () => {
      lab = await createLab({ devices: [{}] });
      sim = lab.devices[0] as SimDevice;
    });
    after(async () => {
      await lab?.close();
    });

    test('the compact snapshot names the app and screen, one line per element, each with a ref', async () => {
      assert.equal((await svc('open', 'com.android.settings')).code, 0);
      const text = await compact();
      const [header, ...lines] = text.split('\n');
      assert.match(header as string, /^# com\.android\.settings 1080x2400, \d+ elements$/);
      assert.ok(
        lines.every((line, i) => line.startsWith(`e${i + 1} `)),
        text,
      );
      assert.match(text, /^e\d+ listitem "Network & internet" \[0,\d+\]\[1080,\d+\] tap$/m);
      assert.match(text, /^e\d+ textfield desc="Search settings" id=search_src_text /m);
    });

    test('a click by ref taps that element; the same ref after the screen changed is STALE_REF and does nothing', async () => {
      await svc('open', 'com.android.settings');
      const ref = refOf(await compact(), /"Network & internet"/);
      const click = await svc('click', '--ref', ref);
      assert.equal(click.code, 0, click.stdout);
      await svc('wait', '--text', 'Internet', '--timeout', '5000');
      const next = await compact();
      assert.doesNotMatch(next, /"Connected devices"/, 'the Network & internet screen is showing');
      await compact(); // a new snapshot replaces the refs; take the old screen's ref again:
      await svc('back');
      const before = await compact();
      await svc('click', '--selector', JSON.stringify({ ref: refOf(before, /"Network & internet"/) }));
      const stale = await svc('click', '--selector', JSON.stringify({ ref: refOf(before, /"Apps"/) }));
      assert.equal(stale.code, 1);
      assert.equal(stale.json.code, 'STALE_REF', stale.stdout);
      assert.match(stale.json.message, /no longer on screen as it was read/);
      assert.equal(await compact(), next, 'nothing was tapped: still the Network & internet screen');
    });

    test('type and click by ref on a form: typing does not make the other refs stale', async () => {
      await svc('open', 'com.svc.login');
      const form = await compact();
      const typed = await svc(
        'type',
        '--selector',
        JSON.stringify({ ref: refOf(form, /id=username/) }),
        '--text',
        'alice',
      );
      assert.equal(typed.code, 0, typed.stdout);
      const login = await svc('click', '--selector', JSON.stringify({ ref: refOf(form, /"Log in"/) }));
      assert.equal(login.code, 0, login.stdout);
    });

    test('a click by ref aims at its element when the step runs: typing brought the keyboard up over it, the click still lands', async () => {
      // On a real phone the keyboard comes up with the first keystroke and covers the lower screen (or moves the
      // layout); the Notes app's Save button sits under it. A tap at the centre seen before the typing would land
      // on the keyboard.
      await svc('close-app', 'com.svc.notes');
      await svc('open', 'com.svc.notes');
      const screen = await compact();
      const run = await svc(
        'exec',
        JSON.stringify({
          commandId: `ref-under-keyboard-${driver}`,
          taskId: 't',
          source: 'test',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 30000,
          actions: [
            { id: 'type', type: 'enter_text', params: { matcher: { ref: refOf(screen, /id=note/) }, text: 'hello' } },
            { id: 'save', type: 'click', params: { matcher: { ref: refOf(screen, /"Save"/) } } },
          ],
        }),
      );
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.envelope.stepResults[1].data.coordinate, undefined, 'clicked by its selector, not a point');
      const read = await svc('read', '--id', 'com.svc.notes:id/last_note');
      assert.equal(read.json.envelope.stepResults[0].data.text, 'Last note: hello', read.stdout);
    });

    test('a row without text of its own is clicked through its text; an element no selector tells apart, at its centre', async () => {
      await svc('close-app', 'com.android.settings');
      await svc('open', 'com.android.settings');
      const row = await svc('click', '--ref', refOf(await compact(), /listitem "Network & internet"/));
      assert.equal(row.code, 0, row.stdout);
      assert.equal(row.json.envelope.stepResults[0].data.coordinate, undefined, row.stdout);
      assert.match(await compact(), /"Internet"/, 'the Network & internet screen is showing');
    });

    // The adb driver reads the screen itself (the operator app reads its own tree on the phone).
    const adbOnly = driver === 'adb' ? test : () => {};
    adbOnly(
      "the read that checked a ref is the step's own first read: one dump before the step, one for the screen after",
      async () => {
        await svc('close-app', 'com.svc.notes');
        await svc('open', 'com.svc.notes');
        const screen = await compact();
        const dumps = async (...args: string[]) => {
          const mark = sim.device.commandLog.length;
          const run = await svc(...args);
          assert.equal(run.code, 0, run.stdout);
          return sim.device.commandLog.slice(mark).filter((line) => line.includes('uiautomator dump')).length;
        };
        assert.equal(await dumps('read', '--ref', refOf(screen, /"Last note: nothing yet"/)), 1);
        assert.equal(await dumps('click', '--ref', refOf(screen, /"Save"/), '--screen', 'diff'), 2);
      },
    );

    test('the refs file holds no screen text, is private, and still tells a changed element from the same one', async () => {
      await svc('close-app', 'com.svc.notes');
      await svc('open', 'com.svc.notes');
      const screen = await compact();
      const lastNote = refOf(screen, /"Last note: nothing yet"/);
      const [file] = await readdir(join(lab.home, '.svc', 'refs'));
      const path = join(lab.home, '.svc', 'refs', file as string);
      const stored = await readFile(path, 'utf8');
      for (const shown of ['Last note', 'nothing yet', 'Pinned note', 'Archive all', 'Notes']) {
        assert.ok(!stored.includes(shown), `the refs file holds ${JSON.stringify(shown)}: ${stored}`);
      }
      assert.equal((await stat(path)).mode & 0o777, 0o600);
      assert.equal(
        (await svc('read', '--ref', lastNote)).json.envelope?.stepResults[0].data.text,
        'Last note: nothing yet',
      );
      // The menu button sets the last note's text: the same layout, another content.
      assert.equal((await svc('click', '--id', 'com.svc.notes:id/menu')).code, 0);
      const changed = await svc('read', '--ref', lastNote);
      assert.equal(changed.json.code, 'STALE_REF', changed.stdout);
      assert.match(changed.json.message, /no longer on screen as it was read/);
    });

    test('in one execution a ref after a step that may change the screen is STALE_REF before anything runs; a form fills by refs', async () => {
      const execution = (id: string, actions: unknown[]) =>
        JSON.stringify({
          commandId: `${id}-${driver}`,
          taskId: 't',
          source: 'test',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 30000,
          actions,
        });
      await svc('close-app', 'com.android.settings');
      await svc('open', 'com.android.settings');
      const list = await compact();
      const network = refOf(list, /"Network & internet"/);
      const apps = refOf(list, /"Apps"/);
      const two = await svc(
        'exec',
        execution('refs-after-click', [
          { id: 'a', type: 'click', params: { matcher: { ref: network } } },
          { id: 'b', type: 'click', params: { matcher: { ref: apps } } },
        ]),
      );
      assert.equal(two.json.code, 'STALE_REF', two.stdout);
      assert.equal(two.json.details.path, 'actions[1].params.matcher.ref');
      assert.match(two.json.message, /actions\[0\] \(click\)/);
      assert.equal(await compact(), list, 'nothing was tapped: still the Settings list');

      await svc('close-app', 'com.svc.login');
      await svc('open', 'com.svc.login');
      const form = await compact();
      const filled = await svc(
        'exec',
        execution('refs-form', [
          { id: 'u', type: 'enter_text', params: { matcher: { ref: refOf(form, /id=username/) }, text: 'bob' } },
          { id: 'p', type: 'enter_text', params: { matcher: { ref: refOf(form, /id=password/) }, text: 'pw' } },
          { id: 'r', type: 'read_text', params: { matcher: { ref: refOf(form, /id=username/) } } },
        ]),
      );
      assert.equal(filled.code, 0, filled.stdout);
      assert.equal(filled.json.envelope.stepResults[2].data.text, 'bob');
    });

    test('a ref that the snapshot did not give, or a ref with other fields, is refused before anything runs', async () => {
      await svc('open', 'com.android.settings');
      await compact();
      const unknown = await svc('click', '--selector', '{"ref":"e999"}');
      assert.equal(unknown.json.code, 'STALE_REF');
      assert.equal(unknown.json.details.path, 'actions[0].params.matcher.ref');
      const mixed = await svc('click', '--selector', '{"ref":"e1","textEquals":"x"}');
      assert.equal(mixed.json.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal((await svc('click', '--selector', '{"ref":"x1"}')).json.code, 'EXECUTION_VALIDATION_FAILED');
    });
  });
}

describe('compact snapshots over MCP and HTTP', () => {
  let server: LabServer;
  let session: StdioSession;
  before(async () => {
    server = await startLabServer([{}]);
    session = await connectStdio(['--no-daemon'], isolatedEnv(server.lab.env), server.lab.home);
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });

  test('MCP snapshot is compact by default, as plain text; a click takes its ref; a stale ref says what to do', async () => {
    await session.client.callTool({ name: 'open', arguments: { target: 'com.android.settings' } });
    const snap = (await session.client.callTool({ name: 'snapshot', arguments: {} })) as Loose;
    assert.equal(snap.content.length, 1);
    const text = snap.content[0].text as string;
    assert.match(text, /^# com\.android\.settings 1080x2400/);
    const ref = refOf(text, /"Network & internet"/);
    const click = (await session.client.callTool({ name: 'click', arguments: { selector: { ref } } })) as Loose;
    assert.equal(click.isError, false, click.content[0].text);
    assert.equal(click.structuredContent, undefined, 'said once, as text');
    assert.match(
      click.content[0].text,
      /^ok\n# com\.android\.settings 1080x2400, \d+ elements\n/,
      'the screen it led to',
    );
    const stale = (await session.client.callTool({ name: 'click', arguments: { selector: { ref } } })) as Loose;
    assert.equal(stale.isError, true);
    assert.match(stale.content[0].text, /^STALE_REF: /);
    assert.match(stale.content[0].text, /\nhint: .*use a ref of the screen as it is now/);
    // The screen as it is now comes with the refusal, whole, with the refs the next call can use.
    assert.match(stale.content[0].text, /\n# com\.android\.settings 1080x2400, \d+ elements\ne\d+ /);
    const xml = (await session.client.callTool({ name: 'snapshot', arguments: { format: 'xml' } })) as Loose;
    assert.match(xml.content[0].text, /^<\?xml/);
  });

  test('POST /snapshot with format compact gives the compact text; another format is a 400 naming it', async () => {
    const ok = await postJson(server.url, '/snapshot', { format: 'compact' });
    assert.equal(ok.status, 200);
    const data = (ok.body as Loose).envelope.stepResults[0].data;
    assert.equal(data.format, 'compact');
    assert.match(data.text, /^# /);
    const bad = await postJson(server.url, '/snapshot', { format: 'yaml' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error?.details?.path, 'format');
  });
});

describe('refs before any compact snapshot', () => {
  test('an action by ref on a device never snapshotted in compact form is STALE_REF', async () => {
    const lab = await createLab({ devices: [{}] });
    try {
      const run = await runCliJson(['click', '--selector', '{"ref":"e1"}', '--no-daemon'], { env: lab.env });
      assert.equal(run.json.code, 'STALE_REF', run.stdout);
    } finally {
      await lab.close();
    }
  });
});
