// The hot path of an agent's calls: `svc exec <payload>`, the flat commands (`svc snapshot`, `svc click --text
// OK`, ...) and the chores' flat commands (`svc foreground`, `svc rotate landscape`), parsed without loading commander and the command modules (about half of what a call would load). The
// parse follows the table commander's own program yields (cli-table.ts, baked into the bundle by the build), in
// commander's order: global options first, wherever they stand, then the command's options and arguments. Anything
// the table does not cover (help, an unknown or short option, `--`, a missing value, an argument starting with `-`,
// a wrong number of arguments, a subcommand) is declined before any effect, and the full CLI handles the call, so
// every error message stays commander's. The sources have no table: run from them, svc always takes the full CLI.
import { errorBodyOf } from '../contracts/errors.ts';
import { svcVersion } from '../core/version.ts';
import { BAKED_CLI_TABLE } from './baked-cli-table.ts';
import { FLAT_CHORE_VERBS, runChoreCommand } from './chore-command.ts';
import type { CliTable, CommandSpec, OptionSpec } from './cli-table.ts';
import { executionInput } from './execute-input.ts';
import { runBuilt, runRawExecution } from './execution-command.ts';
import { FLAT_COMMANDS, type FlatCommand, isFlatVerb } from './flat-builders.ts';
import { globalsOf } from './globals.ts';
import { printError, writeStdout } from './output.ts';

/** A call the hot path takes: the command, its flags and arguments, and the global flags, as commander would. */
export type HotCall =
  | { kind: 'version' }
  | {
      kind: 'command';
      name: string;
      flags: Record<string, unknown>;
      args: string[];
      globalFlags: Record<string, unknown>;
    };

type Bag = Record<string, unknown>;

/** Stores one occurrence of an option as commander does: values collected in order, switches true, `--no-x` false. */
function store(bag: Bag, spec: OptionSpec, value: string | undefined): void {
  if (spec.takes === 'value') bag[spec.key] = [...((bag[spec.key] as string[] | undefined) ?? []), value as string];
  else bag[spec.key] = spec.takes === 'switch';
}

/**
 * Consumes the options of `specs` out of `argv`; returns the other arguments in order, or undefined when an option
 * it knows is used in a way commander might read differently (`--x=v` on a switch, a missing value).
 */
function takeOptions(argv: readonly string[], specs: Record<string, OptionSpec>, bag: Bag): string[] | undefined {
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 2 ? arg.slice(0, eq) : arg;
    const spec = Object.hasOwn(specs, flag) ? specs[flag] : undefined;
    if (spec === undefined || !arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    if (spec.takes !== 'value') {
      if (eq > 2) return undefined;
      store(bag, spec, undefined);
      continue;
    }
    const value = eq > 2 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) return undefined;
    store(bag, spec, value);
  }
  return rest;
}

/** The call argv makes, when the hot path can take it; undefined sends it to the full CLI. */
export function parseHotCall(table: CliTable, argv: readonly string[]): HotCall | undefined {
  if (argv.length === 1 && argv[0] === '--version') return { kind: 'version' };
  const globalFlags: Bag = {};
  for (const spec of Object.values(table.globals)) if (spec.takes === 'negate') globalFlags[spec.key] = true;
  const rest = takeOptions(argv, table.globals, globalFlags);
  const [name, ...afterName] = rest ?? [];
  // Own names only: `svc constructor` is an unknown command, not Object's.
  const command: CommandSpec | undefined =
    name !== undefined && Object.hasOwn(table.commands, name) ? table.commands[name] : undefined;
  if (command === undefined) return undefined;
  const flags: Bag = {};
  const args = takeOptions(afterName, command.options, flags);
  if (args === undefined || args.some((arg) => arg === '--' || (arg.length > 1 && arg.startsWith('-')))) {
    return undefined;
  }
  if (args.length < command.required || args.length > command.required + command.optional) return undefined;
  if (args.length > 0 && command.subcommands.includes(args[0] as string)) return undefined;
  for (const spec of Object.values(command.options)) if (spec.takes === 'negate') flags[spec.key] ??= true;
  // As commander's optsWithGlobals(): the program's values win over the command's.
  return { kind: 'command', name: command.name, flags, args, globalFlags: { ...flags, ...globalFlags } };
}

/** Runs argv on the hot path and returns its exit code, or undefined when the full CLI must take it. */
export async function runHotPath(
  argv: readonly string[],
  table: CliTable | undefined = BAKED_CLI_TABLE,
): Promise<number | undefined> {
  const call = table === undefined ? undefined : parseHotCall(table, argv);
  if (call === undefined) return undefined;
  if (call.kind === 'version') {
    writeStdout(`${svcVersion()}\n`);
    return 0;
  }
  if (isFlatVerb(call.name)) {
    const { name, flags, args } = call;
    return runBuilt(name, FLAT_COMMANDS[name] as FlatCommand, { name, flags, args }, call.globalFlags);
  }
  if (FLAT_CHORE_VERBS.includes(call.name)) {
    const { name, flags, args } = call;
    return runChoreCommand(name, { name, flags, args }, call.globalFlags);
  }
  if (call.name !== 'execute') return undefined;
  let output: 'json' | 'pretty' = 'json';
  try {
    const globals = globalsOf(call.name, call.globalFlags);
    output = globals.output;
    const { raw, timeoutGiven } = executionInput(call.args[0], call.flags, globals, process.cwd());
    return await runRawExecution(globals, raw, process.cwd(), undefined, undefined, timeoutGiven);
  } catch (error) {
    printError(output, errorBodyOf(error), 'exec');
    return 1;
  }
}
