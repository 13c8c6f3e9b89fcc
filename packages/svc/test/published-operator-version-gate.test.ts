// The published operator's supported versions (0.5.0–0.5.3) are held at run time, not only by doctor: `auto` passes
// over an installed Clawperator outside them and drives the phone with adb, `--driver operator` is refused with
// VERSION_INCOMPATIBLE and a hint that names the way to accept the risk, and that override (flag, environment, HTTP
// and MCP field) drives it anyway. The simulator runs Clawperator's code with a later versionName (0.6.0), as a phone
// with the current stable download would report it in `dumpsys package` (versionName, app.gradle.kts:19-52 @ v0.5.2).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, type Loose, textOf } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

describe('a published operator outside the supported versions', () => {
  let lab: Lab;
  let later: string;
  let supported: string;
  let server: RunningServer;
  before(async () => {
    lab = await createLab({
      devices: [
        { operator: { variant: 'clawperator', versionName: '0.6.0' } },
        { operator: { variant: 'clawperator', versionName: '0.5.3' } },
      ],
    });
    later = lab.devices[0]?.serial as string;
    supported = lab.devices[1]?.serial as string;
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
      host: '127.0.0.1',
      port: 0,
    });
  });
  after(async () => {
    await server?.close();
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });
  const svc = (serial: string, args: string[], env: Record<string, string> = {}) =>
    runCliJson([...args, '--device', serial], { env: { ...lab.env, ...env } });
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/snapshot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Loose };
  };

  test('auto drives a phone with a later Clawperator with adb, and one inside the range with the operator', async () => {
    for (const daemon of [['--no-daemon'], []]) {
      const out = await svc(later, ['snapshot', ...daemon]);
      assert.equal(out.code, 0, out.stdout);
      assert.equal(out.json.driver, 'adb', out.stdout);
      const inRange = await svc(supported, ['snapshot', ...daemon]);
      assert.equal(inRange.json.driver, 'operator', inRange.stdout);
    }
    const devices = await runCliJson(['devices'], { env: lab.env });
    const listed = (devices.json as { serial: string; driver: string }[]).find((d) => d.serial === later);
    assert.equal(listed?.driver, 'adb', devices.stdout);
  });

  test('--driver operator is VERSION_INCOMPATIBLE with the version, the range and how to accept the risk', async () => {
    const sent = () => lab.devices[0]?.device.commandLog.filter((c) => c.startsWith('am broadcast')).length ?? 0;
    const before = sent();
    for (const daemon of [['--no-daemon'], []]) {
      const out = await svc(later, ['snapshot', '--driver', 'operator', ...daemon]);
      assert.equal(out.code, 1, out.stdout);
      assert.equal(out.json.code, 'VERSION_INCOMPATIBLE', out.stdout);
      assert.equal(out.json.details.operatorVersion, '0.6.0');
      assert.equal(out.json.details.supportedRange, '0.5.0–0.5.3');
      assert.match(out.json.hint, /--allow-untested-operator/);
      assert.match(out.json.hint, /--driver adb/);
    }
    const http = await post({ deviceId: later, driver: 'operator' });
    assert.equal(http.json.error?.code, 'VERSION_INCOMPATIBLE', JSON.stringify(http.json));
    assert.match(http.json.error?.hint, /allowUntestedOperator/);
    assert.equal(sent(), before, 'nothing was broadcast to the operator');
  });

  test('the override drives it with the operator: flag, environment and HTTP field, directly and through the daemon', async () => {
    for (const daemon of [['--no-daemon'], []]) {
      const flag = await svc(later, ['snapshot', '--driver', 'operator', '--allow-untested-operator', ...daemon]);
      assert.equal(flag.code, 0, flag.stdout);
      assert.equal(flag.json.driver, 'operator');
      const env = await svc(later, ['snapshot', ...daemon], { SVC_ALLOW_UNTESTED_OPERATOR: '1' });
      assert.equal(env.json.driver, 'operator', env.stdout);
    }
    const http = await post({ deviceId: later, driver: 'operator', allowUntestedOperator: true });
    assert.equal(http.status, 200, JSON.stringify(http.json));
    assert.equal(http.json.driver, 'operator');
    const wrong = await post({ deviceId: later, allowUntestedOperator: 'yes' });
    assert.equal(wrong.json.error?.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(wrong.json.error?.details?.path, 'allowUntestedOperator');
  });

  test('MCP execute takes the override too, and without it names the version', async () => {
    const mcp = await connectStdio([], isolatedEnv(lab.env), mkdtempSync(join(tmpdir(), 'svc-gate-')));
    try {
      const execution = {
        commandId: `gate-${Date.now()}`,
        taskId: 'gate',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 10000,
        actions: [{ id: 'snap', type: 'snapshot_ui' }],
      };
      const call = (extra: Record<string, unknown>) =>
        mcp.client.callTool({
          name: 'execute',
          arguments: { execution, deviceId: later, driver: 'operator', ...extra },
        });
      assert.match(textOf(await call({})), /VERSION_INCOMPATIBLE/);
      const allowed = textOf(
        await call({ allowUntestedOperator: true, execution: { ...execution, commandId: `${execution.commandId}-2` } }),
      );
      assert.doesNotMatch(allowed, /VERSION_INCOMPATIBLE|FAILED/, allowed);
    } finally {
      await mcp.close();
    }
  });
});
