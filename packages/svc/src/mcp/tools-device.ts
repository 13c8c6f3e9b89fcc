// The device tools (toolbox/catalog.ts) as MCP tools: the tool's own argument schema plus deviceId and
// waitDeviceMs. A bad argument is InvalidParams naming it (the schema, then the tool's own checks); every other
// failure (NO_DEVICES, APP_NOT_INSTALLED, CLIPBOARD_UNAVAILABLE, ...) is an isError result with code and hint.
import { homedir } from 'node:os';
import { z } from 'zod';
import { homeOf } from '../contracts/env.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { DEVICE_TOOLS } from '../toolbox/catalog.ts';
import type { DeviceTool } from '../toolbox/tool.ts';
import { targetOfCall } from './run-on-device.ts';
import {
  deviceIdSchema,
  type JsonSchema,
  lean,
  MCP_DEFAULT_WAIT_DEVICE_MS,
  objectSchema,
  waitDeviceSchema,
} from './schema-parts.ts';
import { checkArguments, errorResult, int, invalidParams, okResult, type ToolDef } from './tool-kit.ts';

const TARGET_KEYS = new Set(['deviceId', 'waitDeviceMs']);

function inputSchemaOf(tool: DeviceTool<never>): JsonSchema {
  const { properties = {}, required = [] } = z.toJSONSchema(tool.args) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const own = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, lean(value)]));
  const target: Record<string, JsonSchema> = { deviceId: deviceIdSchema };
  if (tool.locksDevice) target.waitDeviceMs = waitDeviceSchema;
  return objectSchema({ ...own, ...target }, required);
}

function mcpTool(tool: DeviceTool<never>): ToolDef {
  return {
    name: tool.name,
    description: tool.brief,
    inputSchema: inputSchemaOf(tool),
    ...(tool.readOnly ? { annotations: { readOnlyHint: true } } : {}),
    run: async (args, runtime) => {
      const target = checkArguments(() => targetOfCall(args, runtime));
      const toolArgs = Object.fromEntries(Object.entries(args).filter(([key]) => !TARGET_KEYS.has(key)));
      const [{ createContext }, { runTool }, { screenshotsDirOf }, { apksDirOf, checkApksDir }] = await Promise.all([
        import('../core/context.ts'),
        import('../toolbox/run-tool.ts'),
        import('../executions/screenshot-paths.ts'),
        import('../toolbox/apk-source.ts'),
      ]);
      const ctx = createContext({ env: runtime.env, cwd: runtime.cwd });
      try {
        const result = await runTool(ctx, tool, {
          args: toolArgs,
          target,
          cwd: runtime.cwd,
          // A file a tool writes (record-pull) stays inside the screenshots folder, as a screenshot does.
          outputDir: screenshotsDirOf(runtime.env, homeOf(runtime.env, homedir)),
          // `install` reads an APK only from the folder the user named (--apks-dir, SVC_APKS_DIR).
          apksDir: apksFolder(apksDirOf(runtime.env), checkApksDir),
          waitDeviceMs: int(args, 'waitDeviceMs') ?? (tool.locksDevice ? MCP_DEFAULT_WAIT_DEVICE_MS : 0),
        });
        return okResult(result);
      } catch (error) {
        // The tool's own argument checks (what a JSON Schema cannot say) are the caller's fault too.
        if (error instanceof SvcError && error.code === 'EXECUTION_VALIDATION_FAILED') throw invalidParams(error);
        return errorResult(errorBodyOf(error));
      } finally {
        await ctx.close();
      }
    },
  };
}

function apksFolder(dir: string | null, check: (dir: string, field: string) => string): string | null {
  return dir === null ? null : check(dir, 'SVC_APKS_DIR');
}

export function deviceTools(): ToolDef[] {
  return DEVICE_TOOLS.map(mcpTool);
}
