// execute (several actions in one call), snapshot (the screen, compact) and screenshot (the picture).
import { readFile } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { nodeFileStore } from '../adapters/fs/file-store.ts';
import { plainTimeout, wrapExecution } from '../builders/execution.ts';
import { inToolTerms } from '../builders/tool-terms.ts';
import { withExecutionDefaults } from '../contracts/execution-defaults.ts';
import { SCREEN_LIMITS, type ScreenChoice } from '../contracts/screen-request.ts';
import { isFullSuccess, type RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { imageOptionsSchema } from '../toolbox/screenshot-image.ts';
import { type ShrunkScreenshot, shrinkScreenshots } from '../toolbox/screenshot-result.ts';
import { parseToolArguments } from '../toolbox/tool-arguments.ts';
import { ACTIONS_IN_BRIEF } from './actions-in-brief.ts';
import { runText } from './result-text.ts';
import { fromMcp, MCP_SOURCE, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  deviceIdSchema,
  fullTargetProperties,
  type JsonSchema,
  lean,
  objectSchema,
  paramSchema,
  screenSchema,
  waitDeviceSchema,
} from './schema-parts.ts';
import { checkArguments, int, str, type ToolArgs, type ToolDef } from './tool-kit.ts';

const budget = {
  maxChars: { type: 'integer', minimum: 0, maximum: SCREEN_LIMITS.maxChars },
  maxElements: { type: 'integer', minimum: 0, maximum: SCREEN_LIMITS.maxElements },
};

/** The execution of a call, with what an agent may leave out filled in (ids, source, format, timeout). */
const executionOf = (args: ToolArgs) => {
  const ids = mcpIds('execute');
  return withExecutionDefaults(args.execution, { ...ids, source: MCP_SOURCE });
};

function executeTool(): ToolDef {
  // Its shape is in the description; the contracts validator checks it in full (aliases included).
  const execution = { type: 'object', required: ['actions'] };
  return {
    name: 'execute',
    description:
      'Run 1-50 actions in order: execution {actions: [{type, params}], timeoutMs?}. Selectors: matcher, ' +
      `container, target, labelMatcher, expectedNode. ${ACTIONS_IN_BRIEF}`,
    inputSchema: objectSchema({ execution, ...fullTargetProperties(), screen: screenSchema, ...budget }, ['execution']),
    // The contracts validator checks the execution itself, so aliases are accepted as on the CLI and HTTP.
    enforcedSchema: objectSchema(
      { execution: { type: 'object' }, ...fullTargetProperties(), screen: screenSchema, ...budget },
      ['execution'],
    ),
    alsoCheck: (args) => {
      if (args.execution === null || typeof args.execution !== 'object') return undefined;
      const outcome = normalizeAndValidateExecution(executionOf(args));
      return outcome.ok || outcome.error.code !== 'EXECUTION_VALIDATION_FAILED' ? undefined : outcome.error;
    },
    run: async (args, runtime) => runResultToTool(await runOnDevice(executionOf(args), args, runtime)),
  };
}

const SNAPSHOT_SCREEN: Readonly<Record<string, ScreenChoice>> = { compact: 'full', diff: 'diff', xml: 'none' };

/** A snapshot's text alone (the screen is the answer); anything else as any run result. */
function snapshotResult(result: RunResult): CallToolResult {
  const step = result.ok ? result.envelope.stepResults?.[0] : undefined;
  if (!isFullSuccess(result) || step?.data.text === undefined) return runResultToTool(result);
  return { content: [{ type: 'text', text: step.data.text }], isError: false };
}

function snapshotTool(): ToolDef {
  return {
    name: 'snapshot',
    description:
      'Read the screen: compact (default) lists elements, diff what changed since your last read, xml the tree.',
    inputSchema: objectSchema({
      format: { type: 'string', enum: Object.keys(SNAPSHOT_SCREEN) },
      ...budget,
      deviceId: deviceIdSchema,
      waitDeviceMs: waitDeviceSchema,
    }),
    annotations: { readOnlyHint: true },
    run: async (args, runtime) => {
      const raw = checkArguments(() =>
        fromMcp(wrapExecution(mcpIds('snapshot'), plainTimeout(undefined), [{ id: 'snap', type: 'snapshot_ui' }])),
      );
      const form = SNAPSHOT_SCREEN[str(args, 'format') ?? 'compact'] ?? 'full';
      return snapshotResult(await runOnDevice(raw, args, runtime, undefined, form));
    },
  };
}

/** The PNG as image content; a file that cannot be read leaves the run result intact and says why. */
async function pngContent(path: string | undefined): Promise<CallToolResult['content']> {
  if (path === undefined) return [];
  try {
    const data = await readFile(path);
    return [{ type: 'image', data: data.toString('base64'), mimeType: 'image/png' }];
  } catch (error) {
    return [{ type: 'text', text: `The PNG at ${path} could not be read: ${(error as Error).message}` }];
  }
}

/** An agent reads a scaled JPEG by default: a full phone PNG costs far more to send and to look at. */
const MCP_IMAGE_DEFAULTS = { maxSize: 1024, format: 'jpeg' } as const;

function imageContent(image: ShrunkScreenshot, path: string | undefined): CallToolResult['content'] {
  const mime = image.format === 'jpeg' ? 'image/jpeg' : 'image/png';
  const size =
    image.scale === 1
      ? `Image ${image.width}x${image.height} = the device screen (device pixels).`
      : `Image ${image.width}x${image.height} of the ${image.deviceWidth}x${image.deviceHeight} screen: ` +
        `image x, y times ${image.scale.toFixed(4)} are device pixels (what actions take).`;
  return [
    { type: 'text', text: path === undefined ? size : `${size} Saved to ${path}.` },
    { type: 'image', data: Buffer.from(image.data).toString('base64'), mimeType: mime },
  ];
}

function screenshotTool(): ToolDef {
  const image = z.toJSONSchema(imageOptionsSchema) as { properties: Record<string, JsonSchema> };
  return {
    name: 'screenshot',
    description:
      'See the screen: a JPEG (longer side 1024 px by default) and its scale to device pixels; `path` keeps a copy.',
    inputSchema: objectSchema({
      path: paramSchema('take_screenshot', 'path'),
      maxSize: lean(image.properties.maxSize as JsonSchema),
      format: lean(image.properties.format as JsonSchema),
      quality: lean(image.properties.quality as JsonSchema),
      deviceId: deviceIdSchema,
      waitDeviceMs: waitDeviceSchema,
    }),
    annotations: { readOnlyHint: true },
    run: async (args, runtime) => {
      const path = str(args, 'path');
      const options = checkArguments(() =>
        parseToolArguments('screenshot', imageOptionsSchema, {
          maxSize: int(args, 'maxSize') ?? MCP_IMAGE_DEFAULTS.maxSize,
          format: str(args, 'format') ?? MCP_IMAGE_DEFAULTS.format,
          ...(args.quality === undefined ? {} : { quality: int(args, 'quality') }),
        }),
      );
      const raw = checkArguments(() =>
        fromMcp(
          wrapExecution(mcpIds('screenshot'), plainTimeout(undefined), [
            { id: 'shot', type: 'take_screenshot', ...(path === undefined ? {} : { params: { path } }) },
          ]),
        ),
      );
      const restate = (error: Parameters<typeof inToolTerms>[1]) => inToolTerms('screenshot', error);
      const result = await runOnDevice(raw, args, runtime, restate, 'none');
      if (!isFullSuccess(result)) return runResultToTool(result);
      const shrunk = await shrinkScreenshots(nodeFileStore, result, options, path).catch(() => undefined);
      const [image] = shrunk?.images ?? [];
      const step = (shrunk?.result ?? result).ok ? (shrunk?.result ?? result) : result;
      const saved = step.ok ? step.envelope.stepResults?.[0]?.data.path : undefined;
      if (image !== undefined) return { content: imageContent(image, saved), isError: false };
      return { content: [{ type: 'text', text: runText(result) }, ...(await pngContent(saved))], isError: false };
    },
  };
}

export function observeTools(): ToolDef[] {
  return [executeTool(), snapshotTool(), screenshotTool()];
}
