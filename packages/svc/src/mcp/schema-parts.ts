// Pieces of the MCP tools' input schemas. An agent pays for every byte of tools/list, so a tool's schema says what
// to send and no more: each argument's type, its allowed values and its fields, from the contracts' execution JSON
// Schema (contracts/schema.ts), never copied by hand; the bounds and formats stay the contracts' to check, and a
// value they refuse is InvalidParams naming the argument. What every tool shares (deviceId, the selector, the
// screen after an action) is described once, in the server's instructions (guidance.ts). Only plain JSON Schema:
// no boolean schemas and no top-level combinators, which some clients refuse.
import { LIMITS, WAIT_DEVICE_MS_SCHEMA } from '../contracts/limits.ts';
import { executionJsonSchema } from '../contracts/schema.ts';
import { SCREEN_FORMS } from '../contracts/screen-request.ts';
import { selectorJsonSchema } from '../contracts/selector-terms.ts';
import { DRIVER_CHOICES } from '../contracts/types.ts';

export type JsonSchema = Record<string, unknown>;

interface ExecutionSchema {
  properties: Record<string, JsonSchema>;
  $defs: Record<string, JsonSchema & { properties: { params: { properties: Record<string, JsonSchema> } } }>;
}

const contract = () => executionJsonSchema() as unknown as ExecutionSchema;

/** The parts of a schema an agent needs to write a value: types, allowed values, fields, items. */
export function lean(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (schema.type !== undefined) out.type = schema.type;
  if (schema.enum !== undefined) out.enum = schema.enum;
  // A number's range is enforced with the schema (a wait of 1e15 ms never reaches a timer); tools/list leaves it out.
  for (const bound of BOUNDS) if (schema[bound] !== undefined) out[bound] = schema[bound];
  if (schema.properties !== undefined) {
    const properties = schema.properties as Record<string, JsonSchema>;
    out.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, lean(value)]));
  }
  if (schema.items !== undefined) out.items = lean(schema.items as JsonSchema);
  return out;
}

const str: JsonSchema = { type: 'string' };

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/** `schema` without the numbers' bounds, at every depth: what tools/list shows (the server still enforces them). */
function unbounded(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((BOUNDS as readonly string[]).includes(key)) continue;
    if (key === 'properties') {
      const properties = value as Record<string, JsonSchema>;
      out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, unbounded(v)]));
    } else if (key === 'items' && typeof value === 'object' && value !== null) {
      out.items = unbounded(value as JsonSchema);
    } else out[key] = value;
  }
  return out;
}

/**
 * One param of one action type, as the validator reads it (lean). A selector (NodeMatcher) shows its short keys
 * (ref, text, textContains, desc, descContains, id, role: the shared definition of contracts/selector-terms.ts) and
 * takes a string (a ref or a text); the contracts check the values (and take the canonical names too).
 */
export function paramSchema(actionType: string, param: string): JsonSchema {
  const schema = contract().$defs[`action_${actionType}`]?.properties.params.properties[param];
  if (schema === undefined) throw new Error(`contracts have no param ${actionType}.${param}`);
  if (schema.$ref === '#/$defs/NodeMatcher') {
    const { enforced, advertised } = selectorJsonSchema();
    ADVERTISED_AS.set(enforced, advertised);
    return enforced;
  }
  const enforced = lean(schema);
  // A point is listed as an object: each tool that takes one says {x, y} (device pixels) in its description.
  if (Array.isArray(schema.required) && schema.required.join() === 'x,y') {
    ADVERTISED_AS.set(enforced, { type: 'object' });
  }
  return enforced;
}

/** The execution `timeoutMs` (1000..120000), a shared argument. */
export function executionTimeoutSchema(): JsonSchema {
  return shared(lean(contract().properties.timeoutMs as JsonSchema));
}

/**
 * An object schema without top-level combinators (some agent APIs refuse oneOf/anyOf at the top). It refuses
 * unknown arguments where it is enforced; tools/list leaves that out (`advertised`): an agent sends what is listed.
 */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * Arguments many tools take, which the server's instructions describe once (the execution's timeoutMs, waitDeviceMs,
 * the screen an action returns):
 * tools/list leaves them out of each schema; they are still accepted and checked.
 */
const SHARED = new WeakSet<JsonSchema>();
/** Arguments enforced with one schema and shown in tools/list with another (a selector: its object branch). */
const ADVERTISED_AS = new WeakMap<JsonSchema, JsonSchema>();
const shared = (schema: JsonSchema): JsonSchema => {
  SHARED.add(schema);
  return schema;
};

/**
 * A fine-tuning argument (actions-in-brief.ts: swipe geometry, settle delays, the on-screen log's styling): accepted
 * and checked, but left out of tools/list as execute's list of actions leaves it out; an agent seldom needs it.
 */
export const unlisted = (schema: JsonSchema): JsonSchema => shared({ ...schema });

/**
 * A tool's schema as tools/list shows it: what to send, without the refusal of what is not listed and without the
 * shared arguments the instructions name.
 */
export function advertised(schema: JsonSchema): JsonSchema {
  const { additionalProperties: _enforcedOnly, properties, ...rest } = schema;
  if (properties === undefined) return unbounded(rest);
  const own = Object.entries(properties as Record<string, JsonSchema>)
    .filter(([, value]) => !SHARED.has(value))
    .map(([key, value]) => [key, ADVERTISED_AS.get(value) ?? value]);
  return unbounded({ ...rest, properties: Object.fromEntries(own) });
}

/**
 * Every device tool takes it, and none lists it (the instructions say it once): with one device it is never needed,
 * and its bytes in forty schemas paid for the selectors' keys.
 */
export const deviceIdSchema: JsonSchema = shared({ type: 'string' });
export const operatorPackageSchema: JsonSchema = str;
export const driverSchema: JsonSchema = { type: 'string', enum: [...DRIVER_CHOICES] };
export const waitDeviceSchema: JsonSchema = shared({ ...WAIT_DEVICE_MS_SCHEMA });

/** The screen an action returns: only what changed since your last read (diff), the whole of it, or none. */
export const screenSchema: JsonSchema = shared({ type: 'string', enum: [...SCREEN_FORMS] });

/** MCP clients call tools in parallel: a busy device is waited for this long by default, then refused. */
export const MCP_DEFAULT_WAIT_DEVICE_MS = LIMITS.MCP_DEFAULT_WAIT_DEVICE_MS;

/** The device of an action tool and the screen it returns: what the server's instructions describe once. */
export function targetProperties(): Record<string, JsonSchema> {
  return { deviceId: deviceIdSchema, screen: screenSchema, waitDeviceMs: waitDeviceSchema };
}

/** Everything that picks how a run reaches the device (execute, doctor, skills): device, package, driver, wait. */
export function fullTargetProperties(): Record<string, JsonSchema> {
  return {
    deviceId: deviceIdSchema,
    operatorPackage: operatorPackageSchema,
    driver: driverSchema,
    allowUntestedOperator: { type: 'boolean' },
    waitDeviceMs: waitDeviceSchema,
  };
}
