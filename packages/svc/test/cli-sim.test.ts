// `svc sim start|list|stop`: simulated devices started from svc-sim and connected to the user's adb server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { collectOutput, isolatedEnv, MAIN, runCliJson } from './run-cli.ts';

const SIM_MAIN = fileURLToPath(new URL('../../sim/bin/svc-sim.js', import.meta.url));

/** The `svc-sim` command (faults, device states), as a user runs it. */
function runSimCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [SIM_MAIN, ...args], {
    env: isolatedEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collectOutput(child);
}

describe('svc sim', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('sim start runs in the foreground, sim list shows what adb says, the device survives adb kill-server, sim stop leaves no entry', async () => {
    const child = spawn(process.execPath, [MAIN, 'sim', 'start', '--adb-port', String(lab.adbPort)], {
      env: { ...process.env, ...lab.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('control:')) resolve();
      });
      child.on('exit', () => reject(new Error(`sim start exited early:\n${out}`)));
    });
    try {
      const serial = /connected to (\S+)/.exec(out)?.[1];
      assert.ok(serial, out);
      await lab.waitForState(serial, 'device');
      const adbStateOf = async () => {
        const list = await runCliJson(['sim', 'list'], { env: lab.env });
        assert.equal(list.code, 0);
        return (list.json as { serial: string; adbState: string; state: string }[]).find((d) => d.serial === serial);
      };
      assert.deepEqual(await adbStateOf().then((d) => [d?.adbState, d?.state]), ['device', 'device']);
      // A new user's `adb kill-server`: the list says what adb says, not what the simulator thinks.
      await lab.adb('kill-server');
      assert.equal((await adbStateOf())?.adbState, 'no adb server');
      await lab.adb('start-server');
      // The device comes back by itself, as `adb connect` would bring it back.
      await lab.waitForState(serial, 'device');
      assert.equal((await adbStateOf())?.adbState, 'device');
      const fault = await runSimCli(['fault', serial, 'bogus'], lab.env);
      assert.equal(fault.code, 1);
      assert.match(fault.stderr, /unknown fault bogus; faults: .*drop_next_envelope/);
      // A serial no simulator serves is an error in svc's terms (it was svc-sim's plain text, even with JSON output),
      // naming the devices that do run; none of them is stopped.
      const wrong = await runCliJson(['sim', 'stop', 'nope'], { env: lab.env });
      assert.equal(wrong.code, 1, wrong.stdout + wrong.stderr);
      assert.equal(wrong.json.code, 'DEVICE_NOT_FOUND', wrong.stdout);
      assert.match(wrong.json.message, /No simulated device nope is running/);
      assert.ok(wrong.json.hint.includes(serial), wrong.json.hint);
      assert.doesNotMatch(wrong.stdout + wrong.stderr, /svc-sim/);
      assert.equal((await adbStateOf())?.state, 'device');
      const stop = await runCliJson(['sim', 'stop'], { env: lab.env });
      assert.deepEqual([stop.code, stop.json], [0, { ok: true, stopped: 'all' }]);
      assert.equal(await exited, 0);
      const none = await runCliJson(['sim', 'stop', serial], { env: lab.env });
      assert.equal(none.json.code, 'DEVICE_NOT_FOUND', none.stdout);
      assert.match(none.json.hint, /start one with `svc sim start`/);
      // Stopped devices leave the adb server: no `offline` entry stays behind.
      await lab.waitForState(serial, 'gone');
    } finally {
      child.kill('SIGINT');
    }
  });
});

test('sim start starts an adb server when none runs on the port, so the device ends up connected', async () => {
  const port = String(await freePort());
  const home = await mkdtemp(join(tmpdir(), 'svc-sim-home-'));
  const env = { ANDROID_ADB_SERVER_PORT: port, HOME: home, SVC_SIM_HOME: join(home, '.svc-sim') };
  const child = spawn(process.execPath, [MAIN, 'sim', 'start'], {
    env: { ...process.env, ADB_SERVER_SOCKET: '', ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('control:')) resolve();
      });
      child.on('exit', () => reject(new Error(`sim start exited early:\n${out}`)));
    });
    const serial = /connected to (\S+)/.exec(out)?.[1];
    assert.ok(serial, out);
    const devices = await runCliJson(['devices'], { env });
    assert.deepEqual(
      devices.json.map((d: { serial: string; state: string; driver: string }) => [d.serial, d.state, d.driver]),
      [[serial, 'device', 'operator']],
    );
    assert.equal((await runCliJson(['sim', 'stop'], { env })).code, 0);
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGINT');
    await new Promise<void>((resolve) => {
      const kill = spawn('adb', ['-P', port, 'kill-server'], { stdio: 'ignore' });
      kill.on('exit', () => resolve());
      kill.on('error', () => resolve());
    });
  }
});
