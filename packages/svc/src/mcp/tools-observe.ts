// execute (a full execution), snapshot and screenshot, built by the same typed builders as the CLI's commands.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { nodeFileStore } from '../adapters/fs/file-store.ts';
import { plainTimeout, wrapExecution } from '../builders/execution.ts';
import { homeOf } from '../contracts/env.ts';
import { isFullSuccess } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { compactSnapshots } from '../executions/refs/compact-snapshot.ts';
import { imageOptionsSchema } from '../toolbox/screenshot-image.ts';
import { type ShrunkScreenshot, shrinkScreenshots } from '../toolbox/screenshot-result.ts';
import { parseToolArguments } from '../toolbox/tool-arguments.ts';
import { inToolTerms } from './action-argument-names.ts';
import { deviceToolDescription, SELECTOR_GUIDE, SETTLE_GUIDE } from './guidance.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  executionPayloadSchema,
  executionTimeoutSchema,
  type JsonSchema,
  objectSchema,
  paramSchema,
  targetProperties,
} from './schema-parts.ts';
import { checkArguments, int, str, type ToolDef } from './tool-kit.ts';

const timeout = () => executionTimeoutSchema('Execution timeout in ms (default 30000).');

function executeTool(): ToolDef {
  const { execution, $defs } = executionPayloadSchema();
  return {
    name: 'execute',
    title: 'Run an execution',
    description: deviceToolDescription(
      'Run a full execution: 1 to 50 actions in order on one device, one result envelope. Use it to chain steps ' +
        '(open_app, wait_for_node, click, sleep, snapshot_ui, ...) in one round trip. The payload is validated ' +
        'before any device call; aliases (tap, type_text, text, id, ...) are accepted and ' +
        'normalized. commandId must be unique per call (no whitespace) and action ids unique within it. ' +
        'timeoutMs (1000..120000) is the only wall-clock budget: sleeps and waits consume it.',
      SELECTOR_GUIDE,
      SETTLE_GUIDE,
    ),
    inputSchema: { ...objectSchema({ execution, ...targetProperties() }, ['execution']), $defs },
    // The contracts validator checks the execution itself, so aliases are accepted as on the CLI and HTTP.
    enforcedSchema: objectSchema({ execution: { type: 'object' }, ...targetProperties() }, ['execution']),
    annotations: { destructiveHint: true, openWorldHint: false },
    alsoCheck: (args) => {
      if (args.execution === null || typeof args.execution !== 'object') return undefined;
      const outcome = normalizeAndValidateExecution(args.execution);
      return outcome.ok || outcome.error.code !== 'EXECUTION_VALIDATION_FAILED' ? undefined : outcome.error;
    },
    run: async (args, runtime) => runResultToTool(await runOnDevice(args.execution, args, runtime)),
  };
}

