// Wraps built actions into an execution payload, with the CLI's ids and the timeout rules of SPEC 4.4.

import type { ActionType } from '../contracts/types.ts';
import { CLI_SOURCE, type Ids } from './cli-ids.ts';

/** Built-in builders use 30000 ms unless overridden (SPEC 4.4). */
export const DEFAULT_BUILT_TIMEOUT_MS = 30_000;
/** Head room a wait needs beyond its own action timeout for dispatch and the envelope (SPEC 4.4). */
const WAIT_HEADROOM_MS = 5000;

export interface BuiltAction {
  id: string;
  type: ActionType;
  params?: Record<string, unknown>;
}

export interface BuiltExecution {
  commandId: string;
  taskId: string;
  source: string;
  expectedFormat: 'android-ui-automator';
  timeoutMs: number;
  actions: BuiltAction[];
}

export function wrapExecution(ids: Ids, timeoutMs: number, actions: BuiltAction[]): BuiltExecution {
  return { ...ids, source: CLI_SOURCE, expectedFormat: 'android-ui-automator', timeoutMs, actions };
}

/** Plain built-in command: the global timeout when given, else 30000. */
export function plainTimeout(globalTimeoutMs: number | undefined): number {
  return globalTimeoutMs ?? DEFAULT_BUILT_TIMEOUT_MS;
}

/** wait and wait-for-nav: max(action timeout + 5000, 30000); with no action timeout, the plain rule. */
export function waitTimeout(actionTimeoutMs: number | undefined): number {
  return actionTimeoutMs === undefined
    ? DEFAULT_BUILT_TIMEOUT_MS
    : Math.max(actionTimeoutMs + WAIT_HEADROOM_MS, DEFAULT_BUILT_TIMEOUT_MS);
}

/** sleep: max(duration + 5000, global timeout, 30000). */
export function sleepTimeout(durationMs: number, globalTimeoutMs: number | undefined): number {
  return Math.max(durationMs + WAIT_HEADROOM_MS, globalTimeoutMs ?? 0, DEFAULT_BUILT_TIMEOUT_MS);
}
