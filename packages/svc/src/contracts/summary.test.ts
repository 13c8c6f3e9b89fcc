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

  it('names the step a timeout cut short and the envelope code; points at last_error only where a driver wrote it', () => {
    const counted = bad('b', 'EXECUTION_TIMEOUT');
    counted.data.last_error = 'NODE_NOT_FOUND';
    const summary = summarize(envelope('failed', [ok('a'), counted], 'EXECUTION_TIMEOUT'));
    assert.deepEqual([summary.failedStepId, summary.failedCode], ['b', 'EXECUTION_TIMEOUT']);
    assert.match(String(summary.hint), /last_error/);
    const uncounted = summarize(envelope('failed', [ok('a'), bad('b', 'EXECUTION_TIMEOUT')], 'EXECUTION_TIMEOUT'));
    assert.doesNotMatch(String(uncounted.hint), /last_error/);
    assert.match(String(uncounted.hint), /raise timeoutMs/);
  });

  it("names a fatal step failure by the step's own code, with that code's hint", () => {
    const summary = summarize(envelope('failed', [ok('a'), bad('b', 'NODE_NOT_FOUND')], 'ACTION_FAILED'));
    assert.deepEqual([summary.failedStepId, summary.failedCode], ['b', 'NODE_NOT_FOUND']);
    assert.match(String(summary.hint), /closest/);
    const unnamed = summarize(envelope('failed', [ok('a')], 'ACTION_FAILED'));
    assert.deepEqual([unnamed.failedStepId, unnamed.failedCode], [undefined, 'ACTION_FAILED']);
  });

  it("speaks svc's code for the device's spelling of a condition", () => {
    const summary = summarize(envelope('failed', [], 'SERVICE_UNAVAILABLE'));
    assert.equal(summary.failedCode, 'DEVICE_ACCESSIBILITY_NOT_RUNNING');
    assert.equal(summary.failedStepId, undefined);
    assert.match(String(summary.hint), /grant-device-permissions/);
  });
});
