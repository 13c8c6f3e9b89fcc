// `svc execute` (also `exec`): run an execution payload given as JSON or a file (SPEC 4.4).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { SvcError } from '../../contracts/errors.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { runRawExecution, safeAction } from '../execution-command.ts';

/** A value starting with `{` is JSON; `-` is stdin; anything else is a path to a JSON file. */
export function readExecutionInput(value: string, cwd: string): unknown {
  const text = value.trimStart().startsWith('{')
    ? value
    : value === '-'
      ? readFileSync(0, 'utf8')
      : readPayloadFile(resolve(cwd, value));
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `the execution is not valid JSON: ${(error as Error).message}`, {
      path: '',
    });
  }
}

function readPayloadFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `cannot read the execution file ${path}`, { path: '' });
  }
}

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
      const flags = command.opts();
      const given = [positional, single(flags, ['execution']), single(flags, ['payload'])].filter(
        (v): v is string => typeof v === 'string',
      );
      if (given.length !== 1) {
        throw new SvcError('CLI_USAGE_ERROR', 'Give the payload once: <json-or-file>, --execution or --payload');
      }
      const raw = readExecutionInput(given[0] ?? '', process.cwd());
      if (globals.timeoutMs !== undefined && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
        const payload = raw as Record<string, unknown>;
        delete payload.timeout_ms;
        payload.timeoutMs = globals.timeoutMs;
      }
      return runRawExecution(globals, raw);
    }),
  );
  execute
    .command('best-effort')
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
    'svc execute --execution \'{"commandId":"c1","taskId":"t1","source":"me","expectedFormat":"android-ui-automator","timeoutMs":30000,"actions":[{"id":"s","type":"snapshot_ui"}]}\'',
    'svc exec --payload execution.json --validate-only',
    'cat execution.json | svc exec -',
  ]);
}
