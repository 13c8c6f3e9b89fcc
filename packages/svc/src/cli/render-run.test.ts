import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunResult } from '../contracts/types.ts';
import { renderRunResult, shownValue } from './render-run.ts';

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

test('pretty output of a run whose step failed says which step, its code and the hint, as the JSON summary does', () => {
  const result: Extract<RunResult, { ok: true }> = {
    ok: true,
    deviceId: 'emulator-5554',
    driver: 'operator',
    terminalSource: 'svc_result',
    succeeded: false,
    failedStepId: 'click',
    failedCode: 'NODE_NOT_FOUND',
    hint: 'Nothing on screen matched: take a snapshot.',
    envelope: {
      commandId: 'c',
      taskId: 't',
      status: 'success',
      error: null,
      stepResults: [
        {
          id: 'click',
          actionType: 'click',
          success: false,
          data: { error: 'NODE_NOT_FOUND', message: 'no node matches' },
        },
      ],
    },
  };
  const lines = plain(renderRunResult(result)).split('\n');
  assert.ok(lines.includes('failed at step click: NODE_NOT_FOUND'), lines.join('\n'));
  assert.ok(lines.includes('hint: Nothing on screen matched: take a snapshot.'), lines.join('\n'));
  const ok = plain(renderRunResult({ ...result, succeeded: true, envelope: { ...result.envelope, stepResults: [] } }));
  assert.doesNotMatch(ok, /hint:/);
});

test('pretty output keeps the whitespace of a value: quoted, with its line breaks, tabs and runs of spaces shown', () => {
  assert.equal(shownValue('Settings'), 'Settings');
  assert.equal(shownValue('Network & internet'), 'Network & internet');
  assert.equal(shownValue('two  spaces'), '"two  spaces"');
  assert.equal(shownValue(' padded '), '" padded "');
  assert.equal(shownValue('line 1\nline 2\tend'), '"line 1\\nline 2\\tend"');
  assert.equal(shownValue('say "hi"'), '"say \\"hi\\""');
});
