// The hot path of an agent's calls: a call that names a device whose daemon already runs goes straight to that
// daemon, without asking the adb server which devices there are (the daemon resolves its device itself). What a
// caller sees stays the same, including the errors of a device that left.
import assert from 'node:assert/strict';
import { connect, createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { daemonPaths } from '../src/daemons/paths.ts';
import { DaemonClient } from '../src/daemons/socket-client.ts';
import { executeLines, stopDaemonsOf, svcIn } from './daemon-helpers.ts';

const sleepPayload = (commandId: string) =>
  JSON.stringify({
    commandId,
    taskId: commandId,
    source: 'hot-path-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
  });

/** A TCP relay in front of the lab's adb server that counts the connections svc opens to it. */
async function countingRelay(adbPort: number): Promise<{ port: number; connections: () => number; server: Server }> {
  let connections = 0;
  const server = createServer((client) => {
    connections++;
    const upstream = connect(adbPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');
  return { port: address.port, connections: () => connections, server };
}

describe('a call that names a device with a running daemon', () => {
  let lab: Lab;
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let svc: ReturnType<typeof svcIn>;
  let calls = 0;

  before(async () => {
    lab = await createLab({ devices: [{}, {}] });
    relay = await countingRelay(lab.adbPort);
    // Every adb connection of the CLI and of its daemon goes through the relay.
    svc = svcIn(lab, {
      ADB_SERVER_SOCKET: `tcp:127.0.0.1:${relay.port}`,
      ANDROID_ADB_SERVER_PORT: String(relay.port),
    });
  });
  after(async () => {
    await svc.json(['daemon', 'stop', '--all']);
    const leaked = await stopDaemonsOf(lab.home);
    relay.server.close();
    await lab.close();
    assert.deepEqual(leaked, []);
  });

  /** Adb server connections opened while `svc exec` runs with these extra args or env. */
  async function connectionsOf(args: string[], env: Record<string, string> = {}) {
    const before = relay.connections();
    const out = await svc.json(['exec', sleepPayload(`hot-${++calls}`), ...args], { env });
    assert.equal(out.code, 0, JSON.stringify(out.json));
    return relay.connections() - before;
  }

  test('asks the adb server nothing: only the daemon talks to adb, as when the execution is posted to it directly', async () => {
    const serial = lab.devices[0]?.serial as string;
    // Warm: the daemon is up, its log follow and operator check are in place.
    await connectionsOf(['--device', serial]);
    await connectionsOf(['--device', serial]);
    // The daemon asks the adb server about its device every 2 s (device-watch.ts); on a loaded machine a call may
    // take long enough to include such a question. It only ever adds a connection: the fewest of three calls count.
    const fewest = async (once: () => Promise<number>) => Math.min(await once(), await once(), await once());
    const named = await fewest(() => connectionsOf(['--device', serial]));
    const fromEnv = await fewest(() => connectionsOf([], { ANDROID_SERIAL: serial }));
    // The daemon's own adb connections for one such execution, posted to its socket with no CLI in between.
    const daemonOnly = await fewest(async () => {
      const beforePost = relay.connections();
      const posted = await new DaemonClient(daemonPaths(lab.home, serial).socket).post(
        '/execute',
        { execution: JSON.parse(sleepPayload(`hot-${++calls}`)), deviceId: serial },
        {},
        20_000,
      );
      assert.equal((posted.json as { ok: boolean }).ok, true);
      return relay.connections() - beforePost;
    });
    assert.deepEqual({ named, fromEnv }, { named: daemonOnly, fromEnv: daemonOnly });
    assert.equal(executeLines(lab.home, serial).length, 11, 'every call ran in the daemon');
    // A call that names no device lets the CLI ask which device (two are connected here: it gets the error).
    const none = await fewest(async () => {
      const beforeNone = relay.connections();
      const answer = await svc.json(['exec', sleepPayload(`hot-${++calls}`)]);
      assert.equal(answer.json.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
      return relay.connections() - beforeNone;
    });
    assert.equal(none, 1, 'one host:devices question, no daemon contacted');
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
