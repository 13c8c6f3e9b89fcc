// Every top-level command of the CLI, in help order, with the module that registers it. A call names one command,
// so main.ts registers only that command's module (with its options, help and action), never all 21.
// Help without a command, completion, `svc help`, unknown commands and anything unusual before the command word
// still register all of them (commandWordOf).
//
// Two kinds of modules. The execution commands (execute, observe, the action commands) are what
// an agent calls hundreds of times a session, and they share most of their code (builders, contracts, the daemon
// proxy): they are imported statically, so the bundle (scripts/build.ts) puts them in its entry chunk with the CLI
// core, and such a call loads that one file. Each chunk a call loads costs a cold process ~0.4 ms, more than
// parsing these modules. Every other command loads lazily, with whatever it needs (adb stack, servers, SDKs).
//
// A new command: add its registrar here. command-table.test.ts checks that `names` is exactly what each module
// registers (names and aliases), so a command can never be missing from the table.
import type { Command } from 'commander';
import { ACTION_COMMAND_NAMES, CHORE_COMMAND_NAMES, registerActions, registerChores } from './commands/actions.ts';
import { registerExecute } from './commands/execute.ts';
import { registerObserve } from './commands/observe.ts';
import type { Launchers } from './launchers.ts';

export type Registrar = (program: Command, launchers: Launchers) => void;

export interface CommandModule {
  /** The top-level command names and aliases the module registers. */
  readonly names: readonly string[];
  readonly load: () => Promise<Registrar>;
}

export const COMMAND_MODULES: readonly CommandModule[] = [
  { names: ['demo'], load: async () => (await import('./commands/demo.ts')).registerDemo },
  { names: ['execute', 'exec'], load: async () => registerExecute },
  {
    names: ['observe', 'snapshot', 'screenshot'],
    load: async () => registerObserve,
  },
  // The flat action commands and the action and on-screen-log groups, from the action definitions.
  { names: ACTION_COMMAND_NAMES, load: async () => registerActions },
  { names: ['inspect'], load: async () => (await import('./commands/inspect.ts')).registerInspect },
  { names: ['devices'], load: async () => (await import('./commands/devices.ts')).registerDevices },
  { names: ['packages'], load: async () => (await import('./commands/packages.ts')).registerPackages },
  // The chores' commands, from the chore definitions (registered from the same module as the action commands).
  { names: CHORE_COMMAND_NAMES, load: async () => registerChores },
  {
    names: ['operator', 'grant-device-permissions'],
    load: async () => (await import('./commands/operator.ts')).registerOperator,
  },
  { names: ['skills'], load: async () => (await import('./commands/skills.ts')).registerSkills },
  { names: ['emulator', 'provision'], load: async () => (await import('./commands/emulator.ts')).registerEmulator },
  { names: ['sim'], load: async () => (await import('./commands/sim.ts')).registerSim },
  { names: ['serve'], load: async () => (await import('./commands/serve.ts')).registerServe },
  { names: ['mcp'], load: async () => (await import('./commands/mcp.ts')).registerMcp },
  { names: ['daemon'], load: async () => (await import('./commands/daemon.ts')).registerDaemon },
  { names: ['doctor'], load: async () => (await import('./commands/doctor.ts')).registerDoctor },
  { names: ['version'], load: async () => (await import('./commands/version.ts')).registerVersion },
  // Completion walks the whole command tree, so it is never registered alone (FULL_TREE_COMMANDS).
  { names: ['completion'], load: async () => (await import('./commands/completion.ts')).registerCompletion },
  { names: ['schema'], load: async () => (await import('./commands/schema.ts')).registerSchema },
];

/** Commands whose output depends on every other command being registered. */
const FULL_TREE_COMMANDS = new Set(['completion', 'help']);

/**
 * What argv needs registered: `{ only: module }` when it names one command, `'none'` when `--version` comes before
 * any command (commander prints the version while parsing that option), else `'all'`. It skips the program's own
 * options (and the value of those that take one) before the command word, exactly as commander consumes them; any
 * other option there (`--help`, a typo) means `'all'`, which always behaves as before.
 */
export function modulesFor(argv: readonly string[], program: Command): { only: CommandModule } | 'none' | 'all' {
  const word = commandWordOf(argv, program);
  if (word === '--version') return 'none';
  if (word === undefined || FULL_TREE_COMMANDS.has(word)) return 'all';
  const only = COMMAND_MODULES.find((module) => module.names.includes(word));
  return only === undefined ? 'all' : { only };
}

function commandWordOf(argv: readonly string[], program: Command): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('-')) return arg;
    if (arg === '--version') return arg;
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    const option = program.options.find((o) => o.long === name && o.long !== '--version');
    if (option === undefined) return undefined;
    if (arg.includes('=')) {
      if (!option.required) return undefined;
    } else if (option.required) {
      i++; // its value, whatever it looks like (commander takes the next argument as is)
    } else if (option.optional) {
      return undefined;
    }
  }
  return undefined;
}
