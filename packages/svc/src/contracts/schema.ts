// JSON Schema (draft 2020-12) of the canonical execution payload, generated from the same rule tables the validator
// runs. It describes canonical names only; the validator also accepts the SPEC 2.2 aliases (listed in descriptions).
import { ACTION_TYPES, type ActionType, definitionOf } from './actions/index.ts';
import type { FieldRule } from './fields.ts';
import { KEY_NAMES, MAX_KEY_CODE } from './keys.ts';
import { ACTION_RANGES, LIMITS, MATCHER_ROLES, RETRY_BOUNDS } from './limits.ts';
import { MATCHER_FIELDS, REF_PATTERN } from './matcher.ts';
import { RETRY_FIELDS } from './retry.ts';
import { SELECTOR_KEYS } from './selector-terms.ts';
import { TOP_LEVEL_RULES } from './validate.ts';

/** A coordinate's axis: the range the validator checks (fields.ts). */
const coordinateAxis = { type: 'integer', minimum: 0, maximum: ACTION_RANGES.coordinate.max };

type Schema = Record<string, unknown>;

/** The JSON Schema of one field rule (an action's param, a chore's). */
export function ruleSchema(rule: FieldRule): Schema {
  switch (rule.kind) {
    case 'string': {
      const s: Record<string, unknown> = { type: 'string' };
      if (rule.blank !== 'allowEmpty') s.minLength = rule.minLength ?? 1;
      if (rule.blank === 'nonBlank') s.pattern = '\\S';
      if (rule.maxLength !== undefined) s.maxLength = rule.maxLength;
      if (rule.pattern !== undefined) {
        s.pattern = rule.pattern.regex.source;
        s.description = rule.pattern.says;
      }
      return s;
    }
    case 'integer':
    case 'number': {
      const s: Record<string, unknown> = { type: rule.kind };
      if (rule.kind === 'integer' && rule.clamp) {
        s.description = `clamped to ${rule.range.min}..${rule.range.max}`;
        return s;
      }
      if (rule.range.exclusiveMin) s.exclusiveMinimum = rule.range.min;
      else s.minimum = rule.range.min;
      s.maximum = rule.range.max;
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return rule.caseInsensitive
        ? { type: 'string', enum: [...rule.values], description: 'case-insensitive; normalized to lower case' }
        : { type: 'string', enum: [...rule.values] };
    case 'color':
      return { type: 'string', pattern: '^#[0-9A-Fa-f]{8}$', description: '#AARRGGBB, echoed upper case' };
    case 'matcher':
      return { $ref: '#/$defs/NodeMatcher' };
    case 'retry':
      return { $ref: '#/$defs/Retry' };
    case 'coordinate':
      return {
        type: 'object',
        properties: { x: coordinateAxis, y: coordinateAxis },
        required: ['x', 'y'],
        additionalProperties: false,
      };
    case 'key':
      return {
        type: 'string',
        description: `${KEY_NAMES.join(', ')} (case-insensitive), or an Android key code 1 to ${MAX_KEY_CODE}`,
      };
    case 'removed':
      // The object form of the schema nothing matches: some MCP clients refuse a tool whose schema holds a bare
      // `false` where they expect a schema object (the MCP inspector's --strict reports it).
      return { not: {} };
  }
}

function matcherSchema(): Schema {
  const properties: Record<string, unknown> = {};
  const rule = (field: string) =>
    field === 'role'
      ? { type: 'string', enum: [...MATCHER_ROLES] }
      : { type: 'string', minLength: 1, maxLength: LIMITS.MAX_MATCHER_VALUE_LENGTH, pattern: '\\S' };
  for (const field of MATCHER_FIELDS) properties[field] = rule(field);
  properties.ref = {
    type: 'string',
    pattern: REF_PATTERN.source,
    description: 'An element of the last compact snapshot (e12), alone instead of the other fields',
  };
  // The short keys the compact screen prints (one shared definition with the MCP tools' schemas).
  for (const { key, field } of SELECTOR_KEYS) {
    if (key !== field) properties[key] = { ...rule(field), description: `the same as ${field}` };
  }
  return {
    anyOf: [
      {
        type: 'string',
        minLength: 1,
        pattern: '\\S',
        description: 'A ref such as e12 (an element of the last compact snapshot), else the text an element shows',
      },
      {
        type: 'object',
        description: 'All given fields must match (AND); or { "ref": "e12" } from a compact snapshot.',
        properties,
        minProperties: 1,
        additionalProperties: false,
      },
    ],
  };
}

function retrySchema(): Schema {
  const properties: Record<string, unknown> = {};
  for (const field of RETRY_FIELDS) {
    const b = RETRY_BOUNDS[field];
    const type = field === 'backoffMultiplier' || field === 'jitterRatio' ? 'number' : 'integer';
    properties[field] =
      field === 'maxAttempts'
        ? { type, description: `clamped to ${b.min}..${b.max}` }
        : { type, minimum: b.min, maximum: b.max };
  }
  return { type: 'object', properties, additionalProperties: false };
}

function actionSchema(type: ActionType): Schema {
  const spec = definitionOf(type).params;
  const properties: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(spec.fields)) properties[name] = ruleSchema(rule);
  const params: Record<string, unknown> = { type: 'object', properties, additionalProperties: false };
  if (spec.required !== undefined && spec.required.length > 0) params.required = [...spec.required];
  if (spec.schemaExtra !== undefined) Object.assign(params, spec.schemaExtra);
  const paramsNeeded = (spec.required?.length ?? 0) > 0 || spec.schemaExtra?.oneOf !== undefined;
  return {
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: LIMITS.MAX_ACTION_ID_LENGTH,
        pattern: '^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$',
      },
      type: { const: type },
      params,
    },
    required: paramsNeeded ? ['id', 'type', 'params'] : ['id', 'type'],
    additionalProperties: false,
  };
}

