// Prints the hot path's command-line table (packages/svc/src/cli/cli-table.ts) as JSON: the build bakes it into the
// bundle. Run from the sources, in its own process (`node --conditions=svc-source`): registering every command loads
// modules that import svc-sim by name.
import { FLAT_CHORE_VERBS } from '../packages/svc/src/cli/chore-command.ts';
import { cliTableOf } from '../packages/svc/src/cli/cli-table.ts';
import { FLAT_COMMANDS } from '../packages/svc/src/cli/flat-builders.ts';
import { buildProgram } from '../packages/svc/src/cli/main.ts';

const program = await buildProgram();
process.stdout.write(
  JSON.stringify(cliTableOf(program, ['execute', ...Object.keys(FLAT_COMMANDS), ...FLAT_CHORE_VERBS])),
);
