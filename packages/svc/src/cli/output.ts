// Rendering of results and errors. JSON mode (the default) prints exactly one JSON document on stdout; pretty mode
// prints readable text (colors on a TTY only). Errors are `{ code, message, details? }` on stdout, exit 1.
import { type ErrorBody, hintOf, SvcError } from '../contracts/errors.ts';
import type { OutputMode } from './globals.ts';
import { bold, dim, red } from './style.ts';

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printValue(mode: OutputMode, value: unknown, pretty?: (value: never) => string): void {
  if (mode === 'pretty' && pretty) process.stdout.write(`${pretty(value as never)}\n`);
  else writeJson(value);
}

export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof SvcError) return error.toBody();
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL_ERROR', message };
}

export function printError(mode: OutputMode, body: ErrorBody): void {
  if (mode === 'json') {
    writeJson(body);
    return;
  }
  const lines = [`${red(bold('error'))} ${bold(body.code)}: ${body.message}`];
  if (body.details !== undefined) lines.push(dim(JSON.stringify(body.details)));
  const hint = hintOf(body.code);
  if (hint) lines.push(`hint: ${hint}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
