// Issue 19, item 13: the simulator types text literally. Typing `user={password}` once read back the password
// field's cleartext and `${PATH}` read back `$`: the typed text went through the app's template filler. Through real
// adb, with both drivers (the operator's ACTION_SET_TEXT and the adb driver's `input text`).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext, type SvcContext } from '../../src/core/context.ts';
import { runExecution } from '../../src/submit/validate-and-run.test-helper.ts';

const LOGIN = 'com.svc.login';

describe('typed text on the simulator', () => {
  let lab: Lab;
  let ctx: SvcContext;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
  });
  after(async () => {
    await ctx?.close();
    await lab?.close();
  });

  for (const driver of ['operator', 'adb']) {
    // `$` + `{PATH}`: a shell variable's spelling, typed as text.
    for (const typed of ['user={password}', `$${'{PATH}'}`, '{i} {heading}']) {
      it(`reads back ${JSON.stringify(typed)} exactly as typed (${driver} driver)`, async () => {
        const id = `literal-${driver}-${Math.random().toString(16).slice(2)}`;
        const result = await runExecution(ctx, {
          driver,
          deviceId: lab.devices[0]?.serial,
          execution: {
            commandId: id,
            taskId: id,
            source: 's',
            expectedFormat: 'android-ui-automator',
            timeoutMs: 20_000,
            actions: [
              // A fresh sign-in form: the operator driver force-stops before dispatch, the adb driver in order.
              { id: 'close', type: 'close_app', params: { applicationId: LOGIN } },
              { id: 'open', type: 'open_app', params: { applicationId: LOGIN } },
              {
                id: 'user',
                type: 'enter_text',
                params: { matcher: { resourceId: `${LOGIN}:id/username` }, text: typed },
              },
              {
                id: 'pw',
                type: 'enter_text',
                params: { matcher: { resourceId: `${LOGIN}:id/password` }, text: 'hunter2' },
              },
              { id: 'go', type: 'click', params: { matcher: { resourceId: `${LOGIN}:id/login` } } },
              { id: 'hello', type: 'read_text', params: { matcher: { resourceId: `${LOGIN}:id/welcome` } } },
            ],
          },
        });
        assert.ok(result.ok, JSON.stringify(result));
        const hello = result.envelope.stepResults?.find((step) => step.id === 'hello');
        assert.equal(hello?.data.text, `Welcome, ${typed}`, JSON.stringify(result.envelope.stepResults));
        assert.doesNotMatch(JSON.stringify(hello), /hunter2/);
      });
    }
  }
});
