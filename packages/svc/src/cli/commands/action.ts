// `svc action <verb>` (SPEC 4.4): explicit forms with raw JSON selectors.
import type { Command } from 'commander';
import { ACTION_BUILDERS } from '../../builders/action-group.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function registerAction(program: Command): void {
  const group = program.command('action').description('run one action with explicit flags');
  const sub = (name: keyof typeof ACTION_BUILDERS, description: string) =>
    group
      .command(name)
      .description(description)
      .action(builtAction(`action-${name}`, ACTION_BUILDERS[name]));

  examples(valueFlag(sub('open-app', 'open an app'), '--app <package>', 'application id'), [
    'svc action open-app --app com.android.settings',
  ]);
  examples(valueFlag(sub('open-uri', 'open a URI'), '--uri <uri>', 'any scheme'), [
    'svc action open-uri --uri https://example.com',
  ]);
  for (const [name, what] of [
    ['click', 'click'],
    ['read', 'read the text of'],
    ['wait', 'wait for'],
  ] as const) {
    examples(valueFlag(sub(name, `${what} the element matching --selector`), '--selector <json>', 'NodeMatcher JSON'), [
      `svc action ${name} --selector '{"textEquals":"Settings"}'`,
    ]);
  }
  const type = valueFlag(
    sub('type', 'type text into the element matching --selector'),
    '--selector <json>',
    'NodeMatcher JSON',
  );
  valueFlag(type, '--text <text>', 'text to enter')
    .option('--submit', 'press enter after typing')
    .option('--clear', 'no effect');
  examples(type, [`svc action type --selector '{"resourceId":"com.android.settings:id/search_src_text"}' --text wifi`]);
  examples(valueFlag(sub('press-key', 'press a key'), '--key <key>', 'back, home or recents'), [
    'svc action press-key --key back',
  ]);
}
