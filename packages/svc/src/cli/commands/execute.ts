// `svc execute` (also `exec`): run an execution payload given as JSON or a file (SPEC 4.4).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { runRawExecution, safeAction } from '../execution-command.ts';

/**
 * A value starting with `{` is JSON; `-` is stdin; anything else is a path to a JSON file. `flag` names where the
 * value came from (the positional `json-or-file`, `--execution` or `--payload`): it is the error's details.path.
 */
export function readExecutionInput(value: string, cwd: string, flag = 'json-or-file'): unknown {
  const from = value.trimStart().startsWith('{') ? 'text' : value === '-' ? 'stdin' : 'file';
  const text = from === 'text' ? value : from === 'stdin' ? readFileSync(0, 'utf8') : readPayloadFile(cwd, value, flag);
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = from === 'file' ? `the execution file ${value}` : `the execution (${from})`;
    throw new SvcError(codeOf('invalidInput'), `${where} is not valid JSON: ${(error as Error).message}`, {
      path: flag,
      reason: 'notJson',
      ...(from === 'file' ? { file: resolve(cwd, value) } : {}),
    });
  }
}

function readPayloadFile(cwd: string, value: string, flag: string): string {
  const file = resolve(cwd, value);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : String(code);
    throw new SvcError(
      codeOf('invalidInput'),
      `cannot read the execution file ${file}: ${why} (give a file, JSON text starting with {, or - for stdin)`,
      { path: flag, reason: code === 'ENOENT' ? 'fileNotFound' : 'fileUnreadable', file },
      'Pass an existing execution file, the JSON itself, or - to read stdin (`svc schema` shows the format).',
    );
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
      const flag =
        typeof positional === 'string' ? 'json-or-file' : single(flags, ['execution']) ? '--execution' : '--payload';
      const raw = readExecutionInput(given[0] ?? '', process.cwd(), flag);
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
    .description('not implemented in this version')
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
