// Issue 19, item 9: a NUL or another control character in an id, a serial, a package or a skill argument is a
// client error with the field's path (400), never a 500 with a stack trace, and nothing reaches the device.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type LabServer, postJson, startLabServer } from '../server-helpers.ts';

const execution = (over: Record<string, unknown> = {}, action: Record<string, unknown> = {}) => ({
  commandId: 'ctl-1',
  taskId: 'ctl-1',
  source: 's',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 5000,
  actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 0 }, ...action }],
  ...over,
});

describe('control characters in requests', () => {
  let env: LabServer;
  before(async () => {
    env = await startLabServer([{}]);
  });
  after(() => env?.close());

  const cases: [string, string, unknown, string][] = [
    ['deviceId', '/execute', { execution: execution(), deviceId: 'emu\u0000lator' }, 'deviceId'],
    [
      'operatorPackage',
      '/execute',
      { execution: execution(), operatorPackage: 'com.svc\u0000.operator' },
      'operatorPackage',
    ],
    ['receiverPackage', '/snapshot', { receiverPackage: 'com.svc.operator\u001b' }, 'operatorPackage'],
    ['commandId', '/execute', { execution: execution({ commandId: 'a\u0000b' }) }, 'commandId'],
    ['taskId', '/execute', { execution: execution({ taskId: 'a\nb' }) }, 'taskId'],
    ['an action id', '/execute', { execution: execution({}, { id: 'n\u0007ap' }) }, 'actions[0].id'],
    ['a skill-run argument', '/skills/any-skill/run', { args: ['ok', 'a\u0000b'] }, 'args[1]'],
  ];
  for (const [what, route, body, path] of cases) {
    it(`answers 400 naming ${path} for a control character in ${what}`, async () => {
      const commands = env.lab.devices[0]?.device.commandLog ?? [];
      const seen = commands.length;
      const answer = await postJson(env.url, route, body);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.error?.details?.path, path);
      assert.doesNotMatch(JSON.stringify(answer.body), /\n\s+at |INTERNAL/);
      assert.deepEqual(commands.slice(seen), []);
    });
  }
});
