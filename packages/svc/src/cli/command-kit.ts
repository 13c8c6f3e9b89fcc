// Small helpers shared by command files: value flags that keep every occurrence (so repeats can be rejected),
// the selector flag set of SPEC 4.4, and help examples.
import { type Command, Option } from 'commander';
import { collectFlag } from '../builders/flag-values.ts';
import type { CliInput, SelectorFlags } from '../contracts/actions/define.ts';

/** A value flag whose occurrences are collected; `hidden` for aliases (help shows the first spelling). */
export function valueFlag(command: Command, flags: string, description: string, hidden = false): Command {
  const option = new Option(flags, description).argParser(collectFlag);
  return command.addOption(hidden ? option.hideHelp() : option);
}

export function addElementFlags(command: Command, options: { textIsTarget?: boolean } = {}): Command {
  valueFlag(command, '--selector <json>', 'raw NodeMatcher JSON object');
  if (options.textIsTarget !== false)
    valueFlag(command, '--text <text>', 'exact text, or label when it shows no text (textEquals)');
  valueFlag(command, '--text-contains <text>', 'part of the text, or label when it shows no text; any case');
  valueFlag(command, '--id <resource-id>', 'exact resource id (<package>:id/<name>)');
  valueFlag(command, '--resource-id <resource-id>', 'same as --id', true);
  valueFlag(command, '--desc <text>', 'exact accessibility label (contentDescEquals)');
  valueFlag(command, '--content-desc <text>', 'same as --desc', true);
  valueFlag(command, '--desc-contains <text>', 'part of the accessibility label, any case');
  valueFlag(command, '--content-desc-contains <text>', 'same as --desc-contains', true);
  valueFlag(
    command,
    '--role <role>',
    'the role a compact screen prints: button, textfield, text, title, listitem, container, icon, ...',
  );
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

/** read-value's label flags (the element flags' spellings are hidden aliases). */
function addLabelFlags(command: Command): Command {
  valueFlag(command, '--label <text>', 'label by exact text');
  valueFlag(command, '--text <text>', 'same as --label', true);
  valueFlag(command, '--label-text <text>', 'same as --label', true);
  valueFlag(command, '--label-id <resource-id>', 'label by resource id');
  valueFlag(command, '--id <resource-id>', 'same as --label-id', true);
  valueFlag(command, '--resource-id <resource-id>', 'same as --label-id', true);
  valueFlag(command, '--label-desc <text>', 'label by accessibility label');
  valueFlag(command, '--desc <text>', 'same as --label-desc', true);
  valueFlag(command, '--content-desc <text>', 'same as --label-desc', true);
  valueFlag(command, '--label-ref <eN>', 'label by a ref of the last `snapshot --format compact`, on its own');
  return command;
}

const SELECTOR_FLAGS: Readonly<Record<SelectorFlags, (command: Command) => Command>> = {
  element: (command) => addElementFlags(command),
  'element-without-text': (command) => addElementFlags(command, { textIsTarget: false }),
  container: addContainerFlags,
  label: addLabelFlags,
  json: (command) => valueFlag(command, '--selector <json>', 'NodeMatcher JSON'),
};

/** The flags and arguments of an action command's inputs, each once (a shared command lists some twice). */
export function addInputs(command: Command, inputs: readonly CliInput[]): Command {
  const added = new Set<string>();
  const once = (name: string, add: () => void) => {
    if (added.has(name)) return;
    added.add(name);
    add();
  };
  for (const input of inputs) {
    switch (input.kind) {
      case 'selector':
        once(input.flags, () => SELECTOR_FLAGS[input.flags](command));
        break;
      case 'flag':
        once(input.flag, () => {
          valueFlag(command, input.flag, input.help);
          for (const alias of input.aliases ?? []) valueFlag(command, alias, `same as ${input.flag}`, true);
        });
        break;
      case 'option':
        once(input.flag, () => valueFlag(command, input.flag, input.help));
        break;
      case 'switch':
      case 'coordinate':
        once(input.flag, () => command.option(input.flag, input.help));
        break;
      case 'argument':
        once(input.name, () => {
          command.argument(input.optional ? `[${input.name}]` : `<${input.name}>`, input.help);
          if (input.flag !== undefined) valueFlag(command, input.flag.flag, input.flag.help);
        });
        break;
      case 'timeout':
        break;
    }
  }
  return command;
}

export function examples(command: Command, lines: readonly string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
}
