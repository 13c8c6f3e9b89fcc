import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ResultEnvelope, type StepResult, summarize } from './types.ts';

const ok = (id: string): StepResult => ({ id, actionType: 'click', success: true, data: {} });
const bad = (id: string, code: string): StepResult => ({
  id,
  actionType: 'click',
  success: false,
  data: { error: code, message: 'm' },
  error: 'm',
});
const envelope = (status: 'success' | 'failed', steps: StepResult[], errorCode?: string): ResultEnvelope => ({
  commandId: 'c',
  taskId: 't',
  status,
  stepResults: steps,
  error: status === 'failed' ? 'e' : null,
  ...(errorCode ? { errorCode } : {}),
});

describe('the summary beside the envelope', () => {
  it('says succeeded only when the run completed and every step succeeded', () => {
    assert.deepEqual(summarize(envelope('success', [ok('a')])), { succeeded: true });
  });

  it('names the first failed step of a completed run, its code and what to do', () => {
    const summary = summarize(envelope('success', [ok('a'), bad('b', 'NODE_NOT_FOUND'), bad('c', 'GESTURE_FAILED')]));
    assert.equal(summary.succeeded, false);
    assert.equal(summary.failedStepId, 'b');
    assert.equal(summary.failedCode, 'NODE_NOT_FOUND');
    assert.match(String(summary.hint), /closest/);
  });

  it('names the step a timeout cut short and the envelope code', () => {
    const summary = summarize(envelope('failed', [ok('a'), bad('b', 'EXECUTION_TIMEOUT')], 'EXECUTION_TIMEOUT'));
    assert.deepEqual([summary.failedStepId, summary.failedCode], ['b', 'EXECUTION_TIMEOUT']);
    assert.match(String(summary.hint), /last_error/);
  });

  it("speaks svc's code for the device's spelling of a condition", () => {
    const summary = summarize(envelope('failed', [], 'SERVICE_UNAVAILABLE'));
    assert.equal(summary.failedCode, 'DEVICE_ACCESSIBILITY_NOT_RUNNING');
    assert.equal(summary.failedStepId, undefined);
    assert.match(String(summary.hint), /grant-device-permissions/);
  });
});
