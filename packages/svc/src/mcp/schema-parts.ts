// Pieces of the MCP tools' input schemas, taken from the contracts' execution JSON Schema (contracts/schema.ts), so a
// tool accepts exactly what the validator accepts for that field: no schema is copied by hand. Only the arguments
// that are not part of an execution (device, operator package, skills) are described here.
import { OPERATOR_PACKAGES } from '../contracts/dispatch.ts';
import { LIMITS } from '../contracts/limits.ts';
import { executionJsonSchema } from '../contracts/schema.ts';
import { DRIVER_CHOICES } from '../contracts/types.ts';

export type JsonSchema = Record<string, unknown>;

interface ExecutionSchema {
  properties: Record<string, JsonSchema>;
  $defs: Record<string, JsonSchema & { properties: { params: { properties: Record<string, JsonSchema> } } }>;
}

const contract = () => executionJsonSchema() as unknown as ExecutionSchema;
const clone = <T>(value: T): T => structuredClone(value);
const described = (schema: JsonSchema, description: string | undefined): JsonSchema =>
  description === undefined ? schema : { ...schema, description };

/** The NodeMatcher of SPEC 2.3, inlined (flat tools carry no `$defs`). */
export function matcherSchema(description?: string): JsonSchema {
  const matcher = clone(contract().$defs.NodeMatcher as JsonSchema);
  return described(matcher, description ?? (matcher.description as string));
}

/** One param of one action type, as the validator checks it; a `$ref` to NodeMatcher is inlined. */
export function paramSchema(actionType: string, param: string, description?: string): JsonSchema {
  const schema = contract().$defs[`action_${actionType}`]?.properties.params.properties[param];
  if (schema === undefined) throw new Error(`contracts have no param ${actionType}.${param}`);
  if (schema.$ref === '#/$defs/NodeMatcher') return matcherSchema(description);
  const copy = clone(schema);
  const note = [copy.description, description].filter(Boolean).join('; ');
  return described(copy, note === '' ? undefined : note);
}

/** The execution `timeoutMs` (1000..120000). */
export function executionTimeoutSchema(description: string): JsonSchema {
  return described(clone(contract().properties.timeoutMs as JsonSchema), description);
}

/** The whole execution payload schema, split into the property schema and the `$defs` it refers to. */
export function executionPayloadSchema(): { execution: JsonSchema; $defs: JsonSchema } {
  const { $schema: _schema, $id: _id, $defs, ...execution } = clone(executionJsonSchema());
  return { execution, $defs: $defs as JsonSchema };
}

export const deviceIdSchema: JsonSchema = {
  type: 'string',
  minLength: 1,
  description:
    'Device serial from the `devices` tool. Omit when exactly one device is connected (or ANDROID_SERIAL is set).',
};

export const operatorPackageSchema: JsonSchema = {
  type: 'string',
  minLength: 1,
  pattern: '\\S',
  description: `Operator app package (default: SVC_OPERATOR_PACKAGE, else ${OPERATOR_PACKAGES.release}).`,
};

/** An object schema without top-level combinators (some agent APIs refuse oneOf/anyOf at the top). */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

export const driverSchema: JsonSchema = {
  type: 'string',
  enum: [...DRIVER_CHOICES],
  description:
    'How to reach the device: auto (default: the operator app where it is installed, else adb), operator, or adb ' +
    '(shell tools only: works on any phone; no on-screen log, printable ASCII text only).',
};

/** MCP clients call tools in parallel: a busy device is waited for this long by default, then refused. */
export const MCP_DEFAULT_WAIT_DEVICE_MS = LIMITS.MCP_DEFAULT_WAIT_DEVICE_MS;

export const waitDeviceSchema: JsonSchema = {
  type: 'integer',
  minimum: 0,
  maximum: LIMITS.MAX_WAIT_DEVICE_MS,
  description: `How long to wait for a device busy with another execution before EXECUTION_CONFLICT_IN_FLIGHT (default ${MCP_DEFAULT_WAIT_DEVICE_MS}).`,
};

/** deviceId, operatorPackage, driver and waitDeviceMs: the target of every device tool. */
export function targetProperties(): Record<string, JsonSchema> {
  return {
    deviceId: deviceIdSchema,
    operatorPackage: operatorPackageSchema,
    driver: driverSchema,
    waitDeviceMs: waitDeviceSchema,
  };
}
