// Every command of the one registry (contracts/registry.ts), registered from its definitions: the action commands
// (SPEC 4.4: `svc click`, `svc scroll-until`, ..., the subcommands of the `action` and `on-screen-log` groups) and
// the chores' commands (`svc foreground`, `svc rotate`, `svc keyboard install`). Their flags, arguments, help and
// examples are the definitions'; what an action command does is flat-builders.ts, a chore's chore-command.ts, both
// shared with the hot path. snapshot and screenshot are the observe commands' (observe.ts), which add their own
// options.
import type { Command } from 'commander';
import { CHORE_COMMANDS, CLI_COMMANDS, commandKeyOf } from '../../builders/surfaces.ts';
import type { CliSurface, CommandGroup } from '../../contracts/actions/define.ts';
import type { ChoreDefinition } from '../../contracts/chores/define.ts';
import { runChoreCommand } from '../chore-command.ts';
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

/** The flag or `<word>` a param is given as on the command line, by its name. */
function commandLineNames(surface: CliSurface): Map<string, string> {
  const out = new Map<string, string>();
  for (const input of surface.inputs) {
    if (input.kind === 'argument') out.set(input.param, `<${input.name}>`);
    else if ((input.kind === 'flag' || input.kind === 'switch') && input.param !== undefined)
      out.set(input.param, input.flag.split(' ')[0] as string);
  }
  return out;
}

/** Chores as the command line names them (`record-stop` → `svc record stop`). */
const COMMAND_OF_CHORE = new Map([...CHORE_COMMANDS].map(([key, chore]) => [chore.name, `svc ${key}`]));

/**
 * A chore's description (written for HTTP and MCP, where params go by name) in command-line terms: a param named in
 * camelCase becomes its flag (`timeLimitS` → `--time-limit-s`), a hyphenated chore name its command. Plain words
 * that are also param names (package, all) stay words.
 */
function inCommandLineTerms(chore: ChoreDefinition): string {
  const names = commandLineNames(chore.cli);
  let text = chore.description.replace(/\b[a-z]+(?:-[a-z]+)+\b/g, (word) => COMMAND_OF_CHORE.get(word) ?? word);
  for (const [param, said] of names) {
    if (/[A-Z]/.test(param)) text = text.replace(new RegExp(`(?<!<)\\b${param}\\b(?!>)`, 'g'), said);
  }
  return text;
}

/** One chore's command under `parent`: the list shows its surface's line, `svc help` the whole description. */
function registerChoreCommand(parent: Command, key: string, name: string): Command {
  const chore = CHORE_COMMANDS.get(key) as ChoreDefinition;
  const command = parent.command(name).summary(chore.cli.description).description(inCommandLineTerms(chore));
  addInputs(command, chore.cli.inputs);
  command.action(async (...received: unknown[]) => {
    const self = received.at(-1) as Command;
    const args = self.processedArgs.filter((arg): arg is string => typeof arg === 'string');
    process.exitCode = await runChoreCommand(
      key,
      { name: self.name(), flags: self.opts(), args },
      self.optsWithGlobals(),
    );
  });
  return examples(command, chore.cli.examples);
}

/** The surface that names each command, other than the observe ones (an action's primary surface, a chore's). */
const ACTION_SURFACES = [...CLI_COMMANDS.values()]
  .map((bound) => bound[0]?.surface as CliSurface)
  .filter((surface) => surface.observe !== true);
const CHORE_SURFACES = [...CHORE_COMMANDS.values()].map((chore) => chore.cli);

const register = (parent: Command, key: string, name: string) =>
  CHORE_COMMANDS.has(key) ? registerChoreCommand(parent, key, name) : registerActionCommand(parent, key, name);

/** Registers the commands of these surfaces: flat commands first, then each group. */
function registerAll(program: Command, surfaces: readonly CliSurface[]): void {
  const groups = new Map<string, Command>();
  for (const surface of surfaces) {
    if (surface.group !== undefined) continue;
    register(program, surface.verb, surface.verb);
  }
  for (const surface of surfaces) {
    const group = surface.group;
    if (group === undefined) continue;
    const parent = groups.get(group) ?? program.command(group).description(GROUPS[group]);
    groups.set(group, parent);
    register(parent, commandKeyOf(surface), surface.verb);
  }
}

/** The top-level names registerAll registers for these surfaces, in its order (commands, aliases, then groups). */
const namesOf = (surfaces: readonly CliSurface[]): readonly string[] => [
  ...surfaces.filter((s) => s.group === undefined).flatMap((s) => [s.verb, ...(s.aliases ?? [])]),
  ...new Set(surfaces.flatMap((s) => (s.group === undefined ? [] : [s.group as string]))),
];

/** The action commands other than the observe ones. */
export const registerActions = (program: Command): void => registerAll(program, ACTION_SURFACES);
export const ACTION_COMMAND_NAMES = namesOf(ACTION_SURFACES);

/** The chores' commands (loaded only when a call names one: they run on the host, with the adb stack). */
export const registerChores = (program: Command): void => registerAll(program, CHORE_SURFACES);
export const CHORE_COMMAND_NAMES = namesOf(CHORE_SURFACES);
