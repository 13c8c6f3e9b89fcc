// Applies the image options to the screenshots of a run result: each successful take_screenshot step's PNG is
// re-encoded (scaled, PNG or JPEG) in place of the device's full PNG, and the step says what it became: `format`,
// `width`/`height` of the image, `device_width`/`device_height` and `scale` (device pixels per image pixel; actions
// always take device pixels). A JPEG saved to a `.png` temp name is renamed `.jpg`; a path the caller chose is kept.
import type { FileStore } from '../adapters/fs/file-store.ts';
import { SvcError } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';
import { type EncodedImage, encodeScreenshot, type ImageOptions } from './screenshot-image.ts';

export interface ShrunkScreenshot extends EncodedImage {
  path: string;
}

/** True when the options ask for anything but the device's own PNG. */
export function changesImage(options: ImageOptions): boolean {
  return options.maxSize !== undefined || options.format === 'jpeg';
}

function pathFor(path: string, format: EncodedImage['format'], chosenByCaller: boolean): string {
  if (chosenByCaller || format !== 'jpeg') return path;
  return path.replace(/\.png$/i, '.jpg');
}

/**
 * The run result with its screenshots re-encoded; `chosenPath` is the path the caller gave (kept as is). Also
 * returns the images, for a front end that sends the bytes on (MCP).
 */
export async function shrinkScreenshots(
  files: FileStore,
  result: RunResult,
  options: ImageOptions,
  chosenPath?: string,
): Promise<{ result: RunResult; images: ShrunkScreenshot[] }> {
  if (!result.ok || !changesImage(options)) return { result, images: [] };
  const images: ShrunkScreenshot[] = [];
  for (const step of result.envelope.stepResults ?? []) {
    if (step.actionType !== 'take_screenshot' || !step.success || !step.data.path) continue;
    const png = await files.readBytes(step.data.path);
    if (png === undefined) throw new SvcError('INTERNAL_ERROR', `The screenshot at ${step.data.path} is gone.`);
    const image = await encodeScreenshot(png, options);
    const path = pathFor(step.data.path, image.format, chosenPath !== undefined);
    await files.writeScreenshot(path, image.data);
    if (path !== step.data.path) await files.remove(step.data.path);
    step.data = {
      ...step.data,
      path,
      format: image.format,
      width: String(image.width),
      height: String(image.height),
      device_width: String(image.deviceWidth),
      device_height: String(image.deviceHeight),
      scale: image.scale.toFixed(4),
    };
    images.push({ ...image, path });
  }
  return { result, images };
}
