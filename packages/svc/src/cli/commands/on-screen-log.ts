// `svc on-screen-log set|clear` (SPEC 4.4, DECISIONS 7): the operator's small on-device panel.
import type { Command } from 'commander';
import { buildOnScreenLogClear, buildOnScreenLogSet } from '../../builders/on-screen-log.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function registerOnScreenLog(program: Command): void {
  const group = program.command('on-screen-log').description('show or clear a small text panel on the device screen');
  const set = group.command('set').description('show text in the panel (replaces the previous panel)');
  valueFlag(set, '--text <text>', 'text to show (newlines kept)');
  valueFlag(set, '--anchor <side>', 'left or right (default right)');
  valueFlag(set, '--text-align <side>', 'left (default) or right');
  valueFlag(set, '--top-offset-dp <n>', 'distance from the usable top (default 48)');
  valueFlag(set, '--edge-offset-dp <n>', 'distance from the anchored side (default 8)');
  valueFlag(set, '--width-dp <n>', 'panel width incl. 8 dp padding (default 240)');
  valueFlag(set, '--font-size-sp <n>', 'font size (default 12)');
  valueFlag(set, '--text-color <#AARRGGBB>', 'default #FFFFFFFF');
  valueFlag(set, '--background-color <#AARRGGBB>', 'default #B3000000');
  valueFlag(set, '--ttl-ms <ms>', 'remove after this long; 0 keeps it (default 10000)');
  examples(set.action(builtAction('on-screen-log', buildOnScreenLogSet)), [
    'svc on-screen-log set --text "step 3 of 5: opening settings"',
    'svc on-screen-log set --text "left" --anchor left --top-offset-dp 0 --ttl-ms 0',
  ]);
  examples(
    group.command('clear').description('remove the panel').action(builtAction('on-screen-log', buildOnScreenLogClear)),
    ['svc on-screen-log clear'],
  );
}
