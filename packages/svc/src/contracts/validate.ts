// The one execution validator (SPEC parts 2 and 8): aliases first, then every rule, then the payload size.
// Hand-written over rule tables rather than zod so every path and message is exact and the hot path stays cheap.
import { canonicalActionType, TOP_LEVEL_KEY_ALIASES } from './aliases.ts';
import { SvcError } from './errors.ts';
import { checkField, int, oneOf, str } from './fields.ts';
import { EXECUTION_MODES, EXPECTED_FORMAT, LIMITS } from './limits.ts';
import { ACTION_TYPES, type Action, type ActionType, type Execution, type ValidExecution } from './types.ts';
import { utf8ByteLength } from './utf8.ts';
import { normalizeParams } from './validate-params.ts';
import { describe, fail, Issues, isPlainObject, toValidationErrorOf } from './validation-issue.ts';

export type ExecutionOutcome = { ok: true; execution: ValidExecution } | { ok: false; error: SvcError };

const CANONICAL_TYPES: ReadonlySet<string> = new Set(ACTION_TYPES);
const TOP_LEVEL_FIELDS = ['commandId', 'taskId', 'source', 'expectedFormat', 'timeoutMs', 'actions', 'mode'] as const;
const ACTION_KEYS: ReadonlySet<string> = new Set(['id', 'type', 'params']);
/** Ids travel in frame headers separated by spaces (OPERATOR-PROTOCOL §3), so they carry no whitespace (C-23). */
/** Ids carry no whitespace and no control characters (a NUL or newline would cut or forge a log line or a path). */
const PLAIN_ID = /^[^\s\u0000-\u001f\u007f-\u009f]+$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const TOP_LEVEL_RULES = {
  commandId: str('nonBlank', LIMITS.MAX_COMMAND_ID_LENGTH),
  taskId: str('nonBlank', LIMITS.MAX_TASK_ID_LENGTH),
  source: str('nonBlank', LIMITS.MAX_SOURCE_LENGTH),
  expectedFormat: oneOf([EXPECTED_FORMAT]),
  timeoutMs: int({ min: LIMITS.MIN_EXECUTION_TIMEOUT_MS, max: LIMITS.MAX_EXECUTION_TIMEOUT_MS }),
  mode: oneOf(EXECUTION_MODES),
} as const;

/**
 * Validates and alias-normalizes an execution payload from any interface (CLI, HTTP, MCP, skills). Every rule is
 * checked where the next check does not depend on it, so the error lists every problem at once (details.issues).
 */
export function normalizeAndValidateExecution(input: unknown): ExecutionOutcome {
  const issues = new Issues();
  const execution = issues.check(() => normalizeExecution(input, issues));
  if (issues.count > 0 || execution === undefined) return { ok: false, error: toValidationErrorOf(issues.list) };
  return checkSize(execution);
}

/** A host-internal action the user payload never accepts (OPERATOR-PROTOCOL §5: doctor_ping). */
export type InternalAction = Action | { id: string; type: 'doctor_ping' };

/**
 * For host-internal builders only (the doctor handshake): like normalizeAndValidateExecution but also accepts
 * `doctor_ping` actions (validated as a param-less action with a unique id). Throws SvcError when invalid.
 */
export function buildInternalExecution(
  input: Omit<Execution, 'actions'> & { actions: InternalAction[] },
): ValidExecution {
  const stand = input.actions.map((a) => (a.type === 'doctor_ping' ? { id: a.id, type: 'clear_on_screen_log' } : a));
  const outcome = normalizeAndValidateExecution({ ...input, actions: stand });
  if (!outcome.ok) throw outcome.error;
  const actions = outcome.execution.actions.map((a, i) =>
    input.actions[i]?.type === 'doctor_ping' ? ({ id: a.id, type: 'doctor_ping' } as unknown as Action) : a,
  );
  return { ...outcome.execution, actions } as ValidExecution;
}

function checkSize(execution: Execution): ExecutionOutcome {
  const bytes = utf8ByteLength(JSON.stringify(execution));
  if (bytes > LIMITS.MAX_PAYLOAD_BYTES) {
    return {
      ok: false,
      error: new SvcError(
        'PAYLOAD_TOO_LARGE',
        `The normalized execution payload is ${bytes} bytes of UTF-8; the limit is ${LIMITS.MAX_PAYLOAD_BYTES}.`,
        // `$`: the whole payload is what is too large (issue 12: every rejection names a path).
        { path: '$', bytes, limit: LIMITS.MAX_PAYLOAD_BYTES },
      ),
    };
  }
  // The one place a ValidExecution is made.
  return { ok: true, execution: execution as ValidExecution };
}

