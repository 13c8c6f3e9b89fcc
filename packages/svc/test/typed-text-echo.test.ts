// What an agent types (a password, say) is not echoed back in the result: the enter_text step says how many
// characters were typed (`text_length`) and that the field was submitted, never the text, on both drivers and every
// surface that prints a result (CLI JSON and pretty, HTTP, the daemon). Real CLI, real adb, simulated devices.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCli, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const LOGIN = 'com.svc.login';
const SECRET = 'hunter2-Pa55';

describe('typed text in results', () => {
  let lab: Lab;
  let server: LabServer;
  before(async () => {
    [lab, server] = await Promise.all([createLab({ devices: [{}, { operator: false }] }), startLabServer([{}])]);
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await Promise.all([lab?.close(), server?.close()]);
  });

  const typeInto = (serial: string, field: string, extra: string[] = []) => [
    'type',
    '--id',
    `${LOGIN}:id/${field}`,
    '--text',
    SECRET,
    '--device',
    serial,
    ...extra,
  ];

  for (const [index, driver] of [
    [0, 'operator'],
    [1, 'adb'],
  ] as const) {
    test(`the ${driver} driver's enter_text step gives the length, not the text (JSON, pretty, daemon)`, async () => {
      const serial = lab.devices[index]?.serial as string;
      assert.equal((await runCliJson(['open', LOGIN, '--device', serial], { env: lab.env })).code, 0);
      for (const field of ['username', 'password']) {
        for (const via of [['--no-daemon'], []]) {
          const run = await runCliJson(typeInto(serial, field, via), { env: lab.env });
          assert.equal(run.code, 0, run.stdout);
          assert.equal(run.json.driver, driver);
          const step = run.json.envelope.stepResults[0];
          assert.deepEqual(step.data, { submit: 'false', text_length: String(SECRET.length) });
          assert.doesNotMatch(run.stdout + run.stderr, /hunter2/);
        }
      }
      const pretty = await runCli([...typeInto(serial, 'password', ['--no-daemon']), '--output', 'pretty'], {
        env: lab.env,
      });
      assert.equal(pretty.code, 0, pretty.stdout);
      assert.doesNotMatch(pretty.stdout + pretty.stderr, /hunter2/);
    });
  }

  test('over HTTP the caller gets the length, not the text', async () => {
    const serial = server.lab.devices[0]?.serial as string;
    const execution = {
      commandId: 'typed-1',
      taskId: 'typed-1',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 20_000,
      actions: [
        { id: 'open', type: 'open_app', params: { applicationId: LOGIN } },
        { id: 'pw', type: 'enter_text', params: { matcher: { resourceId: `${LOGIN}:id/password` }, text: SECRET } },
      ],
    };
    const answer = await postJson(server.url, '/execute', { execution, deviceId: serial });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.doesNotMatch(JSON.stringify(answer.body), /hunter2/);
  });
});
