// Pages with the operator driver, through real adb, a real headless Chromium and the simulated operator app (svc's
// own, and the published Clawperator operator as its code behaves: clawperator/clawperator apps/android .../AccessibilityNodeInfoExtAndroid.kt toUiAutomatorHierarchyDump). Screens
// the operator reads carry the page's elements as the adb driver's do (svc reads the page over DevTools on the host);
// with `auto` an execution that acts on a page runs on the adb driver and says so; with the operator forced, a ref
// to a page's element is refused before anything runs.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';

const SIGN_IN = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form onsubmit="event.preventDefault(); document.body.innerHTML = '<h1>Welcome, ' + user.value + '</h1>'">
<label for="user">Name</label><input id="user" placeholder="you@example.com">
<label for="pass">Password</label><input id="pass" type="password">
<button>Continue</button></form>`;

const refOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return (line as string).split(' ')[0] as string;
};

for (const variant of ['svc', 'clawperator'] as const) {
  describe(`web pages on a phone with the ${variant} operator app`, () => {
    let lab: Lab;
    let sim: SimDevice;
    let server: Server;
    let origin: string;
    const svc = (...args: string[]) => runCliJson([...args, '--device', sim.serial, '--no-daemon'], { env: lab.env });
    before(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      lab = await createLab({ devices: [{ webPages: true, operator: { variant } }] });
      sim = lab.devices[0] as SimDevice;
    });
    after(async () => {
      await lab?.close();
      server?.close();
    });

    test('the operator driver’s screens show the page’s elements, and a sign-in by refs runs on the adb driver', async () => {
      const opened = await svc('open', `${origin}/signin`, '--screen', 'full');
      assert.equal(opened.code, 0, opened.stdout);
      assert.equal(opened.json.driver, 'operator');
      const snap = await svc('snapshot', '--format', 'compact', '--driver', 'operator');
      assert.equal(snap.code, 0, snap.stdout);
      const screen = snap.json.envelope.stepResults[0].data.text as string;
      assert.equal(snap.json.driver, 'operator');
      // The page's own elements, as DevTools gives them (a field's label as its name, its placeholder as hint).
      assert.match(screen, /textfield .*desc="Name"/);
      assert.match(screen, /button "Continue"/);
      const name = refOf(screen, /textfield .*desc="Name"/);
      const pass = refOf(screen, /textfield .*desc="Password"/);
      const go = refOf(screen, /button "Continue"/);
      const typed = await svc('type', '--ref', name, '--text', 'Zoë Ångström');
      assert.equal(typed.code, 0, typed.stdout);
      assert.equal(typed.json.driver, 'adb');
      assert.equal((await svc('type', '--ref', pass, '--text', 'pässwörd')).json.driver, 'adb');
      const done = await svc('click', '--ref', go, '--screen', 'full');
      assert.equal(done.code, 0, done.stdout);
      assert.equal(done.json.driver, 'adb');
      assert.match(done.json.screen, /"Welcome, Zoë Ångström"/);
    });

    test('with the operator driver forced, a ref to a page’s element is refused before anything runs', async () => {
      const opened = await svc('open', `${origin}/again`, '--screen', 'full', '--driver', 'operator');
      assert.equal(opened.code, 0, opened.stdout);
      assert.match(opened.json.screen, /button "Continue"/);
      const go = refOf(opened.json.screen, /button "Continue"/);
      const inputs = sim.device.inputs.entries().length;
      const run = await svc('click', '--ref', go, '--driver', 'operator');
      assert.notEqual(run.code, 0);
      assert.equal(run.json.code, 'EXECUTION_ACTION_UNSUPPORTED', run.stdout);
      assert.match(run.json.hint ?? '', /--driver auto/);
      assert.equal(sim.device.inputs.entries().length, inputs);
      assert.doesNotMatch((await svc('snapshot', '--driver', 'operator')).stdout, /Welcome/);
    });
  });
}