function normalizeExecution(input: unknown, issues: Issues): Execution {
  if (!isPlainObject(input)) fail('$', `expected an execution object, got ${describe(input)}`, 'object');
  const fields: Record<string, unknown> = Object.create(null);
  const inputKeyOf: Record<string, string> = Object.create(null);
  for (const key of Object.keys(input)) {
    const canonical = Object.hasOwn(TOP_LEVEL_KEY_ALIASES, key) ? (TOP_LEVEL_KEY_ALIASES[key] as string) : key;
    if (!(TOP_LEVEL_FIELDS as readonly string[]).includes(canonical)) {
      issues.check(() =>
        fail(key, `unknown top-level key; allowed: ${TOP_LEVEL_FIELDS.join(', ')}`, TOP_LEVEL_FIELDS.join(', ')),
      );
      continue;
    }
    const previous = inputKeyOf[canonical];
    if (previous !== undefined) {
      issues.check(() => fail(canonical, `given twice (as ${previous} and ${key})`, `${canonical} once`));
      continue;
    }
    inputKeyOf[canonical] = key;
    fields[canonical] = input[key];
  }
  const field = <T>(name: keyof typeof TOP_LEVEL_RULES): T | undefined => {
    if (fields[name] === undefined) {
      if (name !== 'mode') issues.check(() => fail(name, 'is required', `${name} present`));
      return undefined;
    }
    return issues.check(() => checkField(TOP_LEVEL_RULES[name], fields[name], name)) as T | undefined;
  };
  const commandId = field<string>('commandId');
  const out = {
    commandId,
    taskId: field<string>('taskId'),
    source: field<string>('source'),
    expectedFormat: field<string>('expectedFormat'),
    timeoutMs: field<number>('timeoutMs'),
    actions: [] as Action[],
  } as Execution;
  if (commandId !== undefined && !PLAIN_ID.test(commandId)) {
    const expected = 'no whitespace or control characters';
    issues.check(() => fail('commandId', 'must not contain whitespace or control characters', expected));
  }
  if (out.taskId !== undefined && CONTROL.test(out.taskId)) {
    issues.check(() => fail('taskId', 'must not contain control characters', 'no control characters'));
  }
  if (fields.actions === undefined) issues.check(() => fail('actions', 'is required', 'actions present'));
  else out.actions = issues.check(() => normalizeActions(fields.actions, issues)) ?? [];
  const mode = field<NonNullable<Execution['mode']>>('mode');
  if (mode !== undefined) out.mode = mode;
  return out;
}

function normalizeActions(value: unknown, issues: Issues): Action[] {
  const { MIN_EXECUTION_ACTIONS: min, MAX_EXECUTION_ACTIONS: max } = LIMITS;
  const expected = `an array of ${min} to ${max} actions`;
  if (!Array.isArray(value)) fail('actions', `expected ${expected}, got ${describe(value)}`, expected);
  if (value.length < min || value.length > max) {
    fail('actions', `expected ${expected}, got ${value.length}`, expected);
  }
  const seen = new Set<string>();
  const out: Action[] = [];
  for (let i = 0; i < value.length; i++) {
    delete issues.where.id;
    delete issues.where.type;
    const action = issues.check(() => normalizeAction(value[i], `actions[${i}]`, seen, issues));
    if (action !== undefined) out.push(action);
  }
  delete issues.where.id;
  delete issues.where.type;
  return out;
}

function normalizeAction(value: unknown, path: string, seen: Set<string>, issues: Issues): Action | undefined {
  if (!isPlainObject(value)) fail(path, `expected an action object, got ${describe(value)}`, 'object');
  const id = value.id;
  if (typeof id === 'string') issues.where.id = id;
  if (typeof value.type === 'string') issues.where.type = value.type;
  const before = issues.count;
  for (const key of Object.keys(value)) {
    if (!ACTION_KEYS.has(key)) {
      issues.check(() => fail(`${path}.${key}`, 'unknown action key; allowed: id, type, params', 'id, type, params'));
    }
  }
  issues.check(() => checkActionId(id, `${path}.id`, seen));
  const type = issues.check(() => normalizeType(value.type, `${path}.type`));
  if (type === undefined) return undefined;
  issues.where.type = type;
  const params = normalizeParams(type, value.params, `${path}.params`, issues);
  if (issues.count > before) return undefined;
  // The params passed their type's rules, so they have the type its definition gives them.
  return (params === undefined ? { id, type } : { id, type, params }) as Action;
}

function checkActionId(id: unknown, path: string, seen: Set<string>): void {
  if (id === undefined) fail(path, 'is required', 'non-blank string');
  checkField(str('nonBlank', LIMITS.MAX_ACTION_ID_LENGTH), id, path);
  if (!PLAIN_ID.test(id as string)) {
    fail(path, 'must not contain whitespace or control characters', 'no whitespace or control characters');
  }
  if (seen.has(id as string)) fail(path, `duplicate action id ${describe(id)}`, 'unique action ids');
  seen.add(id as string);
}

function normalizeType(value: unknown, path: string): ActionType {
  const expected = `one of ${ACTION_TYPES.join(', ')} (or one of their aliases)`;
  if (value === undefined) fail(path, 'is required', expected);
  if (typeof value !== 'string') fail(path, `expected a string, got ${describe(value)}`, expected);
  const found = canonicalActionType(value, CANONICAL_TYPES);
  if (found === undefined) fail(path, `unknown action type ${describe(value)}`, expected);
  return found.type;
}
