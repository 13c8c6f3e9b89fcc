// The inspector keeps the server's Origin guard: a page of another origin, in a real browser, cannot make svc act on
// the device (its requests get 403 before any route runs), while the inspector's own page can.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Subscription } from '../src/server/event-bus.ts';
import { type InspectorLab, startInspectorLab } from './inspector-helpers.ts';
import { postJson } from './server-helpers.ts';

/** A page on its own origin that tries to tap on the device through svc, in the ways a web page can. */
function attackerPage(svcUrl: string, deviceId: string): string {
  const body = JSON.stringify({
    deviceId,
    execution: {
      commandId: 'foreign-1',
      taskId: 'foreign',
      source: 'elsewhere',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [{ id: 'tap', type: 'click', params: { matcher: { textEquals: 'Network & internet' } } }],
    },
  });
  return `<!doctype html><title>working</title><script>
    (async () => {
      const seen = [];
      const tries = [
        ['json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)} }],
        ['form', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(body)} }],
      ];
      for (const [name, init] of tries) {
        try { const r = await fetch(${JSON.stringify(`${svcUrl}/execute`)}, init); seen.push(name + ':' + r.type + ':' + r.status); }
        catch { seen.push(name + ':blocked'); }
      }
      document.title = 'done ' + seen.join(' ');
    })();
  </script>`;
}

describe('the inspector and foreign origins', () => {
  let lab: InspectorLab;
  let attacker: Server;
  let attackerUrl: string;

  before(async () => {
    lab = await startInspectorLab();
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage(lab.server.url, lab.serial));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  });
  after(async () => {
    await new Promise<void>((resolve) => attacker?.close(() => resolve()));
    await lab?.close();
  });

  /** Every svc:execution published since `subscription` began, without waiting for more. */
  async function published(subscription: Subscription): Promise<string[]> {
    const events: string[] = [];
    for (;;) {
      const next = await Promise.race([subscription.next(), Promise.resolve(undefined)]);
      if (next === undefined) return events;
      events.push(next.event);
    }
  }

  it('answers a foreign page 403 and runs nothing on the device', async () => {
    const subscription = lab.server.serverApp.bus.subscribe();
    const sim = lab.server.lab.devices[0];
    assert.ok(sim);
    const servicesBefore = sim.serviceLog.length;
    const page = await lab.browser.newPage();
    try {
      await page.goto(attackerUrl);
      await page.waitForFunction(() =>
        (globalThis as unknown as { document: { title: string } }).document.title.startsWith('done'),
      );
      const outcome = await page.title();
      // The CORS request is refused (the browser hides the 403 as a network error); the no-cors one gets an opaque
      // answer. Neither ran: the server published no execution and the device received no command.
      assert.match(outcome, /json:blocked/);
      assert.match(outcome, /form:opaque:0/);
      assert.deepEqual(await published(subscription), []);
      assert.deepEqual(sim.serviceLog.slice(servicesBefore), []);
    } finally {
      subscription.close();
      await page.close();
    }
  });

  it('refuses the inspector API from a foreign Origin with 403 ORIGIN_FORBIDDEN, and serves it to its own page', async () => {
    for (const path of ['/inspector/api/screen', '/execute']) {
      const response = await fetch(`${lab.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:9' },
        body: JSON.stringify({ deviceId: lab.serial }),
      });
      assert.equal(response.status, 403, path);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'ORIGIN_FORBIDDEN');
    }
    const own = await fetch(`${lab.server.url}/inspector/api/screen`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: lab.server.url },
      body: JSON.stringify({ deviceId: lab.serial }),
    });
    assert.equal(own.status, 200);
    const direct = await postJson(lab.server.url, '/inspector/api/screen', { deviceId: lab.serial });
    assert.equal(direct.status, 200);
  });
});
