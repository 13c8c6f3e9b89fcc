// A mistake costs one quick call (issue 38 item 1), on a simulated phone through real adb and svc's MCP server: a
// selector that finds nothing on a screen that has not moved since the agent read it fails within that one read,
// not after the action's whole retry policy, and its answer names the closest elements (a mistyped text too) with
// refs that work (and a ref alone, "e4", is a selector; a plain string label is a text); a selector given in the
// device's matcher terms is said back in the agent's; an explicit retry, or a timeout the caller gave, still waits its attempts. An app that is not installed fails to open at once on both drivers (no launch is
// tried, no broadcast sent), naming the installed package closest to the one asked for.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';

const SETTINGS = 'com.android.settings';
const dumps = (lines: readonly string[]) => lines.filter((line) => line.includes('uiautomator dump')).length;

for (const operator of [false, true]) {
  describe(`a mistake fails fast (${operator ? 'operator' : 'adb'} driver)`, () => {
    let lab: Lab;
    let session: StdioSession;
    /** A tool call, with the shell lines the device ran for it. */
    const call = async (name: string, args: Record<string, unknown>) => {
      const device = lab.devices[0]?.device;
      assert.ok(device);
      const mark = device.commandLog.length;
      const result: Loose = await session.client.callTool({ name, arguments: args });
      return { result, text: textOf(result), lines: device.commandLog.slice(mark) };
    };

    before(async () => {
      lab = await createLab({ devices: [operator ? {} : { operator: false }] });
      session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), process.cwd());
    });
    after(async () => {
      await session?.close();
      await stopDaemonsOf(lab.home);
      await lab?.close();
    });

    test('an app that is not installed fails at once, naming the closest installed one', async () => {
      const { result, text, lines } = await call('open', { target: 'com.svc.thermostatt' });
      assert.equal(result.isError, true, text);
      assert.match(text, /APP_NOT_FOUND com\.svc\.thermostatt is not installed on this device/);
      assert.match(text, /closest installed: com\.svc\.thermostat\b/);
      // Nothing was launched and nothing was sent to an operator app: the package list said it all.
      assert.ok(!lines.some((line) => /am start|"open_app"/.test(line)), lines.join('\n'));
    });

    if (operator) return;

    test('a mistyped text on a still screen fails within one read, with the closest element and a ref that works', async () => {
      const opened = await call('open', { target: SETTINGS });
      assert.equal(opened.result.isError, false, opened.text);
      const miss = await call('click', { selector: { text: 'Ntwork & intrnet' } });
      assert.equal(miss.result.isError, true, miss.text);
      assert.match(miss.text, /NODE_NOT_FOUND .*\{"text":"Ntwork & intrnet"\}/);
      assert.doesNotMatch(miss.text, /NodeMatcher\(/);
      const closest = /closest on screen:\n(e\d+) listitem "Network & internet"/.exec(miss.text);
      assert.ok(closest, miss.text);
      // One read for the click (the screen the agent read, unchanged), then the screen after it: no retries.
      assert.ok(dumps(miss.lines) <= 3, `${dumps(miss.lines)} dumps:\n${miss.lines.join('\n')}`);
      // The ref alone is a selector: "e4" is {"ref":"e4"}.
      const fixed = await call('click', { selector: closest[1] });
      assert.equal(fixed.result.isError, false, fixed.text);
      assert.match(fixed.text, /"Wi-Fi"/);
    });

    test('a screen the agent has not read is looked at twice, then the miss fails', async () => {
      await lab.adb('-s', lab.devices[0]?.serial ?? '', 'shell', 'input', 'keyevent', '4');
      const miss = await call('click', { selector: { text: 'Nowhere to be seen' } });
      assert.equal(miss.result.isError, true, miss.text);
      assert.ok(dumps(miss.lines) <= 4, `${dumps(miss.lines)} dumps:\n${miss.lines.join('\n')}`);
      // Nothing close: the whole screen says what is there.
      assert.match(miss.text, /# [a-z.0-9]+ 1080x2400, \d+ elements\n/);
    });

    test('a label written as a plain string is its text', async () => {
      await call('open', { target: 'com.svc.thermostat' });
      const read = await call('read-value', { label: 'Target' });
      assert.equal(read.result.isError, false, read.text);
      assert.match(read.text, /22\.0°C|23\.0°C/);
    });

    test('typing into a view that takes no text fails at once, with no word of a keyboard left selected', async () => {
      await call('open', { target: SETTINGS });
      const typed = await call('type', { selector: { text: 'Settings' }, text: 'x' });
      assert.equal(typed.result.isError, true, typed.text);
      assert.match(typed.text, /TEXT_ENTRY_FAILED .*not.* a text field|TEXT_ENTRY_FAILED .*is a text field/);
      assert.doesNotMatch(typed.text, /keyboard left selected|ime set/);
      assert.ok(dumps(typed.lines) <= 4, `${dumps(typed.lines)} dumps:\n${typed.lines.join('\n')}`);
    });

    test('an explicit retry keeps its attempts', async () => {
      const run = await call('execute', {
        execution: {
          actions: [
            {
              type: 'click',
              params: { matcher: { textEquals: 'Nowhere' }, retry: { maxAttempts: 3, initialDelayMs: 50 } },
            },
          ],
        },
      });
      assert.equal(run.result.isError, true, run.text);
      assert.ok(dumps(run.lines) >= 3, `${dumps(run.lines)} dumps:\n${run.lines.join('\n')}`);
    });

    test('a timeout the caller gave keeps the retries of a miss on a still screen going', async () => {
      const action = { type: 'click', params: { matcher: { textEquals: 'Nowhere' } } };
      // The same miss without a timeout of its own fails within the read (the screen is the one just read).
      const quick = await call('execute', { execution: { actions: [action] } });
      assert.equal(quick.result.isError, true, quick.text);
      assert.ok(dumps(quick.lines) <= 3, `${dumps(quick.lines)} dumps:\n${quick.lines.join('\n')}`);
      const waited = await call('execute', { execution: { timeoutMs: 60_000, actions: [action] } });
      assert.equal(waited.result.isError, true, waited.text);
      assert.match(waited.text, /NODE_NOT_FOUND/);
      // The action's own retry policy ran: a read per attempt, not one.
      assert.ok(dumps(waited.lines) >= 4, `${dumps(waited.lines)} dumps:\n${waited.lines.join('\n')}`);
    });
  });
}
