// What a new user met over HTTP (issue 31): GET /execute answered 404 (the path is right, the method is not: 405 with
// Allow), and POST /screenshot gave only a path on the server's machine (now also `data.url`, where the image's
// bytes are fetched with the same token). Over real HTTP, the app as `svc serve` runs it, a simulated device.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { authHeaders } from './server-auth.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

describe('the HTTP papercuts', () => {
  let server: LabServer;
  let shots: string;
  let outside: string;
  before(async () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-http-papercuts-'));
    shots = join(root, 'shots');
    mkdirSync(shots, { mode: 0o700 });
    outside = join(root, 'outside.png');
    writeFileSync(outside, 'not for you');
    symlinkSync(outside, join(shots, 'linked.png'));
    server = await startLabServer([{}], { screenshotsDir: shots });
  });
  after(() => server?.close());

  const get = (path: string, method = 'GET') =>
    fetch(`${server.url}${path}`, { method, headers: authHeaders(server.url) });

  it('answers a known path asked with the wrong method 405 with Allow; an unknown path stays 404', async () => {
    const wrong = await get('/execute');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
    const body = (await wrong.json()) as { error: { code: string; details: { allow: string[] } } };
    assert.equal(body.error.code, 'METHOD_NOT_ALLOWED');
    assert.equal((await get('/devices', 'DELETE')).headers.get('allow'), 'GET, HEAD');
    assert.equal((await get('/skills/x.y/run')).status, 405);
    assert.equal((await get('/no-such-route')).status, 404);
  });

  it('gives each screenshot a url from which its bytes are fetched with the token', async () => {
    for (const body of [{}, { path: 'mine.png' }, { format: 'jpeg', maxSize: 300 }]) {
      const answer = await postJson(server.url, '/screenshot', body);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const data = (answer.body.envelope as { stepResults: { data: Record<string, string> }[] }).stepResults[0]?.data;
      assert.match(data?.url ?? '', /^\/screenshots\/.+\.(png|jpg)$/);
      const image = await get(data?.url as string);
      assert.equal(image.status, 200);
      const bytes = new Uint8Array(await image.arrayBuffer());
      const png = bytes[0] === 0x89 && bytes[1] === 0x50;
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      assert.ok(png || jpeg, JSON.stringify(body));
      assert.equal(image.headers.get('content-type'), png ? 'image/png' : 'image/jpeg');
      // The same URL without the token is refused like every route.
      assert.equal((await fetch(`${server.url}${data?.url}`)).status, 401);
    }
  });

  it('serves nothing but the images of the screenshots folder', async () => {
    for (const path of ['/screenshots/linked.png', '/screenshots/..%2foutside.png', '/screenshots/none.png']) {
      const answer = await get(path);
      assert.equal(answer.status, 404, path);
      assert.doesNotMatch(await answer.text(), /not for you/);
    }
  });
});
