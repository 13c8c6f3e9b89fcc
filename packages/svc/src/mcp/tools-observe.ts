// execute (a full execution), snapshot and screenshot, built by the same typed builders as the CLI's commands.
import { readFile } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as oneAction from '../builders/one-action.ts';
import { deviceToolDescription, SELECTOR_GUIDE, SETTLE_GUIDE } from './guidance.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  executionPayloadSchema,
  executionTimeoutSchema,
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
    run: async (args, runtime) => runResultToTool(await runOnDevice(args.execution, args, runtime)),
  };
}

function snapshotTool(): ToolDef {
  return {
    name: 'snapshot',
    title: 'Snapshot the UI tree',
    description: deviceToolDescription(
      'Capture the current UI hierarchy as XML (envelope.stepResults[0].data.text): `node` elements with ' +
        'resource-id, text, content-desc, class, clickable, scrollable, bounds. Read it before acting to pick ' +
        'stable selectors.',
      SETTLE_GUIDE,
    ),
    inputSchema: objectSchema({ ...targetProperties(), timeoutMs: timeout() }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (args, runtime) => {
      const raw = checkArguments(() =>
        fromMcp(oneAction.snapshot({ ids: mcpIds('snapshot'), timeoutMs: int(args, 'timeoutMs') })),
      );
      return runResultToTool(await runOnDevice(raw, args, runtime));
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

function screenshotTool(): ToolDef {
  return {
    name: 'screenshot',
    title: 'Screenshot the device',
    description: deviceToolDescription(
      'Capture the screen as PNG. The result holds the image (image content) and the saved file path ' +
        '(envelope.stepResults[0].data.path). `path` is a .png file name inside the screenshots folder ' +
        '(SVC_SCREENSHOTS_DIR, else ~/.svc/screenshots); without it the file gets a random name there. ' +
        'Prefer `snapshot` to find selectors; use this to see the screen.',
    ),
    inputSchema: objectSchema({
      ...targetProperties(),
      path: paramSchema('take_screenshot', 'path', 'Where to save the PNG'),
      timeoutMs: timeout(),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (args, runtime) => {
      const path = str(args, 'path');
      const raw = checkArguments(() =>
        fromMcp(oneAction.screenshot({ ids: mcpIds('screenshot'), timeoutMs: int(args, 'timeoutMs') }, path)),
      );
      const result = await runOnDevice(raw, args, runtime);
      const step = result.ok ? result.envelope.stepResults?.[0] : undefined;
      const image = step?.success ? await pngContent(step.data.path) : [];
      return runResultToTool(result, image);
    },
  };
}

export function observeTools(): ToolDef[] {
  return [executeTool(), snapshotTool(), screenshotTool()];
}