/** Builds the schema (pure; call once and cache). */
export function buildExecutionJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://svc.local/schemas/execution.json',
    title: 'svc execution payload (canonical names)',
    description:
      `Validated by svc before any adb call. Also accepted on input: top-level aliases command_id, task_id, ` +
      `expected_format, timeout_ms; action type aliases (tap, type_text, read, snapshot, ...) and param-key aliases; ` +
      `matcher field aliases (id, text, content_desc, ...). ` +
      `Action ids are unique. The serialized payload is at most ${LIMITS.MAX_PAYLOAD_BYTES} bytes of UTF-8.`,
    type: 'object',
    properties: {
      commandId: {
        ...(ruleSchema(TOP_LEVEL_RULES.commandId) as object),
        pattern: '^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$',
      },
      taskId: ruleSchema(TOP_LEVEL_RULES.taskId),
      source: ruleSchema(TOP_LEVEL_RULES.source),
      expectedFormat: { const: 'android-ui-automator' },
      timeoutMs: ruleSchema(TOP_LEVEL_RULES.timeoutMs),
      actions: {
        type: 'array',
        minItems: LIMITS.MIN_EXECUTION_ACTIONS,
        maxItems: LIMITS.MAX_EXECUTION_ACTIONS,
        items: { oneOf: ACTION_TYPES.map((type) => ({ $ref: `#/$defs/action_${type}` })) },
      },
      mode: ruleSchema(TOP_LEVEL_RULES.mode),
    },
    required: ['commandId', 'taskId', 'source', 'expectedFormat', 'timeoutMs', 'actions'],
    additionalProperties: false,
    $defs: {
      NodeMatcher: matcherSchema(),
      Retry: retrySchema(),
      ...Object.fromEntries(ACTION_TYPES.map((type) => [`action_${type}`, actionSchema(type)])),
    },
  };
}

let cached: Record<string, unknown> | undefined;
/** The execution payload JSON Schema (built once). Treat as read-only. */
export function executionJsonSchema(): Record<string, unknown> {
  cached ??= buildExecutionJsonSchema();
  return cached;
}
