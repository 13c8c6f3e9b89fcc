// What `snapshot` and `screenshot` do to a run result before it is printed, decided from their flags before the run:
// `--format compact` turns the snapshot's XML into the compact screen (and keeps its refs for the device); image
// options (`--max-size`, `--quality`, `--format png|jpeg`) are checked first, then the PNG is re-encoded. Used by
// the command line and the hot path alike (flat-builders.ts). The heavy parts load only when asked for.
import { type FlagBag, single } from '../builders/flag-values.ts';
import { parseIntegerToken } from '../builders/numeric.ts';
import { homeOf } from '../contracts/env.ts';
import type { RunResult } from '../contracts/types.ts';
import { osHomedir } from '../core/home.ts';
import type { Globals } from './globals.ts';

/** What a command does to a run result before it is printed (screenshot: re-encode the image). */
export type AfterRun = (result: RunResult, globals: Globals) => Promise<RunResult>;

/** `--format compact`: the run's XML becomes the compact screen, and its refs are kept for the device. */
export async function snapshotAfterRun(_flags: FlagBag, globals: Globals): Promise<AfterRun | undefined> {
  if (globals.snapshotFormat !== 'compact') return undefined;
  return async (result: RunResult) => {
    const [{ compactSnapshots }, { nodeFileStore }] = await Promise.all([
      import('../executions/refs/compact-snapshot.ts'),
      import('../adapters/fs/file-store.ts'),
    ]);
    return compactSnapshots({ files: nodeFileStore, home: homeOf(process.env, osHomedir) }, result);
  };
}

/**
 * Without image options, the device's PNG as is. With them, the options are checked before anything runs, and the
 * PNG is re-encoded after the run (the step then names format, size, device size and scale).
 */
export async function screenshotAfterRun(flags: FlagBag, globals: Globals): Promise<AfterRun | undefined> {
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
