// Every action command (SPEC 4.4), registered from the action definitions (contracts/actions/): the flat commands
// (`svc click`, `svc scroll-until`, ...) and the subcommands of the `action` and `on-screen-log` groups. Their flags,
// arguments, help and examples are the definitions'; what the commands do is flat-builders.ts, shared with the hot
// path. snapshot and screenshot are the observe commands' (observe.ts), which add their own options.
import type { Command } from 'commander';
import { CLI_COMMANDS, commandKeyOf } from '../../builders/surfaces.ts';
import type { CliSurface, CommandGroup } from '../../contracts/actions/define.ts';
import { addInputs, examples } from '../command-kit.ts';
import { builtAction } from '../execution-command.ts';

const GROUPS: Readonly<Record<CommandGroup, string>> = {
  action: 'run one action with explicit flags',
  'on-screen-log': 'show or clear a small text panel on the device screen',
  clipboard: 'the device clipboard',
  keyboard: 'the Unicode keyboard: type any text on a phone without the operator app',
  record: 'screen recording',
};

/** One action command under `parent`, with every input of the action types it builds. */
export function registerActionCommand(parent: Command, key: string, name: string): Command {
  const bound = CLI_COMMANDS.get(key) ?? [];
  const primary = bound[0]?.surface as CliSurface;
  const command = parent.command(name).description(primary.description);
  for (const alias of primary.aliases ?? []) command.alias(alias);
  addInputs(
    command,
    bound.flatMap(({ surface }) => surface.inputs),
  );
  if (primary.helpAfter !== undefined) command.addHelpText('after', `\n${primary.helpAfter}\n`);
  return examples(command.action(builtAction(key)), primary.examples);
}

/** The surface that names each action command, other than the observe ones. */
const NAMED = [...CLI_COMMANDS.values()]
  .map((bound) => bound[0]?.surface as CliSurface)
  .filter((surface) => surface.observe !== true);
const FLAT = NAMED.filter((surface) => surface.group === undefined);
const GROUPED = NAMED.filter((surface) => surface.group !== undefined);

/** The action commands other than the observe ones, flat commands first, then each group. */
export function registerActions(program: Command): void {
  const groups = new Map<string, Command>();
  for (const surface of FLAT) registerActionCommand(program, surface.verb, surface.verb);
  for (const surface of GROUPED) {
    const group = surface.group as CommandGroup;
    const parent = groups.get(group) ?? program.command(group).description(GROUPS[group]);
    groups.set(group, parent);
    registerActionCommand(parent, commandKeyOf(surface), surface.verb);
  }
}

/** The top-level names registerActions registers, in its order (commands, their aliases, then the groups). */
export const ACTION_COMMAND_NAMES: readonly string[] = [
  ...FLAT.flatMap((surface) => [surface.verb, ...(surface.aliases ?? [])]),
  ...new Set(GROUPED.map((surface) => surface.group as string)),
];
