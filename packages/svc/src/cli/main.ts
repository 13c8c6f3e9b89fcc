// The svc command line: builds the program for argv and runs it. The process entry is src/main.ts (the composition
// root), which passes the launchers of the long-running front ends.
//
// HOW TO ADD A COMMAND (pattern for serve, daemon, skills, emulator, doctor, mcp, ...):
//   1. Create cli/commands/<verb>.ts exporting `register<Verb>(program: Command): void` that calls
//      `program.command('<verb>')...`. Give it `.description()` and help examples (command-kit `examples`).
//   2. Add it to COMMAND_MODULES in command-table.ts with the names it registers (help lists commands in that
//      order; the module loads only when a call names one of those commands, or help needs them all).
//      Keep heavy imports (adb stack, server, SDKs) inside the action: `await import(...)` there.
//   3. Global options (--device/--device-id, --operator-package/--receiver-package, --output/--format, --json,
//      --timeout-ms/--timeout, --verbose, --no-daemon, --dry-run, --validate-only) are defined ONCE on the program
//      and parsed before or after the command name, so do not redefine them on your command: read them with
//      `readGlobals(command)` (globals.ts), e.g. inside `safeAction((command, globals, args) => ...)`.
//   4. Print with output.ts (`printValue`, `printError`): JSON by default, `{ code, message, details? }` on stdout
//      and exit 1 for errors. `safeAction` renders thrown SvcErrors for you and sets the exit code.
//   5. Execution commands go through execution-command.ts → submit/ (the one way in for every front end).
import { Command, CommanderError } from 'commander';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { svcVersion } from '../core/version.ts';
import { COMMAND_MODULES, type CommandModule, modulesFor } from './command-table.ts';
import { suggestFlag } from './flag-suggestion.ts';
import { addGlobalOptions } from './global-options.ts';
import { outputModeOf } from './globals.ts';
import { HELP_CONFIG, pointAtGlobals } from './help-layout.ts';
import { type Launchers, NO_LAUNCHERS } from './launchers.ts';
import { printError } from './output.ts';

/**
 * The program with the commands argv needs (all of them without argv): a call loads only its own command's module,
 * which keeps every other command's imports off the start-up path of an agent's hundreds of calls.
 */
export async function buildProgram(argv?: readonly string[], launchers: Launchers = NO_LAUNCHERS): Promise<Command> {
  const program = new Command('svc')
    .description('Let an agent drive an Android device: validated executions over adb, one result envelope each.')
    .version(svcVersion(), '--version', 'print the CLI version')
    .usage('<command> [options]')
    .showSuggestionAfterError(true)
    .configureHelp({ ...HELP_CONFIG })
    // Errors are rendered by main() as structured JSON; commander only throws.
    .configureOutput({ outputError: () => {} })
    .exitOverride();
  addGlobalOptions(program);
  pointAtGlobals(program);
  const needed = argv === undefined ? 'all' : modulesFor(argv, program);
  const modules: readonly CommandModule[] = needed === 'all' ? COMMAND_MODULES : needed === 'none' ? [] : [needed.only];
  const registrars = await Promise.all(modules.map((module) => module.load()));
  for (const register of registrars) register(program, launchers);
  return program;
}

/** CommanderError → `{ code: CLI_USAGE_ERROR, message, details }` (unknown command carries the suggestion). */
async function usageError(error: CommanderError, program: Command, argv: readonly string[]): Promise<SvcError> {
  const [first = '', ...rest] = error.message.replace(/^error: /, '').split('\n');
  const unknown = error.code === 'commander.unknownOption' ? /'(--[\w-]+)/.exec(first)?.[1] : undefined;
  const suggestion =
    /Did you mean (?:one of )?([^?]+)\?/.exec(rest.join(' '))?.[1]?.trim() ??
    (unknown === undefined ? undefined : await suggestFlag(program, argv, unknown));
  const message = suggestion ? `${first}; did you mean ${suggestion}?` : first;
  // The flag or argument at fault, as commander names it: `unknown option '--bogus'`, `option '--text <text>'
  // argument missing`, `missing required argument 'shell'`.
  const named = /(?:option|argument) '(-{0,2}[\w-]+)/.exec(first)?.[1];
  return new SvcError('CLI_USAGE_ERROR', message, {
    ...(named ? { path: named } : {}),
    reason: error.code.replace(/^commander\./, ''),
    ...(suggestion ? { suggestion } : {}),
  });
}

/** The deepest command group named by argv, and its subcommands, for `svc <group>` given without a subcommand. */
function missingSubcommand(program: Command, argv: readonly string[]): SvcError {
  let group = program;
  const path: string[] = [];
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    const next = findCommand(group, word);
    if (next === undefined) break;
    group = next;
    path.push(next.name());
  }
  // What help shows: hidden (internal) commands and commander's own `help` are not offered.
  const subcommands = group
    .createHelp()
    .visibleCommands(group)
    .map((c) => c.name())
    .filter((name) => name !== 'help');
  return new SvcError('CLI_USAGE_ERROR', `svc ${path.join(' ')} needs a subcommand: ${subcommands.join(', ')}`, {
    reason: 'missingSubcommand',
    subcommands,
  });
}

/** The command argv names (`skills run`), as far as its words name commands; undefined when none does. */
function commandWords(program: Command, argv: readonly string[]): string | undefined {
  let group = program;
  const words: string[] = [];
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    const next = findCommand(group, word);
    if (next === undefined) break;
    group = next;
    words.push(next.name());
  }
  return words.length > 0 ? words.join(' ') : undefined;
}

const findCommand = (group: Command, word: string) =>
  group.commands.find((c) => c.name() === word || c.aliases().includes(word));

/**
 * `svc help <words>`: help of the command they name (`svc help on-screen-log set` → `svc on-screen-log set --help`;
 * commander's own help command takes one word). A word that names no command is reported as `svc <words>` would
 * report it (unknown command, with a suggestion), never as help of the group before it.
 */
function helpArgs(program: Command, argv: string[]): string[] {
  if (argv[0] !== 'help') return argv;
  const words = argv.slice(1).filter((word) => !word.startsWith('-'));
  let group = program;
  for (const [i, word] of words.entries()) {
    const next = findCommand(group, word);
    if (next === undefined) return words.slice(0, i + 1);
    group = next;
  }
  return words.length > 1 ? [...argv.slice(1), '--help'] : argv;
}

export async function main(argv: string[], launchers: Launchers): Promise<number> {
  const program = await buildProgram(argv, launchers);
  if (argv.length === 0) {
    process.stdout.write(program.helpInformation());
    return 0;
  }
  process.exitCode = 0;
  const args = helpArgs(program, argv);
  try {
    await program.parseAsync(args, { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.help' && error.exitCode !== 0) {
        // A command group without its subcommand (`svc action`): help went to stderr; stdout still gets one JSON error.
        printError(outputModeOf(argv), missingSubcommand(program, argv).toBody(), commandWords(program, argv));
        return 1;
      }
      if (error.exitCode === 0 || error.code === 'commander.help' || error.code === 'commander.helpDisplayed') {
        return 0;
      }
      printError(outputModeOf(argv), (await usageError(error, program, argv)).toBody(), commandWords(program, argv));
      return 1;
    }
    // A command action without safeAction may still throw an SvcError (serve's --port, a bind failure): keep its code.
    printError(outputModeOf(argv), errorBodyOf(error));
    return 1;
  }
}
