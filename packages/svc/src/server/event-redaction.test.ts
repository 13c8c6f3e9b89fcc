// The event stream hides typed text: enter_text params of a validated execution, text/value params of any action of
// a refused one, and the text the device echoes in an enter_text step; everything else stays as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunResult } from '../contracts/types.ts';
import { HIDDEN_TYPED_TEXT, inputForEvents, resultForEvents } from './event-redaction.ts';

const typed = {
  commandId: 'c',
  actions: [
    { id: 'a', type: 'enter_text', params: { matcher: { resourceId: 'pw' }, text: 'hunter2' } },
    { id: 'b', type: 'set_on_screen_log', params: { text: 'shown on screen' } },
  ],
};

describe('typed text in events', () => {
  it('is hidden in a validated execution, other actions untouched', () => {
    const shown = inputForEvents(typed, true) as typeof typed;
    assert.equal(shown.actions[0]?.params.text, HIDDEN_TYPED_TEXT);
    assert.deepEqual(shown.actions[0]?.params.matcher, { resourceId: 'pw' });
    assert.equal(shown.actions[1]?.params.text, 'shown on screen');
    assert.equal(typed.actions[0]?.params.text, 'hunter2', 'the caller keeps its own copy');
  });

  it('is hidden in every action of a refused execution, whatever its type says', () => {
    const refused = { actions: [{ type: 'type_textt', params: { value: 'hunter2' } }, 'junk'] };
    assert.deepEqual(inputForEvents(refused, false), {
      actions: [{ type: 'type_textt', params: { value: HIDDEN_TYPED_TEXT } }, 'junk'],
    });
    assert.equal(inputForEvents('not an object', false), 'not an object');
  });

  it('is hidden where the device echoes it in an enter_text step', () => {
    const result = {
      ok: true,
      deviceId: 'd',
      driver: 'operator',
      terminalSource: 'svc_result',
      succeeded: true,
      envelope: {
        commandId: 'c',
        taskId: 'c',
        status: 'success',
        error: null,
        stepResults: [
          { id: 'a', actionType: 'enter_text', success: true, data: { text: 'hunter2', submit: 'false' } },
          { id: 'r', actionType: 'read_text', success: true, data: { text: 'on screen' } },
        ],
      },
    } as unknown as RunResult;
    const shown = resultForEvents(result);
    assert.ok(shown.ok);
    assert.deepEqual(shown.envelope.stepResults?.[0]?.data, { text: HIDDEN_TYPED_TEXT, submit: 'false' });
    assert.equal(shown.envelope.stepResults?.[1]?.data.text, 'on screen');
  });
});
