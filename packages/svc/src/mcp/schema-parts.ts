// Pieces of the MCP tools' input schemas. An agent pays for every byte of tools/list, so a tool's schema says what
// to send and no more: each argument's type, its allowed values and its fields, from the contracts' execution JSON
// Schema (contracts/schema.ts), never copied by hand; the bounds and formats stay the contracts' to check, and a
// value they refuse is InvalidParams naming the argument. What every tool shares (deviceId, the selector, the
// screen after an action) is described once, in the server's instructions (guidance.ts). Only plain JSON Schema:
// no boolean schemas and no top-level combinators, which some clients refuse.
import { LIMITS } from '../contracts/limits.ts';
import { executionJsonSchema } from '../contracts/schema.ts';
import { SCREEN_FORMS } from '../contracts/screen-request.ts';
import { DRIVER_CHOICES } from '../contracts/types.ts';

export type JsonSchema = Record<string, unknown>;

interface ExecutionSchema {
  properties: Record<string, JsonSchema>;
  $defs: Record<string, JsonSchema & { properties: { params: { properties: Record<string, JsonSchema> } } }>;
}

const contract = () => executionJsonSchema() as unknown as ExecutionSchema;

/**
 * The parts of a schema an agent needs to write a value: types, allowed values, fields, items (and, with
 * `keepDescriptions`, what each is for, where the name does not say it).
 */
export function lean(schema: JsonSchema, keepDescriptions = false): JsonSchema {
  const out: JsonSchema = {};
  if (schema.type !== undefined) out.type = schema.type;
  if (schema.enum !== undefined) out.enum = schema.enum;
  if (schema.properties !== undefined) {
    const properties = schema.properties as Record<string, JsonSchema>;
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, lean(value, keepDescriptions)]),
    );
  }
  if (schema.items !== undefined) out.items = lean(schema.items as JsonSchema, keepDescriptions);
  if (keepDescriptions && typeof schema.description === 'string') out.description = schema.description;
  return out;
}

const described = (schema: JsonSchema, description: string | undefined): JsonSchema =>
  description === undefined ? schema : { ...schema, description };

const str: JsonSchema = { type: 'string' };
const int: JsonSchema = { type: 'integer' };

/**
 * A selector (NodeMatcher) by the keys the compact screen prints: `{ "ref": "e12" }`, or text, id, desc and the
 * others, all of which must match. The contracts also take the canonical names (textEquals, resourceId, ...).
 */
export function matcherSchema(description?: string): JsonSchema {
  const keys = ['ref', 'text', 'textContains', 'desc', 'descContains', 'id', 'role'];
  return described({ type: 'object', properties: Object.fromEntries(keys.map((key) => [key, str])) }, description);
}

/** One param of one action type, as the validator reads it (lean); a NodeMatcher is the selector schema. */
export function paramSchema(actionType: string, param: string, description?: string): JsonSchema {
  const schema = contract().$defs[`action_${actionType}`]?.properties.params.properties[param];
  if (schema === undefined) throw new Error(`contracts have no param ${actionType}.${param}`);
  if (schema.$ref === '#/$defs/NodeMatcher') return matcherSchema(description);
  return described(lean(schema), description);
}

/** The execution `timeoutMs` (1000..120000). */
export function executionTimeoutSchema(description?: string): JsonSchema {
  return described(lean(contract().properties.timeoutMs as JsonSchema), description);
}

/** An object schema without top-level combinators (some agent APIs refuse oneOf/anyOf at the top). */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

export const deviceIdSchema: JsonSchema = str;
export const operatorPackageSchema: JsonSchema = str;
export const driverSchema: JsonSchema = { type: 'string', enum: [...DRIVER_CHOICES] };
export const waitDeviceSchema: JsonSchema = int;

/** The screen an action returns: only what changed since your last read (diff), the whole of it, or none. */
export const screenSchema: JsonSchema = { type: 'string', enum: [...SCREEN_FORMS] };

/** MCP clients call tools in parallel: a busy device is waited for this long by default, then refused. */
export const MCP_DEFAULT_WAIT_DEVICE_MS = LIMITS.MCP_DEFAULT_WAIT_DEVICE_MS;

/** The device of an action tool and the screen it returns: what the server's instructions describe once. */
export function targetProperties(): Record<string, JsonSchema> {
  return { deviceId: deviceIdSchema, screen: screenSchema };
}

/** Everything that picks how a run reaches the device (execute, doctor, skills): device, package, driver, wait. */
export function fullTargetProperties(): Record<string, JsonSchema> {
  return { deviceId: deviceIdSchema, operatorPackage: operatorPackageSchema, driver: driverSchema, waitDeviceMs: int };
}
