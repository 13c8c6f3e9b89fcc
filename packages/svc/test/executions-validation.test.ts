// EXECUTION_VALIDATION_FAILED and PAYLOAD_TOO_LARGE end to end (issue 4 proof): the table of invalid payloads, one per
// rule of SPEC parts 2 and 8, runs through runExecution against a simulated device behind real adb, and through the
// CLI process for a sample. Each must name its exact path, and nothing may reach the device (validation happens
// before any adb call).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { INVALID_PARAMS } from '../src/contracts/test-support/invalid-params.ts';
import { INVALID_PARAMS_MORE } from '../src/contracts/test-support/invalid-params-more.ts';
import { INVALID_TOP_LEVEL } from '../src/contracts/test-support/invalid-top-level.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';
import { runCliJson } from './run-cli.ts';

const INVALID = [...INVALID_TOP_LEVEL, ...INVALID_PARAMS, ...INVALID_PARAMS_MORE];

/** A payload whose normalized JSON is over 64000 bytes but valid in every other way. */
const oversized = () =>
  payload([{ id: 'type', type: 'enter_text', params: { matcher: { textEquals: 'x' }, text: 'a'.repeat(64_500) } }]);

describe('invalid executions against a simulated device', () => {
  let lab: Lab;
  let serial: string;
  const deviceCommands = () => lab.devices[0]?.device.commandLog.length ?? -1;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
  });
  after(async () => {
    await lab?.close();
  });

  test(`each of the ${INVALID.length} invalid payloads fails with its exact path and never reaches the device`, async () => {
    assert.ok(INVALID.length >= 60);
    const before = deviceCommands();
    const wrong: string[] = [];
    for (const c of INVALID) {
      const result = await runExecution(labContext(lab), { execution: c.input, deviceId: serial });
      const error = result.ok ? undefined : result.error;
      if (error?.code !== 'EXECUTION_VALIDATION_FAILED' || error.details?.path !== c.path) {
        wrong.push(`${c.rule}: ${JSON.stringify(error ?? result)}`);
      } else if (c.actionType !== undefined && error.details?.actionType !== c.actionType) {
        wrong.push(`${c.rule}: actionType ${String(error.details?.actionType)}`);
      }
    }
    assert.deepEqual(wrong, []);
    assert.equal(deviceCommands(), before, 'no shell command reached the device');
  });

  test('a payload over 64000 bytes fails with PAYLOAD_TOO_LARGE before any device command', async () => {
    const before = deviceCommands();
    const result = await runExecution(labContext(lab), { execution: oversized(), deviceId: serial });
    assert.equal(result.ok ? 'ok' : result.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(!result.ok && result.error.details?.limit, 64_000);
    assert.equal(deviceCommands(), before);
  });

  test('the CLI reports a sample of the table and PAYLOAD_TOO_LARGE as { code, message, details } with exit 1', async () => {
    // A missing commandId, taskId, source or format is filled in by `svc exec`; a wrong one is still refused.
    const sample = [INVALID_TOP_LEVEL[8], INVALID_PARAMS[3], INVALID_PARAMS_MORE[7]].filter((c) => c !== undefined);
    assert.equal(sample.length, 3);
    const before = deviceCommands();
    for (const c of sample) {
      const run = await runCliJson(['exec', JSON.stringify(c.input), '--device', serial], { env: lab.env });
      assert.equal(run.code, 1, c.rule);
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', c.rule);
      assert.equal(run.json.details.path, c.path, c.rule);
    }
    const big = await runCliJson(['exec', '-', '--device', serial], {
      env: lab.env,
      input: JSON.stringify(oversized()),
    });
    assert.equal(big.code, 1);
    assert.equal(big.json.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(deviceCommands(), before);
  });
});
