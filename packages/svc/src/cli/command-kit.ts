// Small helpers shared by command files: value flags that keep every occurrence (so repeats can be rejected),
// the selector flag set of SPEC 4.4, and help examples.
import { type Command, Option } from 'commander';
import { collectFlag } from '../builders/flag-values.ts';

/** A value flag whose occurrences are collected; `hidden` for aliases (help shows the first spelling). */
export function valueFlag(command: Command, flags: string, description: string, hidden = false): Command {
  const option = new Option(flags, description).argParser(collectFlag);
  return command.addOption(hidden ? option.hideHelp() : option);
}

export function addElementFlags(command: Command, options: { textIsTarget?: boolean } = {}): Command {
  valueFlag(command, '--selector <json>', 'raw NodeMatcher JSON object');
  if (options.textIsTarget !== false) valueFlag(command, '--text <text>', 'exact visible text (textEquals)');
  valueFlag(command, '--text-contains <text>', 'substring of visible text');
  valueFlag(command, '--id <resource-id>', 'exact resource id (<package>:id/<name>)');
  valueFlag(command, '--resource-id <resource-id>', 'same as --id', true);
  valueFlag(command, '--desc <text>', 'exact accessibility label (contentDescEquals)');
  valueFlag(command, '--content-desc <text>', 'same as --desc', true);
  valueFlag(command, '--desc-contains <text>', 'substring of accessibility label');
  valueFlag(command, '--content-desc-contains <text>', 'same as --desc-contains', true);
  valueFlag(command, '--role <role>', 'button, textfield, text, switch, checkbox, image, listitem, toolbar, tab');
  valueFlag(command, '--ref <eN>', 'an element of the last `snapshot --format compact` (e12), on its own');
  return command;
}

export function addContainerFlags(command: Command): Command {
  valueFlag(command, '--container-selector <json>', 'raw NodeMatcher JSON of the container');
  valueFlag(command, '--container-text <text>', 'container by exact text');
  valueFlag(command, '--container-text-contains <text>', 'container by text substring');
  valueFlag(command, '--container-id <resource-id>', 'container by resource id');
  valueFlag(command, '--container-resource-id <resource-id>', 'same as --container-id', true);
  valueFlag(command, '--container-desc <text>', 'container by exact accessibility label');
  valueFlag(command, '--container-content-desc <text>', 'same as --container-desc', true);
  valueFlag(command, '--container-desc-contains <text>', 'container by label substring');
  valueFlag(command, '--container-content-desc-contains <text>', 'same as --container-desc-contains', true);
  valueFlag(command, '--container-role <role>', 'container by role');
  valueFlag(command, '--container-ref <eN>', 'container by a ref of the last `snapshot --format compact`');
  return command;
}

export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
}
