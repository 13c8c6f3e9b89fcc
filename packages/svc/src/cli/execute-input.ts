// The payload of `svc execute` / `svc exec`: JSON text, a file, or `-` for stdin, given once (as the argument,
// `--execution` or `--payload`); `--timeout-ms` replaces its timeoutMs. Shared by the command (commands/execute.ts)
// and the hot path (hot-path.ts), so both read a payload the same way.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CLI_SOURCE, newIds } from '../builders/cli-ids.ts';
import { type FlagBag, single } from '../builders/flag-values.ts';
import { codeOf } from '../contracts/conditions.ts';
import { SvcError } from '../contracts/errors.ts';
import { timeoutGivenIn, withExecutionDefaults } from '../contracts/execution-defaults.ts';
import type { Globals } from './globals.ts';

/**
 * The raw execution of one `svc exec` call, before validation, and whether its timeout is the caller's own
 * (`--timeout-ms`, or one the payload names) rather than the default filled in.
 */
export function executionInput(
  positional: unknown,
  flags: FlagBag,
  globals: Globals,
  cwd: string,
): { raw: unknown; timeoutGiven: boolean } {
  const given = [positional, single(flags, ['execution']), single(flags, ['payload'])].filter(
    (v): v is string => typeof v === 'string',
  );
  if (given.length !== 1) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the payload once: <json-or-file>, --execution or --payload', {
      path: 'json-or-file',
    });
  }
  const flag =
    typeof positional === 'string' ? 'json-or-file' : single(flags, ['execution']) ? '--execution' : '--payload';
  // A bare `{ "actions": [...] }` runs, as over HTTP and MCP: the bookkeeping left out (ids, source, format, the
  // timeout, an id per action) is filled; whatever is given is kept and validated in full.
  const read = readExecutionInput(given[0] ?? '', cwd, flag);
  const timeoutGiven = globals.timeoutMs !== undefined || timeoutGivenIn(read);
  const raw = withExecutionDefaults(read, {
    ...newIds('exec'),
    source: CLI_SOURCE,
  });
  if (globals.timeoutMs !== undefined && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const payload = raw as Record<string, unknown>;
    delete payload.timeout_ms;
    payload.timeoutMs = globals.timeoutMs;
  }
  return { raw, timeoutGiven };
}

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
