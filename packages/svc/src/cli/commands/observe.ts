// observe snapshot (also `snapshot`, and `inspect ui` in inspect.ts) and observe screenshot (also `screenshot`), SPEC 4.4.
// What they do to a result (compact snapshot, re-encoded screenshot) is in observe-after.ts, shared with the hot path.
import type { Command } from 'commander';
import { CLI_COMMANDS } from '../../builders/surfaces.ts';
import { addInputs, examples } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';
import { showInHelp } from '../help-layout.ts';

export function snapshotCommand(parent: Command, name: string): void {
  const what = 'capture the UI hierarchy XML, or with --format compact one line per element with refs (e12)';
  const command = parent.command(name).description(name === 'ui' ? `${what}; the same as \`svc snapshot\`` : what);
  showInHelp(command, '--format <format>', 'xml (default), compact (one line per element, with refs) or diff');
  command.addHelpText('after', '\n--format compact: act on an element with --ref e3 while the screen is unchanged.\n');
  examples(command.action(builtAction('snapshot')), [
    'svc snapshot',
    'svc snapshot --format compact --output pretty',
    'svc click --ref e3',
  ]);
}

function screenshotCommand(parent: Command, name: string): void {
  const command = parent
    .command(name)
    .description(
      'capture a screenshot: PNG, or scaled / JPEG; saved to --path, else to ~/.svc/screenshots (or SVC_SCREENSHOTS_DIR)',
    );
  addInputs(
    command,
    (CLI_COMMANDS.get('screenshot') ?? []).flatMap(({ surface }) => surface.inputs),
  );
  showInHelp(command, '--format <format>', 'png (default) or jpeg');
  command.addHelpText(
    'after',
    '\n--format png|jpeg chooses the image format (png by default).\n' +
      'Without --path the image goes to ~/.svc/screenshots (SVC_SCREENSHOTS_DIR sets another folder) under a new\n' +
      'random name; the result names it in data.path.\n',
  );
  examples(command.action(builtAction('screenshot')), [
    'svc screenshot --path screen.png',
    'svc screenshot --max-size 1024 --format jpeg --quality 70',
  ]);
}

export function registerObserve(program: Command): void {
  const observe = program.command('observe').description('snapshot or screenshot the device');
  snapshotCommand(observe, 'snapshot');
  screenshotCommand(observe, 'screenshot');
  snapshotCommand(program, 'snapshot');
  screenshotCommand(program, 'screenshot');
}
