// Act and observe in one call over MCP on the adb driver (issue 29 item 2), on a simulated stock phone (no operator
// app: svc drives it with adb alone) through real adb, over stdio (through the device's daemon, as an agent's MCP
// client runs it) and over Streamable HTTP: an action tool returns the screen it leads to, whole on a first read and
// then only what changed, refs kept; back on a screen read earlier the refs it has again are named; `screen` none and
// full; execute returns one "ok" and the screen; a selector that finds nothing says what is on screen, with refs that
// work, instead of asking for a snapshot. The operator driver's side is in mcp-stdio.test.ts and compact-refs.test.ts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { readServerToken } from '../src/adapters/http/server-token.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, jsonOf, type Loose, textOf } from './mcp-client.ts';
import { isolatedEnv, MAIN, runCliJson } from './run-cli.ts';
import { authHeaders, rememberToken } from './server-auth.ts';

const SETTINGS = 'com.android.settings';

const lineOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return line as string;
};
const refOf = (text: string, pattern: RegExp) => lineOf(text, pattern).split(' ')[0] as string;

/** `svc mcp --http` on a free port, with the token an MCP client is configured with. */
async function startHttp(lab: Lab): Promise<{ child: ChildProcess; client: Client }> {
  const child = spawn(process.execPath, [MAIN, 'mcp', '--http', '--port', '0', '--no-daemon'], {
    env: isolatedEnv(lab.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        rememberToken(match[1], readServerToken(lab.home) ?? '');
        resolve(new URL(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`svc mcp --http exited ${code}: ${stderr}`)));
  });
  const client = new Client({ name: 'svc-mcp-screens-adb-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: authHeaders(url.toString()) } }),
  );
  return { child, client };
}

for (const transport of ['stdio', 'http'] as const) {
  describe(`screens with MCP actions on the adb driver (${transport})`, () => {
    let lab: Lab;
    let serial: string;
    let client: Client;
    let close: () => Promise<void>;

    /** A tool call that must succeed: its text. */
    const ok = async (name: string, args: Record<string, unknown>) => {
      const result: Loose = await client.callTool({ name, arguments: { deviceId: serial, ...args } });
      const text = textOf(result);
      assert.equal(result.isError, false, `${name} → ${text}`);
      return text;
    };

    before(async () => {
      lab = await createLab({ devices: [{ operator: false }] });
      serial = lab.devices[0]?.serial ?? '';
      if (transport === 'stdio') {
        const session = await connectStdio([], isolatedEnv(lab.env), process.cwd());
        client = session.client;
        close = () => session.close();
      } else {
        const http = await startHttp(lab);
        client = http.client;
        close = async () => {
          await http.client.close();
          if (http.child.exitCode === null) http.child.kill('SIGKILL');
        };
      }
    });
    after(async () => {
      await close?.();
      // The stdio server ran its calls through the device's daemon, which outlives it: stopped as a user would.
      const stopped = await runCliJson(['daemon', 'stop', '--all'], { env: lab.env });
      const leaked = await stopDaemonsOf(lab.home);
      await lab?.close();
      assert.equal(stopped.code, 0, stopped.stdout);
      assert.deepEqual(leaked, [], 'no daemon left running');
    });

    test('the phone has no operator app: svc drives it with adb', async () => {
      const [device] = jsonOf(await client.callTool({ name: 'devices', arguments: {} })).devices;
      assert.equal(device.serial, serial);
      assert.equal(device.driver, 'adb');
      if (transport === 'stdio') {
        await client.callTool({ name: 'sleep', arguments: { durationMs: 1, screen: 'none' } });
        const status = await runCliJson(['daemon', 'status', '--device', serial], { env: lab.env });
        assert.equal(status.json.daemon.status, 'running', 'the stdio server runs its calls through the daemon');
      }
    });

    test('an action returns the screen it leads to: whole on a first read, then only what changed, refs kept', async () => {
      await ok('close-app', { target: 'com.svc.login', screen: 'none' });
      const form = await ok('open', { target: 'com.svc.login' });
      assert.match(form, /^ok\n# com\.svc\.login 1080x2400, 6 elements\n/);
      const user = refOf(form, /textfield desc="Username" id=username /);
      const password = refOf(form, /textfield desc="Password" /);
      const typed = await ok('type', { selector: { ref: user }, text: 'alice' });
      // Only the field that changed, under its ref; nothing of what was typed said back but the screen itself.
      assert.equal(
        typed,
        `ok\n# com.svc.login 1080x2400: 1 changed, 5 as before\n${user} textfield "alice" desc="Username" id=username [0,310][1080,460] focused`,
      );
      const sent = await ok('execute', {
        execution: {
          actions: [
            { type: 'enter_text', params: { matcher: { ref: password }, text: 'secret' } },
            { type: 'click', params: { matcher: { ref: refOf(form, /button "Log in"/) } } },
          ],
        },
      });
      // A run that succeeded whole says "ok" once, then the screen after it.
      assert.match(sent, /^ok\n# com\.svc\.login 1080x2400, 2 elements\ne\d+ text "Welcome, alice" /);
      assert.doesNotMatch(sent, /text_length|coordinate/);
    });

    test('back on a screen read earlier, its elements are printed again under their old refs, and they work', async () => {
      await ok('close-app', { target: SETTINGS, screen: 'none' });
      const list = await ok('open', { target: SETTINGS, screen: 'full' });
      const network = refOf(list, /listitem "Network & internet"/);
      const apps = refOf(list, /listitem "Apps"/);
      const page = await ok('click', { selector: { ref: network } });
      assert.match(page, /^e\d+ text "Wi-Fi" /m, page);
      const back = await ok('press-key', { key: 'back' });
      // Back from a read before the last one: printed as lines (no memory of that read needed), under the old refs.
      assert.ok(back.includes(`\n${network} listitem "Network & internet"`), back);
      assert.ok(back.includes(`\n${apps} listitem "Apps"`), back);
      assert.doesNotMatch(back, /"Wi-Fi"/, back);
      // A ref back again is the element read before: it acts on it.
      const opened = await ok('click', { selector: { ref: apps } });
      assert.doesNotMatch(opened, /listitem "Network & internet"/, opened);
      await ok('press-key', { key: 'back', screen: 'none' });
    });

    test('scroll-until finds a far entry saying only how it ended; with click it opens it and returns that screen', async () => {
      await ok('close-app', { target: SETTINGS, screen: 'none' });
      await ok('open', { target: SETTINGS, screen: 'none' });
      const found = await ok('scroll-until', { selector: { textEquals: 'About phone' } });
      const [head = ''] = found.split('\n');
      assert.match(head, /^ok termination_reason="TARGET_FOUND" scrolls_executed="\d+"/, found);
      // What the call sent (no click, the default click type) is not said back.
      assert.doesNotMatch(head, /click_after|click_types/, found);
      assert.match(found, /^e\d+ listitem "About phone" /m, found);
      const about = await ok('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
      assert.match(about, /^ok\n# com\.android\.settings 1080x2400[:,] /, about);
      assert.match(about, /^e\d+ text "Build number" /m, about);
      // Back on the list as it was scrolled: the rows read then are printed again under their refs, About phone too.
      const back = await ok('press-key', { key: 'back' });
      assert.ok(back.includes(`\n${refOf(found, /listitem "About phone"/)} listitem "About phone"`), back);
    });

    test('screen none says only the outcome; screen full the whole screen even when little changed', async () => {
      await ok('close-app', { target: SETTINGS, screen: 'none' });
      await ok('open', { target: SETTINGS, screen: 'none' });
      assert.equal(await ok('sleep', { durationMs: 1, screen: 'none' }), 'ok');
      const whole = await ok('sleep', { durationMs: 1, screen: 'full' });
      assert.match(whole, /^ok\n# com\.android\.settings 1080x2400, 20 elements\n/);
      assert.equal(
        await ok('sleep', { durationMs: 1 }),
        'ok\n# com.android.settings 1080x2400: unchanged (20 elements as before)',
      );
    });

    test('a selector that finds nothing says what is on screen, with refs that work, and no advice to snapshot', async () => {
      await ok('close-app', { target: 'com.svc.thermostat', screen: 'none' });
      await ok('open', { target: 'com.svc.thermostat' });
      // "Raise target" is the + button's label, not its text: the closest element says so.
      const missed: Loose = await client.callTool({
        name: 'wait',
        arguments: { deviceId: serial, selector: { textEquals: 'Raise target' }, timeoutMs: 300 },
      });
      const text = textOf(missed);
      assert.equal(missed.isError, true, text);
      // One action: its failure is the result's first line, said once.
      assert.match(text, /^FAILED: NODE_NOT_FOUND Timeout waiting for node matching: /, text);
      assert.equal(text.match(/Timeout waiting/g)?.length, 1, text);
      assert.match(text, /^closest on screen:\ne\d+ button "\+" desc="Raise target" id=temp_up /m, text);
      assert.doesNotMatch(text, /snapshot/i, 'the result shows the screen: no need to ask for it');
      const raise = refOf(text.slice(text.indexOf('closest on screen:')), /desc="Raise target"/);
      const raised = await ok('click', { selector: { ref: raise } });
      // The target's text is a new element (what a text shows is part of what it is); the old one is gone.
      assert.match(raised, /^# com\.svc\.thermostat 1080x2400: 1 new, \d+ as before, gone e\d+$/m, raised);
      assert.match(raised, /^e\d+ text "23\.0°C" id=value_target /m, raised);
      // Nothing close at all: the whole screen says what is there (not only what changed since the last read).
      const none: Loose = await client.callTool({
        name: 'wait',
        arguments: { deviceId: serial, selector: { textEquals: 'Zebra' }, timeoutMs: 300 },
      });
      assert.equal(none.isError, true);
      assert.match(textOf(none), /^# com\.svc\.thermostat 1080x2400, \d+ elements\ne\d+ /m);
    });

    test('a budget caps the screen an action returns and says what it left out', async () => {
      await ok('close-app', { target: SETTINGS, screen: 'none' });
      const capped = await ok('execute', {
        execution: { actions: [{ type: 'open_app', params: { applicationId: SETTINGS } }] },
        screen: 'full',
        maxElements: 3,
      });
      const lines = capped.split('\n');
      assert.equal(lines.length, 6, capped);
      assert.doesNotMatch(capped, /text "Settings"/, `the elements to act on first, not the heading:\n${capped}`);
      assert.match(lines[5] as string, /^… 17 more elements \(\d+ to act on\) left out by the budget: /);
    });
  });
}
