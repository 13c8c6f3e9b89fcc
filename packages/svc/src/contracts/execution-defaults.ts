// What an agent may leave out of an execution it sends over MCP, HTTP or `svc exec`: the bookkeeping (commandId,
// taskId, source, expectedFormat, an id per action) and the timeout. Filled here before validation, so
// `{ "actions": [...] }` runs; anything given is kept as given, and validation then holds the whole payload to every
// rule. Pure: no I/O.
import { EXPECTED_FORMAT, LIMITS } from './limits.ts';
import { isPlainObject } from './validation-issue.ts';

/** The execution timeout when none is given: this much, plus the sleeps and waits the actions name. */
export const DEFAULT_EXECUTION_TIMEOUT_MS = 30_000;

/** Each top-level field with the spellings that count as giving it (SPEC 2.1 aliases). */
const GIVEN_AS: Readonly<Record<string, readonly string[]>> = {
  commandId: ['commandId', 'command_id'],
  taskId: ['taskId', 'task_id'],
  source: ['source'],
  expectedFormat: ['expectedFormat', 'expected_format'],
  timeoutMs: ['timeoutMs', 'timeout_ms'],
};

const given = (raw: Record<string, unknown>, field: string) =>
  (GIVEN_AS[field] ?? [field]).some((key) => Object.hasOwn(raw, key));

/** Whether a raw execution names its own timeout (before the defaults fill one in). */
export const timeoutGivenIn = (raw: unknown): boolean => isPlainObject(raw) && given(raw, 'timeoutMs');

/** The time the actions' own sleeps and waits take (numbers only: anything else is validation's to refuse). */
function waitedMs(actions: unknown): number {
  if (!Array.isArray(actions)) return 0;
  let total = 0;
  for (const action of actions) {
    const params = isPlainObject(action) && isPlainObject(action.params) ? action.params : {};
    for (const key of ['durationMs', 'timeoutMs', 'timeout_ms', 'maxDurationMs']) {
      const value = params[key];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) total += value;
    }
  }
  return total;
}

/** Ids `s1`, `s2`, ... for the actions that have none, skipping ids the payload already uses. */
function withActionIds(actions: unknown): unknown {
  if (!Array.isArray(actions)) return actions;
  const taken = new Set(actions.map((a) => (isPlainObject(a) ? a.id : undefined)).filter((id) => id !== undefined));
  let n = 0;
  const nextId = () => {
    let id: string;
    do id = `s${++n}`;
    while (taken.has(id));
    return id;
  };
  return actions.map((action) =>
    isPlainObject(action) && !Object.hasOwn(action, 'id') ? { id: nextId(), ...action } : action,
  );
}

export function withExecutionDefaults(
  raw: unknown,
  fill: { commandId: string; taskId: string; source: string },
): unknown {
  if (!isPlainObject(raw)) return raw;
  const timeoutMs = Math.min(DEFAULT_EXECUTION_TIMEOUT_MS + waitedMs(raw.actions), LIMITS.MAX_EXECUTION_TIMEOUT_MS);
  const defaults: Record<string, unknown> = {
    commandId: fill.commandId,
    taskId: fill.taskId,
    source: fill.source,
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs,
  };
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(defaults)) if (!given(raw, field)) out[field] = value;
  return { ...out, ...raw, actions: withActionIds(raw.actions) };
}
