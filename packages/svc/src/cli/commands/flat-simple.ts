// Flat commands without selectors (SPEC 4.4): open, close (close-app), press, back, sleep.
import type { Command } from 'commander';
import { examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function registerFlatSimple(program: Command): void {
  examples(
    program
      .command('open')
      .description('open an app by package, or a URI (anything with a scheme) with its handler')
      .argument('<package-or-uri>')
      .action(builtAction('open')),
    ['svc open com.android.settings', 'svc open https://example.com'],
  );
  examples(
    program
      .command('close')
      .alias('close-app')
      .description('force-stop an app')
      .argument('<package>')
      .action(builtAction('close')),
    ['svc close com.android.settings'],
  );
  const press = program.command('press').description('press a key: back, home or recents').argument('[key]');
  valueFlag(press, '--key <key>', 'back, home or recents');
  examples(press.action(builtAction('press')), ['svc press home', 'svc press --key recents']);
  examples(program.command('back').description('press back').action(builtAction('back')), ['svc back']);
  examples(
    program
      .command('sleep')
      .description('sleep on the device (uses the execution time budget)')
      .argument('<duration-ms>')
      .action(builtAction('sleep')),
    ['svc sleep 1500'],
  );
}
