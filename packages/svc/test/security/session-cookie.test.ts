// Issue 36: the inspector's session cookie was not tied to the user: another local user who got hold of it (a shared
// terminal, a copied header) replayed it and got 200. A session now serves only the user who signed in, and only the
// server that gave it. Through a real `svc serve`; user `nobody` replays the cookie with curl through `runuser`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { curlAsOtherUser, otherUserUnavailable } from './other-user.ts';
import { type ServerProcess, startServer } from './processes.ts';

const unavailable = otherUserUnavailable();
if (unavailable) console.log(`# skipped: the replay as another local user cannot run here: ${unavailable}`);

describe('the session cookie of the inspector', { skip: unavailable }, () => {
  let lab: Lab;
  let serve: ServerProcess;
  let other: ServerProcess;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serve = await startServer(['serve', '--port', '0'], lab.env, /browser login/);
    other = await startServer(['serve', '--port', '0'], lab.env, /browser login/);
  });
  after(async () => {
    await serve?.stop();
    await other?.stop();
    await lab?.close();
  });

  /** Signs in with the link the server printed; the cookie it set (`name=value`). */
  async function signIn(server: ServerProcess): Promise<string> {
    const link = /browser login \(one-time link, valid 5 minutes\): (\S+)/.exec(server.stderr())?.[1] ?? '';
    const answer = await fetch(link, { redirect: 'manual' });
    assert.equal(answer.status, 303);
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    assert.match(cookie, /^svc_session_\d+=/);
    return cookie;
  }

  it('serves the user who signed in, and neither another local user replaying it nor another server', async () => {
    const cookie = await signIn(serve);
    const own = await fetch(`${serve.url}/devices`, { headers: { cookie } });
    assert.equal(own.status, 200, 'the positive control: the same cookie works for its user');
    const replayed = await curlAsOtherUser(`${serve.url}/devices`, { headers: { cookie } });
    assert.equal(replayed.status, 401, replayed.body);
    assert.equal(JSON.parse(replayed.body).error.code, 'AUTH_REQUIRED');
    // The same cookie value under the other server's cookie name: that server never gave it.
    const port = new URL(other.url).port;
    const moved = cookie.replace(/^svc_session_\d+=/, `svc_session_${port}=`);
    assert.equal((await fetch(`${other.url}/devices`, { headers: { cookie: moved } })).status, 401);
  });
});
