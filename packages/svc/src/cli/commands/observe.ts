// observe snapshot (also `snapshot`, and `inspect ui` in inspect.ts) and observe screenshot (also `screenshot`), SPEC 4.4.
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { buildScreenshot, buildSnapshot } from '../../builders/flat-simple.ts';
import { parseIntegerToken } from '../../builders/numeric.ts';
import { homeOf } from '../../contracts/env.ts';
import { errorBodyOf } from '../../contracts/errors.ts';
import type { RunResult } from '../../contracts/types.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';
import { type Globals, readGlobals } from '../globals.ts';
import { printError } from '../output.ts';

export function snapshotCommand(parent: Command, name: string): void {
  const command = parent
    .command(name)
    .description('capture the UI hierarchy XML, or with --format compact one line per element with refs (e12)');
  command.addHelpText('after', '\n--format compact: act on an element with --ref e3 while the screen is unchanged.\n');
  examples(command.action(snapshotAction()), [
    'svc snapshot',
    'svc snapshot --format compact --output pretty',
    'svc click --ref e3',
  ]);
}

/** `--format compact`: the run's XML becomes the compact screen, and its refs are kept for the device. */
function snapshotAction() {
  const after = async (result: RunResult, globals: Globals) => {
    if (globals.snapshotFormat !== 'compact') return result;
    const [{ compactSnapshots }, { nodeFileStore }] = await Promise.all([
      import('../../executions/refs/compact-snapshot.ts'),
      import('../../adapters/fs/file-store.ts'),
    ]);
    return compactSnapshots({ files: nodeFileStore, home: homeOf(process.env, homedir) }, result);
  };
  return builtAction('snapshot', buildSnapshot, after);
}

function screenshotCommand(parent: Command, name: string): void {
  const command = parent
    .command(name)
    .description('capture a screenshot: PNG, or scaled / JPEG (temp file unless --path)');
  valueFlag(command, '--path <file>', 'where to save the image (relative to the current directory)');
  valueFlag(command, '--max-size <px>', 'scale down so the longer side is at most this many pixels');
  valueFlag(command, '--quality <1-100>', 'JPEG quality (with --format jpeg; default 80)');
  command.addHelpText('after', '\n--format png|jpeg chooses the image format (png by default).\n');
  examples(command.action(screenshotAction()), [
    'svc screenshot --path screen.png',
    'svc screenshot --max-size 1024 --format jpeg --quality 70',
  ]);
}

/**
 * Without image options, the device's PNG as is. With them, the options are checked before anything runs, and the
 * PNG is re-encoded after the run (the step then names format, size, device size and scale).
 */
function screenshotAction() {
  const plain = builtAction('screenshot', buildScreenshot);
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    const flags = command.opts();
    let globals: Globals | undefined;
    try {
      globals = readGlobals(command);
      const maxSize = single(flags, ['maxSize']);
      const quality = single(flags, ['quality']);
      if (maxSize === undefined && quality === undefined && globals.imageFormat === undefined)
        return plain(...received);
      const [{ imageOptionsSchema }, { parseToolArguments }] = await Promise.all([
        import('../../toolbox/screenshot-image.ts'),
        import('../../toolbox/tool-arguments.ts'),
      ]);
      const options = parseToolArguments('screenshot', imageOptionsSchema, {
        ...(maxSize === undefined ? {} : { maxSize: parseIntegerToken(maxSize, '--max-size', 'maxSize') }),
        ...(quality === undefined ? {} : { quality: parseIntegerToken(quality, '--quality', 'quality') }),
        ...(globals.imageFormat === undefined ? {} : { format: globals.imageFormat }),
      });
      const chosenPath = single(flags, ['path']);
      const after = async (result: RunResult) => {
        const [{ shrinkScreenshots }, { nodeFileStore }] = await Promise.all([
          import('../../toolbox/screenshot-result.ts'),
          import('../../adapters/fs/file-store.ts'),
        ]);
        return (await shrinkScreenshots(nodeFileStore, result, options, chosenPath)).result;
      };
      return builtAction('screenshot', buildScreenshot, after)(...received);
    } catch (error) {
      printError(globals?.output ?? 'json', errorBodyOf(error));
      process.exitCode = 1;
    }
  };
}

export function registerObserve(program: Command): void {
  const observe = program.command('observe').description('snapshot or screenshot the device');
  snapshotCommand(observe, 'snapshot');
  screenshotCommand(observe, 'screenshot');
  snapshotCommand(program, 'snapshot');
  screenshotCommand(program, 'screenshot');
}
