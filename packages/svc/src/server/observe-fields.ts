// POST /snapshot's format and POST /screenshot's image fields: maxSize (longer side in pixels), format (png | jpeg), quality (JPEG 1-100).
// Checked before the run (400 EXECUTION_VALIDATION_FAILED naming the field); applied to the PNG after it (the step then names
// format, width, height, device_width, device_height and scale). The image code loads only when asked for.
import type { JsonObject } from '../adapters/http/responses.ts';
import { SvcError } from '../contracts/errors.ts';
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

/** POST /snapshot's `format`: xml (default, the hierarchy) or compact (one line per element, with refs). */
export function readSnapshotFormat(body: JsonObject): 'xml' | 'compact' {
  const format = body.format;
  if (format === undefined || format === 'xml' || format === 'compact') return format ?? 'xml';
  throw new SvcError('EXECUTION_VALIDATION_FAILED', 'format must be xml or compact.', {
    path: 'format',
    allowed: ['xml', 'compact'],
  });
}
