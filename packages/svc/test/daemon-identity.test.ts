// The proxy's one request per call carries the CLI's identity (version, build, environment): the daemon runs the call
// only when it is its own (the check SPEC 3.6 asks for before every dispatch, in the same request), and a daemon that
// does not know that request (an older svc) is never taken to have answered it.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { daemonPaths } from '../src/daemons/paths.ts';
import {
  encodeIdentity,
  IDENTITY_CHECKED_HEADER,
  IDENTITY_HEADER,
  IDENTITY_MISMATCH_STATUS,
  PROXY_EXECUTE_PATH,
} from '../src/daemons/protocol.ts';
import { DaemonClient } from '../src/daemons/socket-client.ts';
import { executeLines, firstSerial, stopDaemonsOf, svcIn } from './daemon-helpers.ts';

const execution = (commandId: string) => ({
  commandId,
  taskId: commandId,
  source: 'identity-test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 10_000,
  actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
});

describe('the identity check of a proxied call', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;
  let serial: string;

  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab);
    serial = firstSerial(lab);
  });
  after(async () => {
    await svc.json(['daemon', 'stop', '--all']);
    const leaked = await stopDaemonsOf(lab.home);
    await lab.close();
    assert.deepEqual(leaked, []);
  });

  test('the daemon refuses a call of another identity before running it, and runs one of its own', async () => {
    assert.equal((await svc.json(['daemon', 'start'])).json.daemon.status, 'started');
    const client = new DaemonClient(daemonPaths(lab.home, serial).socket);
    const { pid: _pid, ...own } = (await client.get('/version', 5000)).json as Record<string, unknown>;
    const post = (identity: unknown, commandId: string) =>
      client.post(
        PROXY_EXECUTE_PATH,
        { execution: execution(commandId), deviceId: serial },
        identity === undefined ? {} : { [IDENTITY_HEADER]: encodeIdentity(identity) },
        20_000,
      );
    const ran = executeLines(lab.home, serial).length;
    for (const [other, why] of [
      [{ ...own, version: '0.0.1-other' }, /version/],
      [
        { ...own, environment: { ...(own.environment as object), ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1' } },
        /environment/,
      ],
      [undefined, /invalid/],
    ] as const) {
      const refused = await post(other, 'identity-refused');
      assert.equal(refused.status, IDENTITY_MISMATCH_STATUS);
      assert.match((refused.json as { identityMismatch: string }).identityMismatch, why);
      assert.equal(refused.headers[IDENTITY_CHECKED_HEADER], undefined);
    }
    assert.equal(executeLines(lab.home, serial).length, ran, 'nothing ran');
    const accepted = await post(own, 'identity-own');
    assert.equal((accepted.json as { ok: boolean }).ok, true, JSON.stringify(accepted.json));
    assert.equal(accepted.headers[IDENTITY_CHECKED_HEADER], '1');
    assert.equal(executeLines(lab.home, serial).length, ran + 1);
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
  });

  test('a daemon that answers 404 to the identity request (older than it) is never taken to have run the call', async () => {
    // The daemon's own /version, so that only the missing route tells it apart from a daemon of this very build.
    assert.equal((await svc.json(['daemon', 'start'])).json.daemon.status, 'started');
    const paths = daemonPaths(lab.home, serial);
    const version = (await new DaemonClient(paths.socket).get('/version', 5000)).json;
    assert.equal((await svc.json(['daemon', 'stop'])).json.daemon.status, 'stopped');
    const seen: string[] = [];
    const older: Server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const answer = (status: number, body: unknown) => res.writeHead(status).end(JSON.stringify(body));
      if (req.url === '/ping') return answer(200, { ok: true, pid: process.pid });
      if (req.url === '/version') return answer(200, version);
      answer(404, { ok: false, error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.url}` } });
    });
    await new Promise<void>((resolve) => older.listen(paths.socket, resolve));
    try {
      const run = await svc.json(['exec', JSON.stringify(execution('older-daemon')), '--device', serial]);
      assert.equal(run.code, 0, JSON.stringify(run.json));
      assert.equal(run.json.envelope.commandId, 'older-daemon', 'the call ran (in the CLI: that daemon is not ours)');
      assert.ok(seen.includes(`POST ${PROXY_EXECUTE_PATH}`), seen.join(', '));
      assert.ok(!seen.includes('POST /execute'), 'never posted where an older daemon would run it unchecked');
    } finally {
      await new Promise((resolve) => older.close(resolve));
      rmSync(paths.socket, { force: true });
    }
  });
});
