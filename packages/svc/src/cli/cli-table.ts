// The command line of the hot commands as data: which global and command options exist, which take a value, how many
// arguments each command takes. Read off the commander program itself (the one definition of every command), at
// build time (scripts/cli-table.ts), so the hot path (hot-path.ts) parses exactly what commander parses without
// loading it. Anything commander could treat in a way this table does not describe (an option with a default, an
// environment variable, choices, an optional or variadic value, a custom parser) is left out, and an argv that uses
// it falls back to commander.
import type { Argument, Command, Option } from 'commander';
import { collectFlag } from '../builders/flag-values.ts';

export interface OptionSpec {
  /** The key commander stores the value under (`textContains` for `--text-contains`). */
  key: string;
  /** `value`: collected into an array of strings; `switch`: true; `negate` (`--no-x`): false, true by default. */
  takes: 'value' | 'switch' | 'negate';
}

export interface CommandSpec {
  /** The command's name (its aliases map to the same spec): the flat verb, or `execute`. */
  name: string;
  options: Record<string, OptionSpec>;
  /** Required, then optional positional arguments. */
  required: number;
  optional: number;
  /** Names that make the first argument a subcommand instead (`exec best-effort`, `exec help`). */
  subcommands: string[];
}

export interface CliTable {
  globals: Record<string, OptionSpec>;
  /** By every name and alias of a hot command. */
  commands: Record<string, CommandSpec>;
}

type Internals = {
  _allowUnknownOption: boolean;
  _allowExcessArguments: boolean;
  _passThroughOptions: boolean;
  _enablePositionalOptions: boolean;
  _storeOptionsAsProperties: boolean;
  _versionOptionName?: string;
  _executableHandler: boolean;
  _getHelpCommand(): Command | null;
};
const internals = (command: Command) => command as unknown as Internals;

/**
 * How the hot path may treat an option: its spec when it parses it as commander would; `leave-out` when it cannot
 * but the option changes nothing unless given (an argv that uses it then goes to commander); `unsafe` when it acts
 * even when absent (a default, an environment variable, mandatory, implied), so its command must stay with commander.
 */
function optionSpec(option: Option): [string, OptionSpec] | 'leave-out' | 'unsafe' {
  const extra = option as Option & { implied?: unknown; conflictsWith?: unknown[] };
  const long = option.long;
  if (option.envVar !== undefined || option.mandatory || extra.implied !== undefined) return 'unsafe';
  if (option.negate)
    return option.defaultValue === undefined && long !== undefined
      ? [long, { key: option.attributeName(), takes: 'negate' }]
      : 'unsafe';
  if (option.defaultValue !== undefined) return 'unsafe';
  const plain =
    long !== undefined &&
    option.argChoices === undefined &&
    option.presetArg === undefined &&
    !option.optional &&
    !option.variadic &&
    (extra.conflictsWith ?? []).length === 0;
  if (!plain) return 'leave-out';
  const key = option.attributeName();
  if (option.required) return option.parseArg === collectFlag ? [long, { key, takes: 'value' }] : 'leave-out';
  return option.parseArg === undefined ? [long, { key, takes: 'switch' }] : 'leave-out';
}

/** The options of `command` the hot path parses, or undefined when one of them keeps the command with commander. */
function optionsOf(command: Command, skip: (option: Option) => boolean): Record<string, OptionSpec> | undefined {
  const options: Record<string, OptionSpec> = {};
  for (const option of command.options) {
    if (skip(option)) continue;
    const spec = optionSpec(option);
    if (spec === 'unsafe') return undefined;
    if (spec !== 'leave-out') options[spec[0]] = spec[1];
  }
  return options;
}

const plainArgument = (arg: Argument) =>
  !arg.variadic && arg.parseArg === undefined && arg.defaultValue === undefined && arg.argChoices === undefined;

function commandSpec(command: Command): CommandSpec | undefined {
  const own = internals(command);
  if (own._allowUnknownOption || own._allowExcessArguments || own._passThroughOptions || own._executableHandler) {
    return undefined;
  }
  const options = optionsOf(command, () => false);
  const args = command.registeredArguments;
  if (options === undefined || !args.every(plainArgument)) return undefined;
  const required = args.findIndex((arg) => !arg.required);
  if (required !== -1 && args.slice(required).some((arg) => arg.required)) return undefined;
  const help = own._getHelpCommand();
  return {
    name: command.name(),
    options,
    required: required === -1 ? args.length : required,
    optional: required === -1 ? 0 : args.length - required,
    subcommands: [
      ...command.commands.flatMap((sub) => [sub.name(), ...sub.aliases()]),
      ...(help === null ? [] : [help.name()]),
    ],
  };
}

/**
 * The table of `program` for the commands named in `hot` (by their primary name). A command commander would parse
 * in a way the table cannot describe is left out; so is everything if the program itself has such an option.
 */
export function cliTableOf(program: Command, hot: readonly string[]): CliTable {
  const root = internals(program);
  const versionFlag = root._versionOptionName === undefined ? undefined : `--${root._versionOptionName}`;
  const globals = optionsOf(program, (option) => option.long === versionFlag);
  const table: CliTable = { globals: globals ?? {}, commands: {} };
  if (globals === undefined || root._enablePositionalOptions || root._passThroughOptions) return table;
  if (root._allowUnknownOption || root._storeOptionsAsProperties) return table;
  for (const command of program.commands) {
    if (!hot.includes(command.name())) continue;
    const spec = commandSpec(command);
    if (spec === undefined) continue;
    for (const name of [command.name(), ...command.aliases()]) table.commands[name] = spec;
  }
  return table;
}
