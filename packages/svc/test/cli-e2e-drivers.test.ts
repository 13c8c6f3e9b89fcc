// "Plug in a phone and go", as a new user runs it: the README tour through the real CLI process (daemon included),
// real adb and two simulated phones, one with the operator app and one stock phone with nothing installed. `auto`
// picks the operator on the first and the adb driver on the second, and every step result agrees field by field
// (but where the screenshot went). `svc devices` says which driver each phone gets; what needs the operator app is
// refused on the stock phone with its own code and a hint; the driver can be forced by flag or environment.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import type { StepResult } from '../src/contracts/types.ts';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { connectStdio, type Loose } from './mcp-client.ts';
import { isolatedEnv, runCli, runCliJson } from './run-cli.ts';

const S = 'com.android.settings';

/** The README tour, one flat command each. */
const TOUR: string[][] = [
  ['open', S],
  ['wait', '--text', 'Settings', '--timeout', '5000'],
  ['read', '--id', `${S}:id/title`],
  ['click', '--text', 'Network & internet'],
  ['back'],
  ['scroll-until', '--text', 'About phone', '--click'],
  ['back'],
  ['type', '--id', `${S}:id/search_src_text`, '--text', 'wifi', '--submit'],
  ['sleep', '500'],
  ['snapshot'],
  ['screenshot', '--path', 'tour.png'],
  ['press', 'home'], // last: the launchers differ (one shows the operator app's icon)
];

const comparable = (s: StepResult) => {
  const data = { ...s.data };
  delete data.path;
  // The operator counts the accessibility windows (status bar, navigation bar, app); adb sees no such list.
  delete data.window_count;
  return { ...s, data };
};

describe('the README tour on a phone with the operator and on a stock phone', () => {
  let lab: Lab;
  let withOperator: string;
  let stock: string;
  before(async () => {
    lab = await createLab({ devices: [{}, { operator: false }] });
    withOperator = lab.devices[0]!.serial;
    stock = lab.devices[1]!.serial;
  });
  after(() => lab?.close());
  const svc = (serial: string, args: string[], env: Record<string, string> = {}) =>
    runCliJson([...args, '--device', serial], { env: { ...lab.env, ...env }, cwd: lab.home });

  test('svc devices names the driver auto picks on each phone', async () => {
    const run = await runCliJson(['devices'], { env: lab.env });
    assert.equal(run.code, 0, run.stdout);
    const bySerial = Object.fromEntries(run.json.map((d: { serial: string; driver: string }) => [d.serial, d.driver]));
    assert.deepEqual(bySerial, { [withOperator]: 'operator', [stock]: 'adb' });
  });

  test('GET /devices and the MCP devices tool carry the same fields as svc devices', async () => {
    const cli = (await runCliJson(['devices'], { env: lab.env })).json;
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    try {
      const http = (await (
        await createServerApp(ctx, { auth: 'none' }).app.fetch(new Request('http://localhost/devices'))
      ).json()) as {
        devices: unknown[];
      };
      assert.deepEqual(http.devices, cli);
    } finally {
      await ctx.close();
    }
    const session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), lab.home);
    try {
      const mcp = (await session.client.callTool({ name: 'devices', arguments: {} })) as Loose;
      assert.deepEqual(mcp.structuredContent.devices, cli);
    } finally {
      await session.close();
    }
  });

  test('one execution per device whatever the driver and operator package: a second one at once is refused', async () => {
    const runs = await Promise.all([
      svc(withOperator, ['sleep', '3000', '--driver', 'operator', '--no-daemon']),
      svc(withOperator, ['sleep', '3000', '--driver', 'adb', '--operator-package', 'com.other.op', '--no-daemon']),
    ]);
    const codes = runs.map((r) => (r.code === 0 ? 'ok' : r.json.code)).sort();
    assert.deepEqual(codes, ['EXECUTION_CONFLICT_IN_FLIGHT', 'ok'], runs.map((r) => r.stdout).join('\n'));
  });

  test('every tour command succeeds on both with the same step results; auto names the driver that ran', async () => {
    for (const command of TOUR) {
      const [a, b] = await Promise.all([svc(withOperator, command), svc(stock, command)]);
      const label = command.join(' ');
      assert.equal(a.code, 0, `${label} (operator): ${a.stdout}`);
      assert.equal(b.code, 0, `${label} (adb): ${b.stdout}`);
      assert.deepEqual([a.json.driver, b.json.driver], ['operator', 'adb'], label);
      const steps = (r: typeof a) => (r.json.envelope.stepResults as StepResult[]).map(comparable);
      assert.deepEqual(steps(b), steps(a), label);
    }
  });

  test('the on-screen log needs the operator: refused on the stock phone before anything runs, with a hint', async () => {
    assert.equal((await svc(withOperator, ['on-screen-log', 'set', '--text', 'step 2 of 4'])).code, 0);
    const refused = await svc(stock, ['on-screen-log', 'set', '--text', 'step 2 of 4']);
    assert.equal(refused.code, 1);
    assert.equal(refused.json.code, 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
    assert.equal(refused.json.details.path, 'actions[0]');
    const pretty = await runCli(['on-screen-log', 'set', '--text', 'x', '--device', stock, '--output', 'pretty'], {
      env: lab.env,
    });
    assert.match(pretty.stdout, /hint: The on-screen log needs the operator app/);
    assert.equal((await svc(stock, ['on-screen-log', 'clear'])).code, 0);
  });

  test('the driver is forced with --driver or SVC_DRIVER, and the operator driver on a stock phone says why not', async () => {
    const forced = await svc(withOperator, ['snapshot', '--driver', 'adb']);
    assert.deepEqual([forced.code, forced.json.driver], [0, 'adb']);
    const fromEnv = await svc(withOperator, ['snapshot'], { SVC_DRIVER: 'adb' });
    assert.deepEqual([fromEnv.code, fromEnv.json.driver], [0, 'adb']);
    const noOperator = await svc(stock, ['snapshot', '--driver', 'operator']);
    assert.deepEqual([noOperator.code, noOperator.json.code], [1, 'OPERATOR_NOT_INSTALLED']);
    const typo = await svc(stock, ['snapshot', '--driver', 'adbb']);
    assert.deepEqual(
      [typo.code, typo.json.code, typo.json.details.path],
      [1, 'EXECUTION_VALIDATION_FAILED', '--driver'],
    );
  });
});
