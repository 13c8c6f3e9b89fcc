// The flat action tools, read off the action definitions (contracts/actions/): each tool's arguments, schema and
// description come from the definition of the action it builds, and its one-action execution is built from its
// arguments by the same rules as every flat tool (builders/from-arguments.ts). Every rule of the execution itself
// is the contracts' to check, on every surface alike.
import { buildTool } from '../builders/from-arguments.ts';
import { type Bound, TOOLS } from '../builders/surfaces.ts';
import type { ToolSurface } from '../contracts/actions/define.ts';
import { SvcError } from '../contracts/errors.ts';
import { inToolTerms } from './action-argument-names.ts';
import { FINE_TUNING } from './actions-in-brief.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  executionTimeoutSchema,
  type JsonSchema,
  objectSchema,
  paramSchema,
  targetProperties,
  unlisted,
} from './schema-parts.ts';
import { checkArguments, type ToolDef } from './tool-kit.ts';

/** Every argument of the tool (all the action types it builds), each once, the one that picks a type included. */
function propertiesOf(bound: readonly Bound<ToolSurface>[]): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const { type, surface } of bound) {
    const { when } = surface;
    if (when !== undefined && !('matches' in when)) properties[when.argument] ??= { type: 'boolean' };
    for (const [argument, spec] of Object.entries(surface.arguments)) {
      const schema = paramSchema(type, spec.param);
      properties[argument] ??= FINE_TUNING.has(spec.param) ? unlisted(schema) : schema;
    }
  }
  return properties;
}

function actionTool(name: string, bound: readonly Bound<ToolSurface>[]): ToolDef {
  const { type, surface } = bound[0] as Bound<ToolSurface>;
  const timeout = surface.actionTimeout === undefined ? executionTimeoutSchema() : paramSchema(type, 'timeoutMs');
  return {
    name,
    description: surface.description,
    inputSchema: objectSchema({ ...propertiesOf(bound), ...targetProperties(), timeoutMs: timeout }, [
      ...(surface.required ?? []),
    ]),
    run: async (args, runtime) => {
      const restate = (error: SvcError) => inToolTerms(name, error);
      const raw = checkArguments(() => {
        try {
          return fromMcp(buildTool(name, args, mcpIds(name)));
        } catch (error) {
          throw error instanceof SvcError ? restate(error) : error;
        }
      });
      return runResultToTool(await runOnDevice(raw, args, runtime, restate));
    },
  };
}

export function actionTools(): ToolDef[] {
  return [...TOOLS].map(([name, bound]) => actionTool(name, bound));
}
