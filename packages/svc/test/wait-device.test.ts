// A bounded wait for a device busy with another execution (issue 20 item 17), on the CLI directly and through the
// device's daemon, and over HTTP: without a wait the second execution is refused at once with
// EXECUTION_CONFLICT_IN_FLIGHT; with one it runs as soon as the device is free; a wait that runs out is the same
// conflict code, saying how long it waited. (MCP, which waits 30 s by default, is in mcp-stdio.test.ts.)
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';

// Long enough that the first two CLIs below start (seconds each on a loaded machine) while the device is busy.
const BUSY_MS = 15_000;

describe('waiting for a busy device', () => {
  let lab: Lab;
  let serial: string;
  let server: RunningServer;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
      host: '127.0.0.1',
      port: 0,
    });
  });
  after(async () => {
    await stopDaemonsOf(lab.home);
    await server?.close();
    await lab?.close();
  });

  /** Starts a long execution on the device and returns (its run, wrapped) once it holds the device's lock. */
  async function occupy(): Promise<{ busy: ReturnType<typeof runCliJson> }> {
    const busy = runCliJson(['sleep', String(BUSY_MS), '--no-daemon'], { env: lab.env });
    const locks = join(lab.home, '.svc', 'locks');
    // Deterministic, not timed: the waiters go once the first execution holds the device's lock file.
    // A `.lock` file, not the temporary file it is written through (that one exists before the lock is held).
    while (!existsSync(locks) || !readdirSync(locks).some((name) => name.endsWith('.lock'))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    return { busy };
  }

  test('the CLI refuses at once without a wait, runs after the busy one with --wait-device-ms, direct and via the daemon', async () => {
    const { busy } = await occupy();
    const refused = await runCliJson(['snapshot', '--no-daemon'], { env: lab.env });
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    assert.match(refused.json.hint, /--wait-device-ms/);
    const short = await runCliJson(['snapshot', '--no-daemon', '--wait-device-ms', '300'], { env: lab.env });
    assert.equal(short.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    assert.equal(short.json.details.waitedMs, 300);
    const [direct, viaDaemon] = await Promise.all([
      runCliJson(['snapshot', '--no-daemon', '--wait-device-ms', '60000'], { env: lab.env }),
      runCliJson(['snapshot', '--wait-device-ms', '60000'], { env: lab.env }),
    ]);
    assert.equal(direct.code, 0, direct.stdout);
    assert.equal(direct.json.succeeded, true);
    assert.equal(viaDaemon.code, 0, viaDaemon.stdout);
    assert.equal(viaDaemon.json.succeeded, true);
    assert.equal((await busy).code, 0);
  });

  test('HTTP answers 423 without waitDeviceMs and the run result with it', async () => {
    const { busy } = await occupy();
    const refused = await postJson(server.url, '/snapshot', { deviceId: serial });
    assert.equal(refused.status, 423);
    assert.equal(refused.body.error?.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    const waited = await postJson(server.url, '/snapshot', { deviceId: serial, waitDeviceMs: 60000 });
    assert.equal(waited.status, 200, JSON.stringify(waited.body));
    assert.equal(waited.body.succeeded, true);
    await busy;
  });

  test('a bad --wait-device-ms is refused before anything runs, naming the flag', async () => {
    const run = await runCliJson(['snapshot', '--wait-device-ms', 'soon', '--no-daemon'], { env: lab.env });
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(run.json.details.path, '--wait-device-ms');
    const negative = await runCliJson(['snapshot', '--wait-device-ms', '-5', '--no-daemon'], { env: lab.env });
    assert.equal(negative.json.code, 'EXECUTION_VALIDATION_FAILED');
  });
});
