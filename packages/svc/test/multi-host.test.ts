// Devices across hosts: two adb servers on different local ports, each with its own simulated devices, pooled by
// SVC_ADB_SERVERS (or --adb-server). Ids name their server; the per-device lock and daemons keep working; a host
// whose adb server goes away mid-execution gives that execution one clear result, and the other host carries on.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, jsonOf, type Loose } from './mcp-client.ts';
import { waitFor } from './reliability-helpers.ts';
import { isolatedEnv, MAIN, runCliJson } from './run-cli.ts';

describe('devices across two adb servers', () => {
  let labA: Lab;
  let labB: Lab;
  let simA: SimDevice;
  let simB: SimDevice;
  let env: Record<string, string>;
  let idA: string;
  let idB: string;
  const svc = (...args: string[]) => runCliJson(args, { env });

  before(async () => {
    [labA, labB] = await Promise.all([createLab({ devices: [{}] }), createLab({ devices: [{}] })]);
    simA = labA.devices[0] as SimDevice;
    simB = labB.devices[0] as SimDevice;
    const servers = `tcp:127.0.0.1:${labA.adbPort},tcp:127.0.0.1:${labB.adbPort}`;
    env = { ...labA.env, SVC_ADB_SERVERS: servers };
    idA = `127.0.0.1:${labA.adbPort}/${simA.serial}`;
    idB = `127.0.0.1:${labB.adbPort}/${simB.serial}`;
  });
  after(async () => {
    if (labA) await stopDaemonsOf(labA.home);
    await Promise.all([labA?.close(), labB?.close()]);
  });

  test('devices lists both servers’ devices under ids that name their server; --adb-server does the same', async () => {
    const listed = await svc('devices');
    assert.equal(listed.code, 0, listed.stdout);
    const ids = (json: { serial: string; state: string }[]) => json.map(({ serial, state }) => ({ serial, state }));
    const expected = [
      { serial: idA, state: 'device' },
      { serial: idB, state: 'device' },
    ];
    assert.deepEqual(ids(listed.json), expected);
    const flags = await runCliJson(
      ['devices', '--adb-server', `tcp:127.0.0.1:${labA.adbPort}`, '--adb-server', `tcp:127.0.0.1:${labB.adbPort}`],
      { env: labA.env },
    );
    assert.deepEqual(ids(flags.json), expected);
    const bad = await runCliJson(['devices', '--adb-server', 'h1:5037'], { env: labA.env });
    assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(bad.json.details.path, '--adb-server');
    // A server svc was pointed at and cannot reach: the hint names that server, never the default one's restart.
    const away = await runCliJson(['devices', '--adb-server', 'tcp:127.0.0.2:9'], { env: labA.env });
    assert.equal(away.json.code, 'ADB_SERVER_FAILED', away.stdout);
    assert.match(away.json.hint, /Start the adb server at 127\.0\.0\.2:9 on its computer/);
    assert.doesNotMatch(away.json.hint, /kill-server/);
    // One of two that does not answer: the other's devices are listed, and the silent one is named, not dropped
    // without a word. stdout keeps the plain list; the warning is on stderr, and in the MCP tool's answer.
    const dead = await freePort();
    const halfway = await runCliJson(
      ['devices', '--adb-server', `tcp:127.0.0.1:${labA.adbPort}`, '--adb-server', `tcp:127.0.0.1:${dead}`],
      { env: labA.env },
    );
    assert.equal(halfway.code, 0, halfway.stdout + halfway.stderr);
    assert.deepEqual(ids(halfway.json), [expected[0]]);
    assert.match(
      halfway.stderr,
      new RegExp(
        `^warning: the adb server at 127\\.0\\.0\\.1:${dead} did not answer \\(.+\\), so its devices are not listed\\. Start the adb server at 127\\.0\\.0\\.1:${dead} on its computer`,
        'm',
      ),
    );
    const session = await connectStdio(
      ['--no-daemon'],
      isolatedEnv({ ...labA.env, SVC_ADB_SERVERS: `tcp:127.0.0.1:${labA.adbPort},tcp:127.0.0.1:${dead}` }),
      labA.home,
    );
    try {
      const answer = jsonOf((await session.client.callTool({ name: 'devices', arguments: {} })) as Loose);
      assert.deepEqual(
        answer.devices.map((d: { serial: string }) => d.serial),
        [idA],
      );
      assert.deepEqual(
        answer.silent.map((s: { adbServer: string }) => s.adbServer),
        [`127.0.0.1:${dead}`],
      );
      assert.match(answer.silent[0].hint, /Start the adb server at/);
      assert.ok(answer.silent[0].cause.length > 0, 'how it failed is kept');
    } finally {
      await session.close();
    }
    // With both answering, nothing is said.
    assert.equal(listed.stderr, '');
  });

  test('the HTTP server pools the same servers: GET /devices and a device tool on each host', async () => {
    const ctx = createContext({ env: { ...process.env, ...env }, cwd: labA.home });
    try {
      const { app } = createServerApp(ctx, { auth: 'none' });
      const devices = (await (await app.fetch(new Request('http://localhost/devices'))).json()) as {
        devices: { serial: string }[];
      };
      assert.deepEqual(
        devices.devices.map((d: { serial: string }) => d.serial),
        [idA, idB],
      );
      const screen = await app.fetch(
        new Request('http://localhost/tools/screen', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: idB }),
        }),
      );
      assert.equal(((await screen.json()) as { deviceId: string }).deviceId, idB);
      assert.equal((devices as { silent?: unknown }).silent, undefined, 'both answer: nothing to say');
    } finally {
      await ctx.close();
    }
    // One of the two does not answer: the other's devices, and the silent one named with what to do.
    const dead = await freePort();
    const halfway = createContext({
      env: { ...process.env, ...labA.env, SVC_ADB_SERVERS: `tcp:127.0.0.1:${labA.adbPort},tcp:127.0.0.1:${dead}` },
      cwd: labA.home,
    });
    try {
      const { app } = createServerApp(halfway, { auth: 'none' });
      const response = await app.fetch(new Request('http://localhost/devices'));
      assert.equal(response.status, 200);
      const body = (await response.json()) as {
        devices: { serial: string }[];
        silent: { adbServer: string; hint: string }[];
      };
      assert.deepEqual(
        body.devices.map((d) => d.serial),
        [idA],
      );
      assert.deepEqual(
        body.silent.map((s) => s.adbServer),
        [`127.0.0.1:${dead}`],
      );
      assert.match(body.silent[0]?.hint ?? '', /Start the adb server at 127\.0\.0\.1:\d+ on its computer/);
    } finally {
      await halfway.close();
    }
  });

  test('svc serve --adb-server (repeated) and svc mcp with SVC_ADB_SERVERS list and reach both hosts', async () => {
    const servers = [`tcp:127.0.0.1:${labA.adbPort}`, `tcp:127.0.0.1:${labB.adbPort}`];
    const argv = [MAIN, 'serve', '--port', '0', ...servers.flatMap((server) => ['--adb-server', server])];
    const child = spawn(process.execPath, argv, { env: isolatedEnv(labA.env), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        const seen = (chunk: Buffer) => {
          text += chunk.toString('utf8');
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
          if (m) resolve(m[1] as string);
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
        child.on('close', () => reject(new Error(`svc serve ended: ${text}`)));
      });
      const token = readFileSync(join(labA.home, '.svc', 'server-token'), 'utf8').trim();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const listed = (await (await fetch(`${url}/devices`, { headers })).json()) as { devices: { serial: string }[] };
      assert.deepEqual(
        listed.devices.map((d) => d.serial),
        [idA, idB],
      );
      const front = await fetch(`${url}/tools/foreground`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deviceId: idB }),
      });
      assert.equal(((await front.json()) as { deviceId: string }).deviceId, idB);
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('close', resolve));
    }
    const session = await connectStdio(['--no-daemon'], isolatedEnv(env), labA.home);
    try {
      const devices = (await session.client.callTool({ name: 'devices', arguments: {} })) as Loose;
      assert.deepEqual(
        jsonOf(devices).devices.map((d: { serial: string }) => d.serial),
        [idA, idB],
      );
      const screen = (await session.client.callTool({ name: 'screen', arguments: { deviceId: idA } })) as Loose;
      assert.equal(jsonOf(screen).deviceId, idA);
    } finally {
      await session.close();
    }
  });

  test('executions (through each device’s daemon) and device tools reach each host', async () => {
    const [a, b] = await Promise.all([svc('snapshot', '--device', idA), svc('snapshot', '--device', idB)]);
    assert.equal(a.code, 0, a.stdout);
    assert.equal(b.code, 0, b.stdout);
    assert.deepEqual([a.json.deviceId, b.json.deviceId], [idA, idB]);
    await svc('open', 'com.android.settings', '--device', idB);
    const front = await svc('foreground', '--device', idB);
    assert.equal(front.json.deviceId, idB);
    assert.equal(front.json.package, 'com.android.settings');
  });

  test('a plain serial names the one device that has it; a serial on two hosts must be named in full', async () => {
    assert.equal((await svc('screen', '--device', simA.serial)).json.deviceId, idA);
    assert.equal((await labB.adb('connect', simA.serial)).code, 0);
    await labB.waitForState(simA.serial, 'device');
    try {
      const both = await svc('screen', '--device', simA.serial);
      assert.equal(both.json.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', both.stdout);
      assert.deepEqual(both.json.details.connected, [idA, `127.0.0.1:${labB.adbPort}/${simA.serial}`]);
      assert.equal((await svc('screen', '--device', idA)).code, 0);
    } finally {
      await labB.adb('disconnect', simA.serial);
      await labB.waitForState(simA.serial, 'gone');
    }
    const unknown = await svc('screen', '--device', `10.9.9.9:5037/${simA.serial}`);
    assert.equal(unknown.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(unknown.json.details.path, '--device');
  });

  test('the lock is per device: a busy device on one host refuses, the other host’s device runs', async () => {
    const busy = svc('sleep', '3000', '--device', idA);
    await sleep(1200);
    const [refused, other] = await Promise.all([svc('snapshot', '--device', idA), svc('snapshot', '--device', idB)]);
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT', refused.stdout);
    assert.equal(other.code, 0, other.stdout);
    assert.equal((await busy).code, 0);
  });

  const twoSteps = (commandId: string) =>
    JSON.stringify({
      commandId,
      taskId: commandId,
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10000,
      actions: [
        { id: 'wait', type: 'sleep', params: { durationMs: 3000 } },
        { id: 'snap', type: 'snapshot_ui' },
      ],
    });
  /** Host A's lock files, each told apart by inode and time (a settling lock is rewritten in place). */
  const locksOfA = () => {
    const dir = join(labA.home, '.svc', 'locks');
    try {
      return readdirSync(dir)
        .filter((name) => name.endsWith('.lock'))
        .map((name) => {
          const stat = statSync(join(dir, name));
          return `${name}:${stat.ino}:${stat.mtimeMs}`;
        });
    } catch {
      return [];
    }
  };
  /**
   * Starts the CLI and comes back once its execution holds the device (a new lock file) and its first step had a
   * moment to begin. A fixed 1.5 s from the start raced the CLI's own start-up on a loaded machine: the adb server
   * was killed before the device was resolved (DEVICE_NOT_FOUND instead of the loss mid-execution under test).
   */
  async function holdingA(...args: string[]): Promise<{ run: ReturnType<typeof svc> }> {
    const before = new Set(locksOfA());
    const run = svc(...args);
    await waitFor('the execution to hold the device', () => locksOfA().some((id) => !before.has(id)), 30_000);
    await sleep(500);
    return { run };
  }
  const restartServerA = async () => {
    await labA.adb('start-server');
    await labA.adb('connect', simA.serial);
    await labA.waitForState(simA.serial, 'device');
  };

  test('a host whose adb server comes back before the deadline still delivers the result', async () => {
    const { run: running } = await holdingA(
      'exec',
      twoSteps('host-back'),
      '--device',
      idA,
      '--no-daemon',
      '--driver',
      'operator',
    );
    await labA.adb('kill-server');
    await sleep(300);
    await restartServerA();
    const result = await running;
    assert.equal(result.code, 0, result.stdout);
    assert.equal(result.json.envelope.commandId, 'host-back');
    assert.deepEqual(
      result.json.envelope.stepResults.map((s: { success: boolean }) => s.success),
      [true, true],
    );
  });

  test('with the adb driver, a host lost mid-execution keeps the steps that ran and names ADB_SERVER_LOST', async () => {
    const { run: doomed } = await holdingA(
      'exec',
      twoSteps('host-lost-adb'),
      '--device',
      idA,
      '--no-daemon',
      '--driver',
      'adb',
    );
    await labA.adb('kill-server');
    const other = await svc('snapshot', '--device', idB, '--no-daemon', '--driver', 'adb');
    const result = await doomed;
    try {
      assert.equal(other.code, 0, other.stdout);
      assert.equal(result.code, 1);
      assert.equal(result.json.failedCode, 'ADB_SERVER_LOST', result.stdout);
      assert.equal(result.json.deviceId, idA);
      const [slept, snap] = result.json.envelope.stepResults;
      assert.deepEqual([slept.id, slept.success], ['wait', true], 'the step that ran is in the result');
      assert.deepEqual([snap.id, snap.success, snap.data.error], ['snap', false, 'ADB_SERVER_LOST']);
      assert.match(snap.data.message, /may have run/);
    } finally {
      await restartServerA();
    }
  });

  test('a host going away mid-execution: one clear failure, the lock freed, the other host unaffected', async () => {
    const payload = {
      commandId: 'lost-host',
      taskId: 'lost-host',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 6000,
      actions: [{ id: 'wait', type: 'sleep', params: { durationMs: 3000 } }],
    };
    const { run: doomed } = await holdingA('exec', JSON.stringify(payload), '--device', idA, '--no-daemon');
    await labA.adb('kill-server');
    const other = await svc('snapshot', '--device', idB, '--no-daemon');
    const result = await doomed;
    assert.equal(other.code, 0, other.stdout);
    assert.equal(result.code, 1);
    assert.equal(result.json.code, 'ADB_SERVER_LOST', result.stdout);
    assert.equal(result.json.details.deviceId, idA);
    assert.match(result.json.message, /may have run/);
    // After the settle window of a timed-out execution (2 s), the lock is free: the next call says the host is gone.
    await sleep(2500);
    const next = await svc('snapshot', '--device', idA, '--no-daemon');
    assert.equal(next.json.code, 'DEVICE_NOT_FOUND', next.stdout);
    const left = (await svc('devices')).json as { serial: string }[];
    assert.deepEqual(
      left.map((d) => d.serial),
      [idB],
      'the other host is listed',
    );
  });
});
