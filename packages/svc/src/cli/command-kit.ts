// Small helpers shared by command files: value flags that keep every occurrence (so repeats can be rejected),
// the selector flag sets of SPEC 4.4 (written once, in builders/selector.ts), and help examples.
import { type Command, Option } from 'commander';
import { collectFlag } from '../builders/flag-values.ts';
import { SELECTOR_FLAG_SETS } from '../builders/selector.ts';
import { flagSpelling } from '../builders/surfaces.ts';
import type { CliInput, SelectorFlags } from '../contracts/actions/define.ts';

/** A value flag whose occurrences are collected; `hidden` for aliases (help shows the first spelling). */
export function valueFlag(command: Command, flags: string, description: string, hidden = false): Command {
  const option = new Option(flags, description).argParser(collectFlag);
  return command.addOption(hidden ? option.hideHelp() : option);
}

/** A selector flag set's flags, as its table writes them (builders/selector.ts): aliases hidden, said as the flag. */
function addSelectorFlags(command: Command, set: SelectorFlags): Command {
  const { json, table } = SELECTOR_FLAG_SETS[set];
  if (json !== undefined) valueFlag(command, json.flag, json.help);
  for (const { flag, aliases, help } of table) {
    valueFlag(command, flag, help);
    const value = flag.slice(flagSpelling(flag).length);
    for (const alias of aliases) valueFlag(command, `${alias}${value}`, `same as ${flagSpelling(flag)}`, true);
  }
  return command;
}

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
        once(input.flags, () => addSelectorFlags(command, input.flags));
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
      case 'point':
        for (const name of input.names) once(name, () => command.argument(`[${name}]`));
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
