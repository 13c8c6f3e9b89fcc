// The payload of `svc execute` / `svc exec`: JSON text, a file, or `-` for stdin, given once (as the argument,
// `--execution` or `--payload`); `--timeout-ms` replaces its timeoutMs. Shared by the command (commands/execute.ts)
// and the hot path (hot-path.ts), so both read a payload the same way.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type FlagBag, single } from '../builders/flag-values.ts';
import { SvcError } from '../contracts/errors.ts';
import type { Globals } from './globals.ts';

/** The raw execution of one `svc exec` call, before validation. */
export function executionInput(positional: unknown, flags: FlagBag, globals: Globals, cwd: string): unknown {
  const given = [positional, single(flags, ['execution']), single(flags, ['payload'])].filter(
    (v): v is string => typeof v === 'string',
  );
  if (given.length !== 1) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the payload once: <json-or-file>, --execution or --payload');
  }
  const raw = readExecutionInput(given[0] ?? '', cwd);
  if (globals.timeoutMs !== undefined && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const payload = raw as Record<string, unknown>;
    delete payload.timeout_ms;
    payload.timeoutMs = globals.timeoutMs;
  }
  return raw;
}

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