function snapshotTool(): ToolDef {
  return {
    name: 'snapshot',
    title: 'Snapshot the UI tree',
    description: deviceToolDescription(
      'Read the screen. By default (format compact) one line per element you can act on or read: a ref (e12), ' +
        'its role, text, label (desc=), id, bounds in device pixels and state (checked, disabled, ...), after a ' +
        'header naming the app and screen size. Pass { "ref": "e12" } as any selector (click, type, read, wait, ' +
        'wait-for-nav, scroll-until, a scroll container, the label of read-value) while the screen is unchanged; ' +
        'after it changed the action fails with STALE_REF and nothing is done: snapshot again. In one execute, ' +
        'refs may follow typing but not a step that can change the screen (click, key, scroll, open). format xml ' +
        'gives the full hierarchy XML (resource-id, text, content-desc, class, clickable, scrollable, bounds) to ' +
        'build selectors for skills.',
      SETTLE_GUIDE,
    ),
    inputSchema: objectSchema({
      ...targetProperties(),
      format: { type: 'string', enum: ['compact', 'xml'], description: 'compact (default) or xml' },
      timeoutMs: timeout(),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (args, runtime) => {
      const raw = checkArguments(() =>
        fromMcp(
          wrapExecution(mcpIds('snapshot'), plainTimeout(int(args, 'timeoutMs')), [
            { id: 'snap', type: 'snapshot_ui' },
          ]),
        ),
      );
      const result = await runOnDevice(raw, args, runtime);
      if (str(args, 'format') === 'xml') return runResultToTool(result);
      const compact = await compactSnapshots({ files: nodeFileStore, home: homeOf(runtime.env, homedir) }, result);
      const text = compact.ok ? compact.envelope.stepResults?.[0]?.data.text : undefined;
      if (text === undefined || !isFullSuccess(compact)) return runResultToTool(compact);
      // The compact screen as plain text (not inside the JSON a second time): it is what the agent reads.
      return {
        content: [{ type: 'text', text }],
        structuredContent: compact as unknown as Record<string, unknown>,
        isError: false,
      };
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

function imageContent(image: ShrunkScreenshot): CallToolResult['content'] {
  const mime = image.format === 'jpeg' ? 'image/jpeg' : 'image/png';
  const note =
    image.scale === 1
      ? `Image ${image.width}x${image.height} = the device screen: its pixels are device pixels.`
      : `Image ${image.width}x${image.height} of the ${image.deviceWidth}x${image.deviceHeight} device screen: ` +
        `multiply image coordinates by ${image.scale.toFixed(4)} to get device pixels (every action takes device pixels).`;
  return [
    { type: 'text', text: note },
    { type: 'image', data: Buffer.from(image.data).toString('base64'), mimeType: mime },
  ];
}

function screenshotTool(): ToolDef {
  const image = z.toJSONSchema(imageOptionsSchema) as { properties: Record<string, JsonSchema> };
  return {
    name: 'screenshot',
    title: 'Screenshot the device',
    description: deviceToolDescription(
      'See the screen. By default the image is a JPEG scaled so its longer side is 1024 px, and the result says ' +
        'the scale: multiply image coordinates by it to get device pixels, which every action takes (the ' +
        'snapshot bounds are device pixels too). maxSize, format (png|jpeg) and quality change that; maxSize ' +
        '10000 with format png gives the full-size PNG. The image is also saved (envelope.stepResults[0].data.path): ' +
        '`path` is a .png file name inside the screenshots folder (SVC_SCREENSHOTS_DIR, else ~/.svc/screenshots); ' +
        'without it the file gets a random name there. ' +
        'Prefer `snapshot` to find selectors; use this to see the screen.',
    ),
    inputSchema: objectSchema({
      ...targetProperties(),
      path: paramSchema('take_screenshot', 'path', 'Where to save the image'),
      maxSize: { ...image.properties.maxSize, description: 'Longest side in pixels (default 1024)' },
      format: { ...image.properties.format, description: 'jpeg (default) or png' },
      quality: { ...image.properties.quality, description: 'JPEG quality 1-100 (default 80)' },
      timeoutMs: timeout(),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
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
          wrapExecution(mcpIds('screenshot'), plainTimeout(int(args, 'timeoutMs')), [
            { id: 'shot', type: 'take_screenshot', ...(path === undefined ? {} : { params: { path } }) },
          ]),
        ),
      );
      const result = await runOnDevice(raw, args, runtime, (error) => inToolTerms('screenshot', error));
      const shrunk = await shrinkScreenshots(nodeFileStore, result, options, path).catch(() => undefined);
      const [image] = shrunk?.images ?? [];
      if (image !== undefined) return runResultToTool(shrunk?.result ?? result, imageContent(image));
      const step = result.ok ? result.envelope.stepResults?.[0] : undefined;
      return runResultToTool(result, step?.success ? await pngContent(step.data.path) : []);
    },
  };
}

export function observeTools(): ToolDef[] {
  return [executeTool(), snapshotTool(), screenshotTool()];
}
