// svc's own operator presses more keys than the specification's back, home and recents (an svc extension): in the
// app runtime with svc's brand. The published app's parser refuses any
// other key (AgentCommandParser.kt, UiAction.kt:193-199 @ v0.5.2): the payload is dropped, no envelope.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appHarness, firstStep } from './harness.test-helper.ts';
import { svcKeyCode } from './svc-keys.ts';

describe("svc's own keys", () => {
  test('are named as svc names them, or given by key code', () => {
    assert.equal(svcKeyCode('enter'), 66);
    assert.equal(svcKeyCode('delete'), 67, 'KEYCODE_DEL');
    assert.equal(svcKeyCode('volume_up'), 24);
    assert.equal(svcKeyCode('66'), 66);
    assert.equal(svcKeyCode('ENTER'), undefined, 'the host sends them lower case');
    assert.equal(svcKeyCode('0'), undefined);
  });

  test('the app runtime presses them with the svc brand; the published app drops a payload holding one', async () => {
    const svc = appHarness({ variant: 'svc' });
    const pressed = await firstStep(svc, 'press_key', { key: 'power' });
    assert.deepEqual(pressed.step?.data, { key: 'power' });
    const published = appHarness({ variant: 'clawperator' });
    const dropped = await firstStep(published, 'press_key', { key: 'power' });
    assert.equal(dropped.out.envelope, undefined, 'no envelope: the parser refused the payload');
    assert.ok(dropped.out.messages.some((m) => m.includes('unsupported key: power')));
  });
});
