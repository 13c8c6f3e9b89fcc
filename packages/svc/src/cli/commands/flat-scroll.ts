// Flat scroll commands (SPEC 4.4): scroll, scroll-until (--click → scroll_and_click), scroll-and-click.
import type { Command } from 'commander';
import { addContainerFlags, addElementFlags, examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function registerFlatScroll(program: Command): void {
  const scroll = addContainerFlags(
    program.command('scroll').description('scroll once (direction: down, up, left, right; default down)'),
  ).argument('[direction]');
  valueFlag(scroll, '--direction <direction>', 'down, up, left or right');
  examples(scroll.action(builtAction('scroll')), [
    'svc scroll down',
    'svc scroll up --container-id com.android.settings:id/recycler_view',
  ]);

  const until = addContainerFlags(
    addElementFlags(program.command('scroll-until').description('scroll until an element is visible')),
  ).option('--click', 'click it when found (scroll_and_click)');
  valueFlag(until, '--direction <direction>', 'down (default), up, left or right');
  valueFlag(until, '--max-scrolls <n>', 'at most this many scrolls (1..200)');
  valueFlag(until, '--max-duration-ms <ms>', 'stop after this long (0..120000)');
  valueFlag(until, '--max-swipes <n>', 'with --click: at most this many swipes (1..50)');
  until.option('--long', 'with --click: long click');
  examples(until.action(builtAction('scroll-until')), [
    'svc scroll-until --text "About phone"',
    'svc scroll-until --text "About phone" --click',
  ]);

  const sac = addContainerFlags(
    addElementFlags(program.command('scroll-and-click').description('scroll until an element is visible, then click')),
  ).option('--long', 'long click');
  valueFlag(sac, '--direction <direction>', 'down (default), up, left or right');
  valueFlag(sac, '--max-swipes <n>', 'at most this many swipes (1..50)');
  examples(sac.action(builtAction('scroll-and-click')), ['svc scroll-and-click --text "About phone"']);
}
