// Act and observe in one call on the CLI and over HTTP (issue 29 items 2-4), on both drivers, through real adb on a
// simulated device: a flat command or an execution returns the compact screen after it, whole or only what changed
// since the last read, within a budget that says what it left out; refs stay with their element; a selector that
// finds nothing names the closest elements on screen; every id and text a screen prints works as a selector as
// printed; an HTTP execution may leave its bookkeeping out while the CLI's `exec` of a payload stays strict.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { stopDaemonsOf } from './daemon-helpers.ts';
import type { Loose } from './mcp-client.ts';
import { runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const lineOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return line as string;
};
const refOf = (text: string, pattern: RegExp) => lineOf(text, pattern).split(' ')[0] as string;

/**
 * Every value a compact line prints, as the selector it stands for; and its role, with its id when it prints one (a
 * row's texts may be those of the nodes inside it).
 */
function printedSelectors(text: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const line of text.split('\n').filter((l) => /^e\d+ /.test(l))) {
    const role = line.split(' ')[1] as string;
    const id = / id=(\S+)/.exec(line)?.[1];
    out.push(id === undefined ? { role } : { role, id });
    for (const [, key, raw] of line.matchAll(/ (?:(desc|id)=)?("(?:[^"\\]|\\.)*"(?!…)|(?<=id=)\S+)/g)) {
      const value = raw?.startsWith('"') ? (JSON.parse(raw) as string) : (raw as string);
      out.push(key === 'desc' ? { desc: value } : key === 'id' ? { id: value } : { text: value });
    }
  }
  return out;
}

