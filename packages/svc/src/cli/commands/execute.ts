// `svc execute` (also `exec`): run an execution payload given as JSON or a file (SPEC 4.4).
import type { Command } from 'commander';
import { SvcError } from '../../contracts/errors.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { executionInput } from '../execute-input.ts';
import { runRawExecution, safeAction } from '../execution-command.ts';

export function registerExecute(program: Command): void {
  const execute = program
    .command('execute')
    .alias('exec')
    .description('run an execution payload (JSON text or a file)')
    .argument('[json-or-file]');
  valueFlag(execute, '--execution <json-or-file>', 'the payload');
  valueFlag(execute, '--payload <path>', 'the payload file');
  execute.action(
    safeAction(async (command, globals, [positional]) => {
      const { raw, timeoutGiven } = executionInput(positional, command.opts(), globals, process.cwd());
      return runRawExecution(globals, raw, process.cwd(), undefined, undefined, timeoutGiven);
    }),
  );
  // Kept so the spelling answers NOT_IMPLEMENTED (not "unknown command"), but not listed: help shows what works.
  execute
    .command('best-effort', { hidden: true })
    .description('not implemented in this version (an alpha feature)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(
      safeAction(async () => {
        throw new SvcError('NOT_IMPLEMENTED', '`execute best-effort` is not implemented in this version');
      }),
    );
  examples(execute, [
    'svc exec execution.json',
    'svc exec \'{"actions":[{"type":"snapshot_ui"}]}\'',
    'svc exec --payload execution.json --validate-only',
    'cat execution.json | svc exec -',
  ]);
}
