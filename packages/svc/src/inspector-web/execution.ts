// The executions the page builds for its acts and its recordings, in the form every surface accepts.
import type { Action, Execution } from './types.ts';

let counter = 0;

/** The commandIds this page sent: its own acts do not trigger the capture that someone else's execution does. */
export const ownCommands = new Set<string>();

/** Action ids unique within the page session, so any acts form one valid execution. */
export function nextActionId(type: string): string {
  counter += 1;
  return `${type.replaceAll('_', '-')}-${counter}`;
}

/** `bytes` random bytes as hex: 96 bits make a commandId nothing on the device can guess, as svc's other ids. */
function randomHex(bytes: number): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 30 s for one act; 10 s more per further act, up to the 120 s an execution may take. */
export function executionOf(actions: Action[], kind: string): Execution {
  const id = `inspector-${kind}-${Date.now()}-${randomHex(12)}`;
  ownCommands.add(id);
  return {
    commandId: id,
    taskId: id,
    source: 'svc-inspector',
    expectedFormat: 'android-ui-automator',
    timeoutMs: Math.min(120_000, 30_000 + 10_000 * Math.max(0, actions.length - 1)),
    actions,
  };
}
