// A '%' in what the published operator logs (issue 35, 3b). The app logs a failure's text through its Log.e(message,
// cause), which counts the '%' and then lets Timber run String.format over the text (Log.kt:41-71,
// TaskRunnerManagerDefault.kt:74 and :83, OperatorCommandReceiver.kt:83-86 @ v0.5.2): one '%' that is not a format
// turns the failure into a java.util.Formatter exception's message; two or more throw out of the catch at :83 and end
// the app's process, so no result comes. The simulator runs that logging (packages/sim/src/operator/timber-format.ts,
// its Formatter held to a real JVM in formatter-cases.test.ts). svc refuses ids with '%' for the operator, and a run
// with a '%' that timed out names the crash in its hint.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { newIds } from '../src/builders/cli-ids.ts';
import { ACTION_DEFINITIONS } from '../src/contracts/actions/index.ts';
import { mcpIds } from '../src/mcp/run-on-device.ts';
import { serveIds } from '../src/server/built-executions.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCliJson } from './run-cli.ts';

const execution = (uri: string, ids: { commandId?: string; taskId?: string } = {}) => ({
  commandId: ids.commandId ?? `pct-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`,
  taskId: ids.taskId ?? 'pct',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 3000,
  // No app opens the scheme: the app throws URI_NOT_HANDLED with the URI in its text (TaskScopeDefault.kt:196-206).
  actions: [{ id: 'u', type: 'open_uri', params: { uri, retry: { maxAttempts: 1 } } }],
});

describe("a '%' in what the published operator logs (real adb, Clawperator's code)", () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
    serial = lab.devices[0]?.serial as string;
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });
  const exec = (body: unknown, ...extra: string[]) =>
    runCliJson(['exec', JSON.stringify(body), '--device', serial, ...extra], { env: lab.env });
  const broadcasts = () => lab.devices[0]?.device.commandLog.filter((c) => c.startsWith('am broadcast')).length ?? 0;

  test('ids svc makes never hold a %', () => {
    const names = ACTION_DEFINITIONS.flatMap((d) => [d.type, ...(d.cli ?? []).map((c) => c.verb), d.mcp?.name ?? '']);
    for (const name of [...names, 'exec', 'execute', 'snapshot', 'screenshot', 'demo']) {
      for (const ids of [newIds(name), mcpIds(name), serveIds(name)]) {
        assert.ok(!`${ids.commandId}${ids.taskId}`.includes('%'), JSON.stringify(ids));
      }
    }
  });

  test("a commandId or taskId with '%' is refused for the operator with its path and a hint, before anything is sent", async () => {
    const before = broadcasts();
    for (const field of ['commandId', 'taskId'] as const) {
      const run = await exec(execution('nope://x', { [field]: 'order-50%-off' }));
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', run.stdout);
      assert.equal(run.json.details.path, field);
      assert.match(run.json.hint, /without '%'/);
    }
    assert.equal(broadcasts(), before);
    // The adb driver logs nothing through the app: the same id runs there.
    const adb = await exec(execution('nope://x', { commandId: 'order-50%-off' }), '--driver', 'adb');
    assert.equal(adb.json.ok, true, adb.stdout);
  });

  test("one '%' that is not a format: the app's failure text becomes the Formatter exception's message", async () => {
    const run = await exec(execution('nope://50%off'));
    assert.equal(run.json.envelope?.status, 'failed', run.stdout);
    // "%o" is an octal conversion, which a Throwable argument cannot take.
    assert.equal(run.json.envelope.error, 'o != java.lang.IllegalStateException');
  });

  test("the app itself, sent an id with '%' directly: the failure's result comes, then its logging of the ids ends the app", async () => {
    // What svc refuses to send, sent with adb as any client could (OperatorCommandReceiver.kt:83-86).
    await lab.adb('-s', serial, 'logcat', '-c', '-b', 'crash');
    const payload = JSON.stringify(execution('nope://x', { commandId: 'raw-50%-off-%d' }));
    const sent = await lab.adb(
      '-s',
      serial,
      'shell',
      `am broadcast -a app.clawperator.operator.ACTION_AGENT_COMMAND -p com.clawperator.operator --es payload '${payload}'`,
    );
    assert.match(sent.stdout, /Broadcast completed/);
    let crash = '';
    for (let i = 0; i < 50 && !/FATAL EXCEPTION/.test(crash); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      crash = (await lab.adb('-s', serial, 'logcat', '-d', '-b', 'crash')).stdout;
    }
    assert.match(crash, /Message contains 2 placeholders/);
    const main = (await lab.adb('-s', serial, 'logcat', '-d')).stdout;
    assert.match(
      main,
      /\[Clawperator-Result\] .*"commandId":"raw-50%-off-%d"/,
      'the result was written before the crash',
    );
  });

  test("two '%' in a failure end the app: no result, and the timeout's hint names the crash", async () => {
    const run = await exec(execution('nope://a%20b%20c'));
    assert.equal(run.json.code, 'RESULT_ENVELOPE_TIMEOUT', run.stdout);
    assert.equal(run.json.details.percentInPayload, true);
    assert.match(run.json.hint, /dies when a failing step's message holds two or more '%'/);
    const crash = await lab.adb('-s', serial, 'logcat', '-d', '-b', 'crash');
    assert.match(crash.stdout, /FATAL EXCEPTION/);
    assert.match(crash.stdout, /Message contains 2 placeholders, but 1 arguments were provided/);
  });
});
