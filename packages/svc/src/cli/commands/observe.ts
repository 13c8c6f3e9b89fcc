// observe snapshot (also `snapshot`, and `inspect ui` in inspect.ts) and observe screenshot (also `screenshot`), SPEC 4.4.
import type { Command } from 'commander';
import { examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function snapshotCommand(parent: Command, name: string): void {
  examples(parent.command(name).description('capture the UI hierarchy XML').action(builtAction('snapshot')), [
    'svc snapshot',
    'svc snapshot --output pretty',
  ]);
}

function screenshotCommand(parent: Command, name: string): void {
  const command = parent.command(name).description('capture a PNG screenshot (temp file unless --path)');
  valueFlag(command, '--path <file>', 'where to save the PNG (relative to the current directory)');
  examples(command.action(builtAction('screenshot')), ['svc screenshot --path screen.png']);
}

export function registerObserve(program: Command): void {
  const observe = program.command('observe').description('snapshot or screenshot the device');
  snapshotCommand(observe, 'snapshot');
  screenshotCommand(observe, 'screenshot');
  snapshotCommand(program, 'snapshot');
  screenshotCommand(program, 'screenshot');
}
