// Issue 19, item 1, the browser's way in: `svc inspect --port P` reuses whatever answers like an svc server on P and
// prints a one-time login link for it. Another local user who squats the port (before the user's own server takes
// it) receives that link when the browser opens it; the link must not open the user's real server on another port,
// although both servers share the token. Through the real CLI and a real `svc serve`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createLab, type Lab } from 'svc-sim/testing';
import { isolatedEnv, MAIN } from '../run-cli.ts';
import { type ServerProcess, startServer } from './processes.ts';

const run = promisify(execFile);

/** GET `path` from the server at `url`, with the Host header a client chooses. */
function getWithHost(url: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('login links handed to whatever answers on a port', () => {
  let lab: Lab;
  let serve: ServerProcess;
  let squatter: Server;
  let squatterPort: number;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serve = await startServer(['serve', '--port', '0'], lab.env, /browser login/);
    // Another user's process on a port the user will ask `svc inspect` for, answering as an svc server would.
    squatter = createServer((_req, res) => res.writeHead(401, { 'x-svc-version': '0.1.0' }).end());
    squatter.listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    squatterPort = (squatter.address() as AddressInfo).port;
  });
  after(async () => {
    squatter?.close();
    await serve?.stop();
    await lab?.close();
  });

  it('opens no other server of the user, whatever Host the holder of the link sends', async () => {
    const { stdout } = await run(process.execPath, [MAIN, 'inspect', '--port', String(squatterPort)], {
      env: isolatedEnv(lab.env),
    });
    const printed = JSON.parse(stdout) as { url: string; reused: boolean };
    assert.equal(printed.reused, true);
    const link = new URL(printed.url);
    assert.equal(link.port, String(squatterPort));
    assert.ok(link.searchParams.get('code'), printed.url);
    const path = `${link.pathname}${link.search}`;
    const port = new URL(serve.url).port;
    assert.equal(await getWithHost(serve.url, path, `127.0.0.1:${squatterPort}`), 401);
    assert.equal(await getWithHost(serve.url, path, `127.0.0.1:${port}`), 401);
    // Positive control: a link svc serve printed for itself signs in.
    const own = /browser login \(one-time link, valid 5 minutes\): (\S+)/.exec(serve.stderr())?.[1] ?? '';
    const ownLink = new URL(own);
    assert.equal(await getWithHost(serve.url, `${ownLink.pathname}${ownLink.search}`, `127.0.0.1:${port}`), 303);
  });
});