describe('screens with actions on the CLI and over HTTP', () => {
  let server: LabServer;
  let sim: SimDevice;
  /** A device per driver: what one client read on a device (refs, screens it may go back to) stays with it. */
  const simOf = (driver: 'operator' | 'adb') => server.lab.devices[driver === 'operator' ? 0 : 1] as SimDevice;
  before(async () => {
    server = await startLabServer([{}, {}]);
    sim = server.lab.devices[0] as SimDevice;
  });
  after(async () => {
    await stopDaemonsOf(server.lab.home);
    await server?.close();
  });

  for (const driver of ['operator', 'adb'] as const) {
    const svc = (...args: string[]) =>
      runCliJson([...args, '--driver', driver, '--device', simOf(driver).serial, '--no-daemon'], {
        env: server.lab.env,
      });

    test(`${driver}: a flat command returns the screen after it, then only what changed, with the same refs`, async () => {
      await svc('close-app', 'com.svc.login');
      const opened = await svc('open', 'com.svc.login', '--screen', 'full');
      assert.equal(opened.code, 0, opened.stdout);
      const form = opened.json.screen as string;
      assert.match(form, /^# com\.svc\.login 1080x2400, 6 elements\n/);
      const field = refOf(form, /textfield desc="Username" id=username /);
      // The id as the screen prints it is a selector as it is.
      const typed = await svc('type', '--id', 'username', '--text', 'alice', '--screen', 'diff');
      assert.equal(typed.code, 0, typed.stdout);
      assert.equal(
        typed.json.screen,
        `# com.svc.login 1080x2400: 1 changed, 5 as before\n${field} textfield "alice" desc="Username" id=username [0,310][1080,460] focused`,
      );
      const login = await svc('click', '--ref', refOf(form, /button "Log in"/), '--screen', 'diff');
      assert.match(login.json.screen, /^# com\.svc\.login 1080x2400, 2 elements\ne\d+ text "Welcome, alice" /);
      assert.match(login.json.screen, /^e\d+ button "Log out" /m);
      assert.doesNotMatch(login.json.screen, new RegExp(`^${field} `, 'm'), 'a ref is never given to another element');
    });

    test(`${driver}: a selector that finds nothing names the closest elements, with refs, and no advice to snapshot`, async () => {
      await svc('close-app', 'com.svc.login');
      await svc('open', 'com.svc.login', '--screen', 'full');
      const missed = await svc('click', '--text', 'Log In', '--timeout', '8000');
      assert.equal(missed.code, 1, missed.stdout);
      const step = missed.json.envelope.stepResults[0];
      assert.equal(step.data.error, 'NODE_NOT_FOUND');
      assert.match(step.data.closest, /^e\d+ button "Log in" id=login \[/);
      assert.doesNotMatch(missed.json.hint, /snapshot/);
      assert.match(missed.json.hint, /closest/);
      const nothing = await svc('click', '--text', 'Zebra crossing', '--timeout', '8000');
      assert.equal(nothing.json.envelope.stepResults[0].data.closest, undefined);
      assert.match(nothing.json.screen, /^# com\.svc\.login 1080x2400/, 'nothing close: the screen says what is there');
    });

    test(`${driver}: every role, text, label and id a screen prints finds its element as printed`, async () => {
      for (const app of ['com.android.settings', 'com.svc.login', 'com.svc.notes']) {
        await svc('close-app', app);
        const opened = await svc('open', app, '--screen', 'full');
        const selectors = printedSelectors(opened.json.screen);
        assert.ok(selectors.length > 3, opened.json.screen);
        // One execution: a wait per printed value, each with the key the screen printed it under.
        const actions = selectors.map((matcher, i) => ({
          id: `w${i}`,
          type: 'wait_for_node',
          params: { matcher, timeoutMs: 1000 },
        }));
        const execution = { commandId: `printed-${driver}-${app}`, taskId: 't', source: 'test' };
        const run = await svc(
          'exec',
          JSON.stringify({ ...execution, expectedFormat: 'android-ui-automator', timeoutMs: 60_000, actions }),
        );
        const missed = run.json.envelope?.stepResults?.filter((s: Loose) => !s.success) ?? [run.json];
        assert.deepEqual(
          missed.map((s: Loose) => JSON.stringify(selectors[Number(String(s.id).slice(1))])),
          [],
          `${app}: these printed values find nothing:\n${opened.json.screen}`,
        );
      }
    });

    test(`${driver}: a budget keeps what can be acted on, counts what it left out, and the next read adds it`, async () => {
      await svc('close-app', 'com.svc.login');
      await svc('open', 'com.svc.login');
      const capped = await svc('snapshot', '--format', 'compact', '--max-elements', '3');
      const text = capped.json.envelope.stepResults[0].data.text as string;
      const lines = text.split('\n');
      assert.equal(lines.length, 5, text);
      assert.ok(
        lines.slice(1, 4).every((l) => /^e\d+ (textfield|checkbox|button) /.test(l)),
        `only elements to act on:\n${text}`,
      );
      assert.match(lines[4] as string, /^… 3 more elements \(2 to act on\) left out by the budget: .*maxElements/);
      const diff = await svc('snapshot', '--format', 'diff');
      const rest = diff.json.envelope.stepResults[0].data.text as string;
      assert.match(rest, /^# com\.svc\.login 1080x2400: 3 new, 3 as before\n/);
      // The result names the form as the flag does.
      assert.equal(diff.json.envelope.stepResults[0].data.format, 'diff');
    });
  }

  for (const driver of ['operator', 'adb'] as const) {
    test(`${driver}: keys beyond back, home and recents, by name and by key code, reach the phone`, async () => {
      const svc = (...args: string[]) =>
        runCliJson([...args, '--driver', driver, '--device', simOf(driver).serial, '--no-daemon'], {
          env: server.lab.env,
        });
      await svc('close-app', 'com.svc.login');
      await svc('open', 'com.svc.login');
      await svc('type', '--id', 'username', '--text', 'alicex');
      const deleted = await svc('press', 'delete', '--screen', 'diff');
      assert.equal(deleted.code, 0, deleted.stdout);
      assert.match(deleted.json.screen, /textfield "alice" desc="Username"/, 'DEL removed the last letter');
      await svc('type', '--id', 'password', '--text', 'pw');
      const entered = await svc('press', '66', '--screen', 'full');
      assert.equal(entered.json.envelope.stepResults[0].data.key, '66');
      assert.match(entered.json.screen, /text "Welcome, alice"/, 'key code 66 (enter) submitted the form');
      const volume = await svc('press', 'KEYCODE_VOLUME_UP');
      assert.equal(volume.json.envelope.stepResults[0].data.key, 'volume_up');
      const unknown = await svc('press', 'volume_upp');
      assert.equal(unknown.json.code, 'EXECUTION_VALIDATION_FAILED');
      assert.match(unknown.json.message, /volume_up/, 'the keys svc knows are listed');
    });
  }

  test('the daemon returns the screen too (the CLI as an agent calls it)', async () => {
    const run = (...args: string[]) => runCliJson([...args, '--device', sim.serial], { env: server.lab.env });
    await run('close-app', 'com.svc.login');
    const opened = await run('open', 'com.svc.login', '--screen', 'diff');
    assert.equal(opened.code, 0, opened.stdout);
    assert.match(opened.json.screen, /^# com\.svc\.login 1080x2400/);
    assert.equal((await run('daemon', 'status')).json.daemon.status, 'running');
  });

  test('HTTP: an execution of actions alone gets its ids and defaults, and returns the screen asked for', async () => {
    await postJson(server.url, '/execute', {
      deviceId: sim.serial,
      execution: { actions: [{ type: 'close_app', params: { applicationId: 'com.svc.login' } }] },
    });
    const response = await postJson(server.url, '/execute', {
      deviceId: sim.serial,
      execution: {
        actions: [
          { type: 'open_app', params: { applicationId: 'com.svc.login' } },
          { type: 'sleep', params: { durationMs: 10 } },
        ],
      },
      screen: 'full',
      maxElements: 2,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const body = response.body as Loose;
    assert.match(body.envelope.commandId, /^serve-exec-\d+-[0-9a-f]{24}$/);
    assert.deepEqual(
      body.envelope.stepResults.map((s: Loose) => s.id),
      ['s1', 's2'],
    );
    assert.match(body.screen, /^# com\.svc\.login 1080x2400, 6 elements\n(e\d+ .*\n){2}… 4 more elements/);
    const bad = await postJson(server.url, '/execute', {
      deviceId: sim.serial,
      execution: { actions: [{ type: 'sleep', params: { durationMs: 1 } }] },
      screen: 'partial',
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error?.details?.path, 'screen');
  });

  test('HTTP: POST /snapshot gives only what changed with format diff', async () => {
    const whole = await postJson(server.url, '/snapshot', {
      deviceId: sim.serial,
      format: 'compact',
      client: 'http-test',
    });
    assert.match((whole.body as Loose).envelope.stepResults[0].data.text, /^# com\.svc\.login/);
    const again = await postJson(server.url, '/snapshot', {
      deviceId: sim.serial,
      format: 'diff',
      client: 'http-test',
    });
    assert.match((again.body as Loose).envelope.stepResults[0].data.text, /: unchanged \(\d+ elements as before\)$/);
  });

  test('the CLI exec takes a bare { actions } as HTTP does: the bookkeeping and the action ids are filled', async () => {
    const run = await runCliJson(
      ['exec', JSON.stringify({ actions: [{ type: 'sleep', params: { durationMs: 1 } }] }), '--validate-only'],
      { env: server.lab.env },
    );
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.validated, true, run.stdout);
    // What is given is still held to every rule; the action got its id.
    const bad = await runCliJson(['exec', JSON.stringify({ actions: [{ type: 'sleep' }] }), '--validate-only'], {
      env: server.lab.env,
    });
    assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED', bad.stdout);
    assert.equal(bad.json.details.actionId, 's1', bad.stdout);
  });
});
