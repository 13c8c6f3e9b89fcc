// Flat element commands of SPEC 4.4: click (tap), read, wait, wait-for-nav, type, read-value.
import type { Command } from 'commander';
import { addContainerFlags, addElementFlags, examples, valueFlag } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

export function registerFlatElement(program: Command): void {
  const click = addElementFlags(program.command('click').alias('tap').description('click an element or a coordinate'))
    .option('--coordinate <x-y...>', 'click at <x> <y> pixels instead of an element')
    .option('--focus', 'focus the element instead of clicking (not with --coordinate)')
    .option('--long', 'long click');
  examples(click.action(builtAction('click')), [
    'svc click --text "Network & internet"',
    'svc tap --id com.android.settings:id/search_src_text --focus',
    'svc click --coordinate 540 1200 --long',
  ]);

  const read = addContainerFlags(
    addElementFlags(program.command('read').description('read the text of an element')),
  ).option('--all', 'return every match');
  valueFlag(read, '--validator <name>', 'temperature, version or regex');
  valueFlag(read, '--validator-pattern <regex>', 'pattern for --validator regex');
  examples(read.action(builtAction('read')), [
    'svc read --id com.android.settings:id/title',
    'svc read --text-contains Wi --container-id com.android.settings:id/recycler_view --all',
  ]);

  const wait = addElementFlags(program.command('wait').description('wait until an element appears'));
  examples(wait.action(builtAction('wait')), ['svc wait --text Settings --timeout 10000']);

  const nav = addElementFlags(
    program.command('wait-for-nav').description('wait until an app or screen is in front (needs --timeout)'),
  );
  valueFlag(nav, '--app <package>', 'expected package in front');
  examples(nav.action(builtAction('wait-for-nav')), [
    'svc wait-for-nav --app com.android.settings --timeout 5000',
    'svc wait-for-nav --text "Internet" --timeout 5000',
  ]);

  const type = addElementFlags(program.command('type').description('type text into a field'), { textIsTarget: false })
    .option('--submit', 'press enter after typing')
    .option('--clear', 'accepted for compatibility; has no effect');
  valueFlag(type, '--text <text>', 'the text to enter');
  examples(type.action(builtAction('type')), [
    'svc type --id com.android.settings:id/search_src_text --text wifi --submit',
  ]);

  const readValue = program.command('read-value').description('read the value next to a label (key/value pair)');
  valueFlag(readValue, '--label <text>', 'label by exact text');
  valueFlag(readValue, '--text <text>', 'same as --label', true);
  valueFlag(readValue, '--label-text <text>', 'same as --label', true);
  valueFlag(readValue, '--label-id <resource-id>', 'label by resource id');
  valueFlag(readValue, '--id <resource-id>', 'same as --label-id', true);
  valueFlag(readValue, '--resource-id <resource-id>', 'same as --label-id', true);
  valueFlag(readValue, '--label-desc <text>', 'label by accessibility label');
  valueFlag(readValue, '--desc <text>', 'same as --label-desc', true);
  valueFlag(readValue, '--content-desc <text>', 'same as --label-desc', true);
  valueFlag(readValue, '--label-ref <eN>', 'label by a ref of the last `snapshot --format compact`, on its own');
  readValue.option('--all', 'return every match');
  examples(readValue.action(builtAction('read-value')), ['svc read-value --label "Android version"']);
}
