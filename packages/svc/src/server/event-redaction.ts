// What the event stream may show of an execution: everything but typed text (a password an agent types must not
// reach every listener of /events), unless the server runs with --verbose. The caller that submitted the execution
// still gets its full result; only the broadcast copy is redacted.
import type { RunResult } from '../contracts/types.ts';

export const HIDDEN_TYPED_TEXT = '[typed text hidden; start the server with --verbose to see it]';

const TYPED_KEYS = ['text', 'value'];

/**
 * The input as events show it. A validated execution hides the text of its enter_text actions; a refused one (any
 * shape, aliases unresolved) hides every action's `text` and `value` params, since its types cannot be trusted.
 */
export function inputForEvents(input: unknown, validated: boolean): unknown {
  if (!isObject(input) || !Array.isArray(input.actions)) return input;
  return {
    ...input,
    actions: input.actions.map((action: unknown) => {
      if (!isObject(action) || !isObject(action.params)) return action;
      if (validated && action.type !== 'enter_text') return action;
      return { ...action, params: hideTyped(action.params) };
    }),
  };
}

/** The result as events show it: the data of enter_text steps hides the typed text the device echoed. */
export function resultForEvents(result: RunResult): RunResult {
  if (!result.ok || result.envelope.stepResults === undefined) return result;
  return {
    ...result,
    envelope: {
      ...result.envelope,
      stepResults: result.envelope.stepResults.map((step) =>
        step.actionType === 'enter_text' ? { ...step, data: hideTyped(step.data) as Record<string, string> } : step,
      ),
    },
  };
}

function hideTyped(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const key of TYPED_KEYS) if (typeof out[key] === 'string') out[key] = HIDDEN_TYPED_TEXT;
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
