// How help pages are laid out: the program's page lists the global options; a command's page lists its own options
// and one line pointing at the global ones (about 25 lines each, the same on every page, would bury what the
// command takes). A global a command reads as its own (snapshot's and screenshot's --format) is shown among its
// options too.
import { type Command, Help, Option } from 'commander';

export const HELP_CONFIG = { showGlobalOptions: false, sortSubcommands: false } as const;

const GLOBALS_LINE =
  '\nGlobal options (--device, --driver, --output, --timeout-ms, --screen, --max-chars, --dry-run, ...): svc --help\n';

export function pointAtGlobals(program: Command): void {
  program.addHelpText('afterAll', ({ command }) => (command === program ? '' : GLOBALS_LINE));
}

/** Lists `flags` among `command`'s options in its help (the program parses it: it is a global option). */
export function showInHelp(command: Command, flags: string, description: string): void {
  const shown = new Option(flags, description);
  command.configureHelp({
    ...HELP_CONFIG,
    visibleOptions(this: Help, cmd: Command) {
      const own = Help.prototype.visibleOptions.call(this, cmd);
      return cmd === command ? [shown, ...own] : own;
    },
  });
}
