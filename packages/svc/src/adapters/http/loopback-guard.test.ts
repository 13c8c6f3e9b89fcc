// Origin and Host checks (DNS rebinding) on the app, and the loopback name rules behind them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SvcContext } from '../../core/context.ts';
import { createServerApp } from '../../server/app.ts';
import { hostNameOf, isLoopbackName } from './loopback-guard.ts';

function appWith(options: { allowOrigins?: string[]; loopbackHostOnly?: boolean }) {
  return createServerApp({ env: {} } as unknown as SvcContext, {
    ...options,
    deps: { listDevices: async () => [], env: {} },
  }).app;
}

describe('server security checks', () => {
  it('refuses any request carrying an Origin header that is not allow-listed with 403 ORIGIN_FORBIDDEN', async () => {
    const app = appWith({ allowOrigins: ['http://localhost:5173'] });
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5174']) {
      const response = await app.request('/devices', { headers: { origin } });
      assert.equal(response.status, 403);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'ORIGIN_FORBIDDEN');
      assert.ok(response.headers.get('x-svc-version'));
    }
  });

  it("allows the server's own origin on a loopback Host (its inspector page) and no look-alike", async () => {
    const app = appWith({ loopbackHostOnly: true });
    const own = await app.request('http://x/devices', {
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    });
    assert.equal(own.status, 200);
    const lookAlikes = [
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' },
      { host: '127.0.0.1:3000', origin: 'https://127.0.0.1:3000' },
      { host: 'localhost:3000', origin: 'http://127.0.0.1:3000' },
    ];
    for (const headers of lookAlikes) {
      assert.equal((await app.request('http://x/devices', { headers })).status, 403, JSON.stringify(headers));
    }
    // Without the loopback Host rule a rebound name is its own origin: still refused.
    const rebound = appWith({});
    const headers = { host: 'evil.example:3000', origin: 'http://evil.example:3000' };
    assert.equal((await rebound.request('http://x/devices', { headers })).status, 403);
  });

  it('serves an allow-listed origin with CORS headers, including the preflight', async () => {
    const app = appWith({ allowOrigins: ['http://localhost:5173'] });
    const response = await app.request('/devices', { headers: { origin: 'http://localhost:5173' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    const preflight = await app.request('/execute', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
  });

  it('refuses a non-loopback Host with 403 HOST_FORBIDDEN when bound to loopback', async () => {
    const app = appWith({ loopbackHostOnly: true });
    for (const host of ['attacker.example', 'attacker.example:3000', '10.0.0.5:3000', '']) {
      const response = await app.request('http://x/devices', { headers: { host } });
      assert.equal(response.status, 403, host);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'HOST_FORBIDDEN');
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      assert.equal((await app.request('http://x/devices', { headers: { host } })).status, 200, host);
    }
  });

  it('accepts any Host when not bound to loopback', async () => {
    const response = await appWith({}).request('http://x/devices', { headers: { host: 'box.lan:3000' } });
    assert.equal(response.status, 200);
  });

  it('recognises loopback names and splits host headers', () => {
    assert.deepEqual(
      ['localhost', 'a.localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]', 'LOCALHOST'].map(isLoopbackName),
      [true, true, true, true, true, true, true],
    );
    assert.deepEqual(['0.0.0.0', '::', '10.0.0.1', 'localhost.evil.com', 'example.com'].map(isLoopbackName), [
      false,
      false,
      false,
      false,
      false,
    ]);
    assert.equal(hostNameOf('[::1]:3000'), '::1');
    assert.equal(hostNameOf('localhost:3000'), 'localhost');
    assert.equal(hostNameOf('localhost'), 'localhost');
  });
});
