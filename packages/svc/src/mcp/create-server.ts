// The MCP server of svc on the SDK's low-level `Server` (M-1): tools/list advertises the JSON Schemas generated
// from the contracts, tools/call enforces them with the SDK's own JSON Schema validator and answers a violation with
// InvalidParams (McpServer would wrap it into an isError result and wants zod schemas). One server per connection.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import { onAdbServerStarted } from '../adapters/adb/started-notice.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { mergeValidationErrors } from '../contracts/validation-issue.ts';
import { svcVersion } from '../core/version.ts';
import { argumentError } from './argument-errors.ts';
import { SERVER_INSTRUCTIONS } from './guidance.ts';
import { advertised } from './schema-parts.ts';
import { errorResult, invalidParams, type McpRuntime, type ToolArgs, type ToolDef } from './tool-kit.ts';
import { allTools } from './tools.ts';

const validators = new WeakMap<ToolDef, ValidateFunction>();
let ajv: Ajv | undefined;

/** Compiled once per tool and process (the HTTP transport builds a server per request). */
function validatorOf(tool: ToolDef): ValidateFunction {
  let validator = validators.get(tool);
  if (validator === undefined) {
    // The SDK's own settings (strict off, every error reported), with the errors kept to name each argument.
    ajv ??= new Ajv({ strict: false, allErrors: true, validateSchema: false });
    validator = ajv.compile(tool.enforcedSchema ?? tool.inputSchema);
    validators.set(tool, validator);
  }
  return validator;
}

async function callTool(tool: ToolDef, rawArgs: unknown, runtime: McpRuntime): Promise<CallToolResult> {
  const args = (rawArgs ?? {}) as ToolArgs;
  const validate = validatorOf(tool);
  if (!validate(args)) {
    // Arguments that break the schema, told with what the tool's own check finds (a bad execution) in one answer.
    const properties = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
    const merged = mergeValidationErrors([
      argumentError(tool.name, validate.errors ?? [], properties),
      tool.alsoCheck?.(args),
    ]);
    throw invalidParams(merged as SvcError);
  }
  try {
    return await tool.run(args, runtime);
  } catch (error) {
    if (error instanceof McpError) throw error;
    // A bug, not an svc failure: keep the stack on stderr, give the agent the message and the code.
    runtime.log(
      `svc mcp: tool ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    return errorResult(errorBodyOf(error));
  }
}

export function createMcpServer(runtime: McpRuntime, tools: readonly ToolDef[] = allTools()): Server {
  const server = new Server(
    { name: 'svc', title: 'svc: drive an Android device', version: svcVersion() },
    { capabilities: { tools: {}, logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  // An adb server svc started goes to the client's log too, not only to stderr (which a client may not show).
  const stopHearing = onAdbServerStarted((text) => {
    server.sendLoggingMessage({ level: 'warning', logger: 'svc', data: text }).catch(() => undefined);
  });
  server.onclose = stopHearing;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      inputSchema: advertised(tool.inputSchema) as { type: 'object' },
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      throw invalidParams(
        new SvcError(
          'EXECUTION_VALIDATION_FAILED',
          `Unknown tool ${JSON.stringify(request.params.name)}`,
          { path: 'name', tool: request.params.name, tools: [...byName.keys()] },
          'Call one of the tools of tools/list (details.tools names them).',
        ),
      );
    }
    return callTool(tool, request.params.arguments, runtime);
  });
  return server;
}
