// The hot path of an agent's calls: a call that names a device whose daemon already runs goes straight to that
// daemon, without asking the adb server which devices there are (the daemon resolves its device itself). What a
// caller sees stays the same, including the errors of a device that left.
// Every adb connection is counted by the process that opened it: the daemon also asks the adb server on its own
// (its device watch, every 2 s), and a loaded machine stretches a CLI call over such a tick.
import assert from 'node:assert/strict';
import { connect, createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { daemonPaths } from '../src/daemons/paths.ts';
import { DaemonClient } from '../src/daemons/socket-client.ts';
import { daemonPidsOf, executeLines, stopDaemonsOf, svcIn } from './daemon-helpers.ts';
import { clientPidOf } from './socket-owner.ts';

const sleepPayload = (commandId: string) =>
  JSON.stringify({
    commandId,
    taskId: commandId,
    source: 'hot-path-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
  });

/** A TCP relay in front of the lab's adb server that notes which process opened each connection to it. */
async function countingRelay(
  adbPort: number,
): Promise<{ port: number; openers: (number | undefined)[]; server: Server }> {
  const openers: (number | undefined)[] = [];
  const server = createServer((client) => {
    openers.push(clientPidOf(client)); // now, while the client waits for its answer
    const upstream = connect(adbPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');
  return { port: address.port, openers, server };
}

describe('a call that names a device with a running daemon', () => {
  let lab: Lab;
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let svc: ReturnType<typeof svcIn>;
  let relayEnv: Record<string, string>;
  let calls = 0;

  before(async () => {
    lab = await createLab({ devices: [{}, {}] });
    relay = await countingRelay(lab.adbPort);
    // Every adb connection of the CLI and of its daemon goes through the relay.
    relayEnv = {
      ...lab.env,
      ADB_SERVER_SOCKET: `tcp:127.0.0.1:${relay.port}`,
      ANDROID_ADB_SERVER_PORT: String(relay.port),
    };
    svc = svcIn(lab, relayEnv);
  });
  after(async () => {
    await svc.json(['daemon', 'stop', '--all']);
    const leaked = await stopDaemonsOf(lab.home);
    relay.server.close();
    await lab.close();
    assert.deepEqual(leaked, []);
  });

  /** Adb server connections opened by anything but a daemon of the lab since `from` (an index into the openers). */
  function notByDaemons(from: number): number {
    const daemons = new Set(daemonPidsOf(lab.home));
    // An opener that cannot be told counts against the CLI: the test must not pass by not seeing.
    return relay.openers.slice(from).filter((pid) => pid === undefined || !daemons.has(pid)).length;
  }

  /** Adb server connections the CLI process opened while `svc exec` ran with these extra args or env. */
  async function connectionsOf(args: string[], env: Record<string, string> = {}) {
    const from = relay.openers.length;
    const out = await svc.json(['exec', sleepPayload(`hot-${++calls}`), ...args], { env });
    assert.equal(out.code, 0, JSON.stringify(out.json));
    return notByDaemons(from);
  }

  test('asks the adb server nothing: only the daemon talks to adb, as when the execution is posted to it directly', async () => {
    const serial = lab.devices[0]?.serial as string;
    // Warm: the daemon is up, its log follow and operator check are in place.
    await connectionsOf(['--device', serial]);
    await connectionsOf(['--device', serial]);
    const named = await connectionsOf(['--device', serial]);
    const fromEnv = await connectionsOf([], { ANDROID_SERIAL: serial });
    // An execution posted to the daemon's socket with no CLI in between: the baseline of "only the daemon".
    const beforePost = relay.openers.length;
    const posted = await new DaemonClient(daemonPaths(lab.home, serial, relayEnv).socket).post(
      '/execute',
      { execution: JSON.parse(sleepPayload(`hot-${++calls}`)), deviceId: serial },
      {},
      20_000,
    );
    assert.equal((posted.json as { ok: boolean }).ok, true);
    const daemonOnly = notByDaemons(beforePost);
    assert.deepEqual({ named, fromEnv, daemonOnly }, { named: 0, fromEnv: 0, daemonOnly: 0 });
    assert.equal(executeLines({ home: lab.home, env: relayEnv }, serial).length, 5, 'every call ran in the daemon');
    // A call that names no device lets the CLI ask which device (two are connected here: it gets the error).
    const beforeNone = relay.openers.length;
    const none = await svc.json(['exec', sleepPayload(`hot-${++calls}`)]);
    assert.equal(none.json.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
    assert.equal(notByDaemons(beforeNone), 1, 'one host:devices question, no daemon contacted');
  });

  test('ANDROID_SERIAL naming a device that left after its daemon started gets the same error as without a daemon', async () => {
    const gone = lab.devices[1];
    assert.ok(gone);
    const serial = gone.serial;
    await connectionsOf([], { ANDROID_SERIAL: serial });
    await lab.removeDevice(gone);
    const proxied = await svc.json(['exec', sleepPayload(`hot-${++calls}`)], { env: { ANDROID_SERIAL: serial } });
    const direct = await svc.json(['exec', sleepPayload(`hot-${++calls}`), '--no-daemon'], {
      env: { ANDROID_SERIAL: serial },
    });
    assert.equal(proxied.code, 1);
    assert.equal(proxied.json.code, 'DEVICE_NOT_FOUND');
    assert.equal(proxied.json.details.from, 'ANDROID_SERIAL');
    assert.deepEqual(proxied.json, direct.json);
  });
});
