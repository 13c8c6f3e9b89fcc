// The token check of `svc serve` / `svc mcp --http` on the app: bearer token, one-time login links that give a
// browser an HttpOnly SameSite=Strict session cookie, and the redirect that only goes to a same-origin path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { createServerAuth, safeNext } from './auth.ts';
import { LOGIN_CODE_TTL_MS, mintLoginCode } from './login-codes.ts';

const TOKEN = 'a'.repeat(43);
const BASE = 'http://127.0.0.1:4567';

function app(now = () => Date.now()) {
  const auth = createServerAuth(TOKEN, now);
  const hono = new Hono();
  hono.use('*', auth.middleware);
  hono.get('/devices', (c) => c.json({ ok: true }));
  return { auth, fetch: (path: string, init?: RequestInit) => hono.request(`${BASE}${path}`, init) };
}

describe('server authentication', () => {
  it('refuses a request without the token, or with a wrong one, with 401 AUTH_REQUIRED', async () => {
    const { fetch } = app();
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: `Basic ${TOKEN}` }]) {
      const response = await fetch('/devices', { headers });
      assert.equal(response.status, 401);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'AUTH_REQUIRED');
      assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="svc"');
    }
    assert.equal((await fetch('/devices', { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200);
  });

  it('turns a login link into an HttpOnly SameSite=Strict session once, then refuses the same link', async () => {
    const { auth, fetch } = app();
    const link = new URL(auth.loginUrl(BASE, '/inspector?tab=log'));
    const first = await fetch(`${link.pathname}${link.search}`);
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), '/inspector?tab=log');
    const cookie = first.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^svc_session_4567=[\w-]{40,};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\//);
    const session = cookie.split(';')[0] as string;
    assert.equal((await fetch('/devices', { headers: { cookie: session } })).status, 200);
    assert.equal((await fetch('/devices', { headers: { cookie: 'svc_session_4567=forged' } })).status, 401);
    const again = await fetch(`${link.pathname}${link.search}`);
    assert.equal(again.status, 401);
    assert.equal(again.headers.get('set-cookie'), null);
  });

  it('refuses an expired, tampered or foreign login code', async () => {
    let now = Date.now();
    const { fetch } = app(() => now);
    const code = mintLoginCode(TOKEN, 4567, now);
    const other = mintLoginCode('b'.repeat(43), 4567, now);
    const [expiry, nonce, mac] = code.split('.');
    for (const bad of [
      other,
      `${expiry}.${nonce}x.${mac}`,
      `${(Number.parseInt(expiry ?? '', 36) + 1).toString(36)}.${nonce}.${mac}`,
      '',
      'x.y',
    ]) {
      assert.equal((await fetch(`/login?code=${encodeURIComponent(bad)}`)).status, 401, bad);
    }
    now += LOGIN_CODE_TTL_MS + 1;
    assert.equal((await fetch(`/login?code=${code}`)).status, 401);
  });

  it('refuses a code minted for another port: a link handed to whatever answered there opens no other server', async () => {
    const { fetch } = app();
    const elsewhere = mintLoginCode(TOKEN, 4568);
    assert.equal((await fetch(`/login?code=${elsewhere}`)).status, 401);
    assert.equal((await fetch(`/login?code=${mintLoginCode(TOKEN, 4567)}`, { redirect: 'manual' })).status, 303);
  });

  it('redirects only to a same-origin path', () => {
    assert.equal(safeNext(undefined), '/inspector');
    assert.equal(safeNext('/inspector/devices'), '/inspector/devices');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/a\nb',
      '',
    ]) {
      assert.equal(safeNext(bad), '/inspector', JSON.stringify(bad));
    }
  });
});
