// Parses the broadcast payload and applies the device-side checks of OPERATOR-PROTOCOL §5 before any step runs.
import type { Params } from './params.ts';

export const MAX_PAYLOAD_BYTES = 64000;

export const TYPE_ALIASES: Readonly<Record<string, string>> = {
  open_url: 'open_uri',
  tap: 'click',
  press: 'click',
  wait_for: 'wait_for_node',
  find: 'wait_for_node',
  find_node: 'wait_for_node',
  read: 'read_text',
  snapshot: 'snapshot_ui',
  screenshot: 'take_screenshot',
  capture_screenshot: 'take_screenshot',
  type_text: 'enter_text',
  text_entry: 'enter_text',
  input_text: 'enter_text',
  key_press: 'press_key',
  on_screen_log_set: 'set_on_screen_log',
  on_screen_log_clear: 'clear_on_screen_log',
};

export interface ActionSpec {
  id: string;
  type: string;
  params: Params;
}

export interface Execution {
  commandId: string;
  taskId: string;
  timeoutMs: number;
  actions: ActionSpec[];
}

export type ParseResult =
  | { ok: true; execution: Execution }
  /** `ids` is known when the payload named its commandId, so a failed envelope can answer it. */
  | { ok: false; code: string; message: string; ids: { commandId: string; taskId: string } | undefined };

function pick(o: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
}

export function parsePayload(raw: string, known: (type: string) => boolean): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    const commandId = /"command_?[iI]d"\s*:\s*"([^"]*)"/.exec(raw)?.[1];
    const taskId = /"task_?[iI]d"\s*:\s*"([^"]*)"/.exec(raw)?.[1] ?? '';
    return {
      ok: false,
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'payload is not valid JSON',
      ids: commandId !== undefined ? { commandId, taskId } : undefined,
    };
  }
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const commandId = pick(o, 'commandId', 'command_id');
  const taskId = pick(o, 'taskId', 'task_id');
  const ids =
    typeof commandId === 'string' ? { commandId, taskId: typeof taskId === 'string' ? taskId : '' } : undefined;
  const fail = (code: string, message: string): ParseResult => ({ ok: false, code, message, ids });
  if (new TextEncoder().encode(raw).length > MAX_PAYLOAD_BYTES) {
    return fail('PAYLOAD_TOO_LARGE', `payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
  }
  if (!ids) return fail('EXECUTION_VALIDATION_FAILED', 'commandId is required');
  const timeoutMs = pick(o, 'timeoutMs', 'timeout_ms');
  if (typeof timeoutMs !== 'number' || timeoutMs < 1000 || timeoutMs > 120000) {
    return fail('EXECUTION_VALIDATION_FAILED', 'timeoutMs must be a number from 1000 to 120000');
  }
  const actions = o.actions;
  if (!Array.isArray(actions) || actions.length < 1 || actions.length > 50) {
    return fail('EXECUTION_VALIDATION_FAILED', 'actions must hold 1 to 50 items');
  }
  const specs: ActionSpec[] = [];
  for (const [i, a] of actions.entries()) {
    const action = (a && typeof a === 'object' ? a : {}) as Record<string, unknown>;
    const rawType = typeof action.type === 'string' ? action.type : '';
    const type = TYPE_ALIASES[rawType] ?? rawType;
    if (!known(type))
      return fail('EXECUTION_ACTION_UNSUPPORTED', `unsupported action type "${rawType}" at actions[${i}]`);
    const params = action.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      return fail('EXECUTION_VALIDATION_FAILED', `actions[${i}].params must be an object`);
    }
    specs.push({ id: typeof action.id === 'string' ? action.id : `action-${i + 1}`, type, params: params as Params });
  }
  return { ok: true, execution: { ...ids, timeoutMs, actions: specs } };
}
