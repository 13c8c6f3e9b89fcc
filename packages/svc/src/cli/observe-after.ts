// What `screenshot` does to a run result before it is printed, decided from its flags before the run: image options
// (`--max-size`, `--quality`, `--format png|jpeg`) are checked first, then the PNG is re-encoded. Used by the command
// line and the hot path alike (flat-builders.ts). The heavy parts load only when asked for. (A compact snapshot is
// made where the execution runs: `--format compact` asks for it with the execution.)
import { type FlagBag, single } from '../builders/flag-values.ts';
import { parseIntegerToken } from '../builders/numeric.ts';
import { SvcError } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';
import type { Globals } from './globals.ts';

/** What a command does to a run result before it is printed (screenshot: re-encode the image). */
export type AfterRun = (result: RunResult, globals: Globals) => Promise<RunResult>;

/**
 * Without image options, the device's PNG as is. With them, the options are checked before anything runs, and the
 * PNG is re-encoded after the run (the step then names format, size, device size and scale).
 */
export async function screenshotAfterRun(flags: FlagBag, globals: Globals): Promise<AfterRun | undefined> {
  checkImageName(single(flags, ['path']), globals.imageFormat ?? 'png');
  const maxSize = single(flags, ['maxSize']);
  const quality = single(flags, ['quality']);
  if (maxSize === undefined && quality === undefined && globals.imageFormat === undefined) return undefined;
  const [{ imageOptionsSchema }, { parseToolArguments }] = await Promise.all([
    import('../toolbox/screenshot-image.ts'),
    import('../toolbox/tool-arguments.ts'),
  ]);
  const options = parseToolArguments('screenshot', imageOptionsSchema, {
    ...(maxSize === undefined ? {} : { maxSize: parseIntegerToken(maxSize, '--max-size', 'maxSize') }),
    ...(quality === undefined ? {} : { quality: parseIntegerToken(quality, '--quality', 'quality') }),
    ...(globals.imageFormat === undefined ? {} : { format: globals.imageFormat }),
  });
  const chosenPath = single(flags, ['path']);
  return async (result: RunResult) => {
    const [{ shrinkScreenshots }, { nodeFileStore }] = await Promise.all([
      import('../toolbox/screenshot-result.ts'),
      import('../adapters/fs/file-store.ts'),
    ]);
    return (await shrinkScreenshots(nodeFileStore, result, options, chosenPath)).result;
  };
}

/**
 * `--path` names an image of the chosen format: `.png` (or `.jpg`/`.jpeg` with --format jpeg). A PNG written into
 * `notes.txt` without a word would surprise; the name is refused before anything runs, saying what to name it.
 */
function checkImageName(path: string | undefined, format: string): void {
  if (path === undefined) return;
  const jpeg = format === 'jpeg';
  if ((jpeg ? /\.jpe?g$/i : /\.png$/i).test(path)) return;
  throw new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    jpeg
      ? `--path ${path}: a JPEG screenshot is saved under a .jpg or .jpeg name.`
      : `--path ${path}: a screenshot is a PNG image; name the file *.png (or add --format jpeg for a *.jpg).`,
    { path: '--path', value: path },
  );
}
