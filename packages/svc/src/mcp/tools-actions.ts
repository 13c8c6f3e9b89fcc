// The flat tools of the one registry (contracts/registry.ts), from one generator: an action tool's arguments, schema
// and description come from the definition of the action it builds, and its one-action execution is built from its
// arguments by the same rules as every flat tool (builders/from-arguments.ts); a chore's tool takes the chore's
// params by name plus deviceId (and waitDeviceMs where it locks the device) and runs its runner. Every rule of the
// params is the contracts' to check, on every surface alike; annotations say what the definition's nature says.
import { homedir } from 'node:os';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { buildTool } from '../builders/from-arguments.ts';
import { type Bound, TOOLS } from '../builders/surfaces.ts';
import { inToolTerms } from '../builders/tool-terms.ts';
import type { ActionNature, ToolSurface } from '../contracts/actions/define.ts';
import type { ChoreDefinition } from '../contracts/chores/define.ts';
import { homeOf } from '../contracts/env.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { REGISTRY } from '../contracts/registry.ts';
import { ruleSchema } from '../contracts/schema.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool, targetOfCall } from './run-on-device.ts';
import {
  deviceIdSchema,
  executionTimeoutSchema,
  type JsonSchema,
  lean,
  MCP_DEFAULT_WAIT_DEVICE_MS,
  objectSchema,
  paramSchema,
  targetProperties,
  waitDeviceSchema,
} from './schema-parts.ts';
import { checkArguments, errorResult, int, invalidParams, okResult, type ToolDef } from './tool-kit.ts';

/**
 * What a definition's nature says to a client, only where it differs from the MCP defaults: a tool that only reads
 * is read-only; one that removes what the user may want back is destructive (said outright, though the default).
 */
export function annotationsOf(nature: ActionNature, destructive = false): ToolAnnotations | undefined {
  if (nature === 'read') return { readOnlyHint: true };
  return destructive ? { destructiveHint: true } : undefined;
}

/** Every argument of the tool (all the action types it builds), each once, the one that picks a type included. */
function propertiesOf(bound: readonly Bound<ToolSurface>[]): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const { type, surface } of bound) {
    const { when } = surface;
    if (when !== undefined && !('matches' in when)) properties[when.argument] ??= { type: 'boolean' };
    for (const [argument, spec] of Object.entries(surface.arguments)) {
      properties[argument] ??= paramSchema(type, spec.param);
    }
  }
  return properties;
}

function actionTool(name: string, bound: readonly Bound<ToolSurface>[]): ToolDef {
  const { type, surface, definition } = bound[0] as Bound<ToolSurface>;
  const timeout = surface.actionTimeout === undefined ? executionTimeoutSchema() : paramSchema(type, 'timeoutMs');
  const annotations = annotationsOf(definition.nature);
  return {
    name,
    description: surface.description,
    inputSchema: objectSchema({ ...propertiesOf(bound), ...targetProperties(), timeoutMs: timeout }, [
      ...(surface.required ?? []),
    ]),
    ...(annotations === undefined ? {} : { annotations }),
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

/** A chore's params as arguments (the field rules' schemas), plus its device and, where it locks, the wait. */
function choreSchema(chore: ChoreDefinition): JsonSchema {
  const own = Object.fromEntries(
    Object.entries(chore.params.fields).map(([key, rule]) => [key, lean(ruleSchema(rule))]),
  );
  const target: Record<string, JsonSchema> = { deviceId: deviceIdSchema };
  if (chore.locksDevice) target.waitDeviceMs = waitDeviceSchema;
  return objectSchema({ ...own, ...target }, [...(chore.params.required ?? [])]);
}

const TARGET_KEYS = new Set(['deviceId', 'waitDeviceMs']);

function choreTool(chore: ChoreDefinition): ToolDef {
  const annotations = annotationsOf(chore.nature, chore.destructive);
  return {
    name: chore.name,
    description: chore.brief,
    inputSchema: choreSchema(chore),
    ...(annotations === undefined ? {} : { annotations }),
    run: async (args, runtime) => {
      const target = checkArguments(() => targetOfCall(args, runtime));
      const params = Object.fromEntries(Object.entries(args).filter(([key]) => !TARGET_KEYS.has(key)));
      const [{ createContext }, { runChore }, { screenshotsDirOf }, { apksDirOf, checkApksDir }] = await Promise.all([
        import('../core/context.ts'),
        import('../toolbox/run-chore.ts'),
        import('../executions/screenshot-paths.ts'),
        import('../toolbox/apk-source.ts'),
      ]);
      const ctx = createContext({ env: runtime.env, cwd: runtime.cwd });
      try {
        const apksDir = apksDirOf(runtime.env);
        const result = await runChore(ctx, chore, {
          params,
          target,
          cwd: runtime.cwd,
          // A file a chore writes (record-pull) stays inside the screenshots folder, as a screenshot does.
          outputDir: screenshotsDirOf(runtime.env, homeOf(runtime.env, homedir)),
          // `install` reads an APK only from the folder the user named (--apks-dir, SVC_APKS_DIR).
          apksDir: apksDir === null ? null : checkApksDir(apksDir, 'SVC_APKS_DIR'),
          waitDeviceMs: int(args, 'waitDeviceMs') ?? (chore.locksDevice ? MCP_DEFAULT_WAIT_DEVICE_MS : 0),
        });
        return okResult(result);
      } catch (error) {
        // The chore's own checks of its params (what a JSON Schema cannot say) are the caller's fault too.
        if (error instanceof SvcError && error.code === 'EXECUTION_VALIDATION_FAILED') throw invalidParams(error);
        return errorResult(errorBodyOf(error));
      } finally {
        await ctx.close();
      }
    },
  };
}

/** The action tools, then the chores' tools, in the order the registry lists them. */
export function registryTools(): ToolDef[] {
  return [...[...TOOLS].map(([name, bound]) => actionTool(name, bound)), ...REGISTRY.chores.map(choreTool)];
}
