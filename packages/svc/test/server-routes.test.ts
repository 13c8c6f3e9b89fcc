// `svc serve` routes over real HTTP against one simulated device through real adb: every route on both spellings,
// the body rules and their status codes, the version header, and the Origin / Host checks.
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { svcVersion } from '../src/core/version.ts';
import { getJson, type LabServer, postJson, rawGet, sleepExecution, startLabServer } from './server-helpers.ts';

let env: LabServer;
let serial: string;
before(async () => {
  env = await startLabServer([{}], { allowOrigins: ['http://localhost:5173'] });
  serial = env.lab.devices[0]!.serial;
});
after(() => env.close());

type Envelope = {
  commandId: string;
  status: string;
  stepResults: { id: string; success: boolean; data: Record<string, string> }[];
};

describe('svc serve routes against a simulated device', () => {
  it('lists the simulated device on GET /devices with the version header', async () => {
    const response = await getJson(env.url, '/devices');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-svc-version'), svcVersion());
    assert.deepEqual(response.body, {
      ok: true,
      devices: [
        {
          serial,
          state: 'device',
          product: 'pixel_7',
          model: 'Pixel_7',
          device: 'pixel_7',
          driver: 'operator',
          operatorPackage: 'com.svc.operator',
        },
      ],
    });
  });

  it('runs POST /execute and answers the run result with terminalSource', async () => {
    const execution = sleepExecution();
    const response = await postJson(env.url, '/execute', { execution, deviceId: serial });
    assert.equal(response.status, 200);
    assert.equal(response.body.ok, true);
    assert.equal(response.body.deviceId, serial);
    assert.equal(response.body.terminalSource, 'svc_result');
    const envelope = response.body.envelope as Envelope;
    assert.equal(envelope.commandId, execution.commandId);
    assert.equal(envelope.status, 'success');
    assert.deepEqual(
      envelope.stepResults.map((s) => [s.id, s.success]),
      [['nap', true]],
    );
  });

  it('accepts both operator package spellings and reports a package that is not installed', async () => {
    for (const key of ['operatorPackage', 'receiverPackage']) {
      const ok = await postJson(env.url, '/execute', { execution: sleepExecution(), [key]: 'com.svc.operator' });
      assert.equal(ok.status, 200, key);
      const missing = await postJson(env.url, '/execute', {
        execution: sleepExecution(),
        [key]: 'com.not.there',
        driver: 'operator',
      });
      assert.equal(missing.status, 500, key);
      assert.equal(missing.body.error?.code, 'OPERATOR_NOT_INSTALLED');
      // With the driver left to auto, a device without that operator is driven with adb instead.
      const auto = await postJson(env.url, '/execute', { execution: sleepExecution(), [key]: 'com.not.there' });
      assert.equal(auto.status, 200, key);
      assert.equal(auto.body.driver, 'adb');
    }
    const conflict = await postJson(env.url, '/execute', {
      execution: sleepExecution(),
      operatorPackage: 'com.svc.operator',
      receiverPackage: 'com.other',
    });
    assert.equal(conflict.status, 400);
    assert.equal(conflict.body.error?.code, 'EXECUTION_VALIDATION_FAILED');
  });

  for (const path of ['/snapshot', '/observe/snapshot']) {
    it(`returns the UI hierarchy from POST ${path} with serve-snap ids`, async () => {
      const response = await postJson(env.url, path, {});
      assert.equal(response.status, 200);
      const envelope = response.body.envelope as Envelope;
      assert.match(envelope.commandId, /^serve-snap-\d+-[0-9a-f]{24}$/);
      assert.equal(envelope.stepResults[0]?.id, 'snap');
      assert.match(envelope.stepResults[0]?.data.text ?? '', /<hierarchy/);
    });
  }

  for (const path of ['/screenshot', '/observe/screenshot']) {
    it(`writes a PNG from POST ${path} at the requested path with serve-shot ids`, async () => {
      const file = join(await mkdtemp(join(env.lab.home, 'shot-')), 'screen.png');
      const response = await postJson(env.url, path, { path: file, deviceId: serial });
      assert.equal(response.status, 200);
      const envelope = response.body.envelope as Envelope;
      assert.match(envelope.commandId, /^serve-shot-\d+-[0-9a-f]{24}$/);
      assert.equal(envelope.stepResults[0]?.id, 'shot');
      assert.equal(envelope.stepResults[0]?.data.path, file);
      const png = await readFile(file);
      assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    });
  }

  it('refuses a blank screenshot path with 400', async () => {
    const response = await postJson(env.url, '/screenshot', { path: ' ' });
    assert.equal(response.status, 400);
    assert.equal(response.body.error?.details?.path, 'path');
  });

  it('answers each body rule with its status and code', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/execute', '{"execution": ', 400, 'INVALID_JSON'],
      ['/execute', '[1,2]', 400, 'EXECUTION_VALIDATION_FAILED'],
      ['/snapshot', '"snap"', 400, 'EXECUTION_VALIDATION_FAILED'],
      ['/execute', { deviceId: serial }, 400, 'MISSING_EXECUTION'],
      ['/execute', { execution: sleepExecution(), deviceId: 12 }, 400, 'EXECUTION_VALIDATION_FAILED'],
      ['/execute', { execution: { ...sleepExecution(), timeoutMs: 5 } }, 400, 'EXECUTION_VALIDATION_FAILED'],
      ['/execute', { execution: { pad: 'z'.repeat(110_000) } }, 413, 'PAYLOAD_TOO_LARGE'],
      ['/execute', { execution: sleepExecution(), deviceId: 'no-such-device' }, 404, 'DEVICE_NOT_FOUND'],
      ['/snapshot', { deviceId: 'no-such-device' }, 404, 'DEVICE_NOT_FOUND'],
    ];
    for (const [path, body, status, code] of cases) {
      const response = await postJson(env.url, path, body);
      assert.equal(response.status, status, `${path} ${String(body).slice(0, 40)}`);
      assert.equal(response.body.ok, false);
      assert.equal(response.body.error?.code, code);
      assert.equal(response.headers.get('x-svc-version'), svcVersion());
    }
  });

  it('names the invalid field of a rejected execution in details.path', async () => {
    const execution = { ...sleepExecution(), actions: [{ id: 'a', type: 'sleep', params: { durationMs: -1 } }] };
    const response = await postJson(env.url, '/execute', { execution });
    assert.equal(response.status, 400);
    assert.equal(response.body.error?.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(typeof response.body.error?.details?.path, 'string');
  });

  it('refuses an Origin that is not allow-listed and a non-loopback Host with 403', async () => {
    const host = new URL(env.url).host;
    const evil = await rawGet(env.url, '/devices', { host, origin: 'https://evil.example' });
    assert.equal(evil.status, 403);
    assert.equal(evil.body.error?.code, 'ORIGIN_FORBIDDEN');
    const allowed = await rawGet(env.url, '/devices', { host, origin: 'http://localhost:5173' });
    assert.equal(allowed.status, 200);
    const rebound = await rawGet(env.url, '/devices', { host: 'attacker.example' });
    assert.equal(rebound.status, 403);
    assert.equal(rebound.body.error?.code, 'HOST_FORBIDDEN');
    const localhost = await rawGet(env.url, '/devices', { host: `localhost:${env.running.port}` });
    assert.equal(localhost.status, 200);
  });
});
