// What RESULT_ENVELOPE_TIMEOUT says is what the evidence shows (issue 20 item 8): never "still working" when the last
// operator event finished a step, and a broken log stream (device offline) before anything about the operator.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ValidExecution } from '../../../contracts/types.ts';
import type { LogStreamStatus } from './device-log-stream.ts';
import type { ProgressNote } from './envelope-collector.ts';
import { whyNoEnvelope } from './timeout-diagnostics.ts';

const run = {
  execution: {
    actions: [
      { id: 'open', type: 'open_app' },
      { id: 'snap', type: 'snapshot_ui' },
    ],
  } as unknown as ValidExecution,
};
const healthy: LogStreamStatus = {
  open: true,
  attempts: 1,
  restarts: 0,
  failures: 0,
  entriesSeen: 12,
  linesNamingNoCommand: 0,
  lastError: undefined,
  gaveUp: false,
};
const event = (actionId: string, phase: ProgressNote['phase']): ProgressNote => ({ actionId, phase, attempt: 1 });

describe('why no result envelope came back', () => {
  it('says the operator finished the last step, not that it was still working', () => {
    const why = whyNoEnvelope(
      run,
      [event('open', 'start'), event('open', 'success'), event('snap', 'success')],
      healthy,
    );
    assert.equal(why.cause, 'stepFinishedNoEnvelope');
    assert.match(why.text, /finished the last step snap/);
    assert.doesNotMatch(why.text, /still working/);
  });

  it('says a middle step finished and nothing came after it', () => {
    const why = whyNoEnvelope(run, [event('open', 'success')], healthy);
    assert.match(why.text, /finished step open .* with success and wrote nothing after it/);
  });

  it('blames the broken log stream (device offline) before the operator', () => {
    const offline = { ...healthy, open: false, failures: 2, lastError: 'error: device offline' };
    const why = whyNoEnvelope(run, [event('open', 'start')], offline);
    assert.equal(why.cause, 'deviceLogLost');
    assert.match(why.text, /device offline/);
    assert.match(String(why.hint), /svc devices/);
  });

  it('says still working only while a step is in progress, naming it', () => {
    const why = whyNoEnvelope(run, [event('open', 'success'), event('snap', 'retry')], healthy);
    assert.equal(why.cause, 'operatorStillWorking');
    assert.match(why.text, /still working on step snap/);
  });

  it('says the operator wrote nothing when no event came', () => {
    assert.equal(whyNoEnvelope(run, [], healthy).cause, 'operatorSilent');
  });
});
