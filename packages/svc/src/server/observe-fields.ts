// POST /snapshot's format and POST /screenshot's image fields: maxSize (longer side in pixels), format (png | jpeg), quality (JPEG 1-100).
// Checked before the run (400 EXECUTION_VALIDATION_FAILED naming the field); applied to the PNG after it (the step then names
// format, width, height, device_width, device_height and scale). The image code loads only when asked for.
import type { JsonObject } from '../adapters/http/responses.ts';
import { SvcError } from '../contracts/errors.ts';
import { pickScreenFields, type ScreenRequest, screenRequestOf } from '../contracts/screen-request.ts';
import type { RunResult } from '../contracts/types.ts';

export const IMAGE_FIELDS = ['maxSize', 'format', 'quality'] as const;

export interface ImageRequest {
  apply(result: RunResult, chosenPath: string | undefined): Promise<RunResult>;
}

export async function readImageOptions(body: JsonObject): Promise<ImageRequest | undefined> {
  const given = Object.fromEntries(
    IMAGE_FIELDS.filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]),
  );
  if (Object.keys(given).length === 0) return undefined;
  const [{ imageOptionsSchema }, { parseToolArguments }, { shrinkScreenshots }, { nodeFileStore }] = await Promise.all([
    import('../toolbox/screenshot-image.ts'),
    import('../toolbox/tool-arguments.ts'),
    import('../toolbox/screenshot-result.ts'),
    import('../adapters/fs/file-store.ts'),
  ]);
  const options = parseToolArguments('screenshot', imageOptionsSchema, given);
  return {
    apply: async (result, chosenPath) => (await shrinkScreenshots(nodeFileStore, result, options, chosenPath)).result,
  };
}

export const SNAPSHOT_FORMATS = ['xml', 'compact', 'diff'] as const;

/**
 * POST /snapshot's `format`: xml (default, the hierarchy), compact (one line per element, with refs) or diff (only
 * what changed since the client's last read); with maxChars / maxElements / client as for executions.
 */
export function readSnapshotScreen(body: JsonObject): ScreenRequest | undefined {
  const format = body.format ?? 'xml';
  if (typeof format !== 'string' || !(SNAPSHOT_FORMATS as readonly string[]).includes(format)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `format must be one of ${SNAPSHOT_FORMATS.join(', ')}.`, {
      path: 'format',
      allowed: [...SNAPSHOT_FORMATS],
    });
  }
  const screen = format === 'xml' ? 'none' : format === 'compact' ? 'full' : 'diff';
  return screenRequestOf({ ...pickScreenFields(body), screen });
}
