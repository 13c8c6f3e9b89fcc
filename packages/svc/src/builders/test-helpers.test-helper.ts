// Shared fixtures for builder tests: fixed ids and a way to assert the SvcError a builder throws.
import assert from 'node:assert/strict';
import { SvcError } from '../contracts/errors.ts';
import type { BuildInput } from './types.ts';

export const IDS = { commandId: 'cmd-1', taskId: 'cmd-1' };

export function input(flags: Record<string, unknown> = {}, args: string[] = [], timeoutMs?: number): BuildInput {
  return { flags, args, ids: IDS, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
}

export function throwsCode(fn: () => unknown, code: string, message?: RegExp | string): SvcError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SvcError, `expected SvcError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    if (typeof message === 'string') assert.equal(error.message, message);
    else if (message) assert.match(error.message, message);
    return error;
  }
  assert.fail(`expected ${code} to be thrown`);
}

export function execution(timeoutMs: number, actions: unknown[]) {
  return {
    commandId: 'cmd-1',
    taskId: 'cmd-1',
    source: 'svc-cli',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions,
  };
}
