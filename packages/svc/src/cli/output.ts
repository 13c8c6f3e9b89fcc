// Rendering of results and errors. JSON mode (the default) prints exactly one JSON document on stdout; pretty mode
// prints readable text (colors on a TTY only). Errors are `{ code, message, hint, details? }` on stdout, exit 1.
import { writeSync } from 'node:fs';
import { type ErrorBody, withHint } from '../contracts/errors.ts';
import type { OutputMode } from './globals.ts';
import { bold, dim, red } from './style.ts';

/**
 * Writes to file descriptor 1 and returns when all of it is written. Not process.stdout: creating that stream costs
 * a cold CLI call ~0.5 ms, and a command prints one document. A non-blocking pipe that is full (EAGAIN) is waited
 * for; a reader that went away (EPIPE, `svc ... | head`) ends the process quietly, as main.ts does for the stream.
 */
export function writeStdout(text: string): void {
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      if (code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

export function writeJson(value: unknown): void {
  writeStdout(`${JSON.stringify(value, null, 2)}\n`);
}

export function printValue(mode: OutputMode, value: unknown, pretty?: (value: never) => string): void {
  if (mode === 'pretty' && pretty) writeStdout(`${pretty(value as never)}\n`);
  else writeJson(value);
}

/**
 * `{ code, message, hint, details? }` on stdout (JSON), or the same as readable lines. `command` (the words of the
 * command run, `skills run`) makes a hint that says `svc help <command>` name it.
 */
export function printError(mode: OutputMode, error: ErrorBody, command?: string): void {
  const completed = withHint(error);
  const body = command ? { ...completed, hint: completed.hint?.replace('<command>', command) } : completed;
  if (mode === 'json') {
    writeJson(body);
    return;
  }
  const lines = [`${red(bold('error'))} ${bold(body.code)}: ${body.message}`];
  if (body.details !== undefined) lines.push(dim(JSON.stringify(body.details)));
  lines.push(`hint: ${body.hint}`);
  writeStdout(`${lines.join('\n')}\n`);
}

/**
 * `svc ... | head` closes stdout early; that is not an error. The handler goes on process.stdout when something first
 * uses that stream (help, pretty tables, long-running commands): creating it up front would cost every call ~0.5 ms,
 * and results go out through output.ts's writeStdout, which handles EPIPE itself.
 */
export function exitQuietlyOnClosedStdout(): void {
  const quiet = (stream: NodeJS.WriteStream) =>
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  const lazy = Object.getOwnPropertyDescriptor(process, 'stdout');
  if (lazy?.get === undefined || lazy.configurable !== true) {
    quiet(process.stdout);
    return;
  }
  const create = lazy.get;
  Object.defineProperty(process, 'stdout', {
    configurable: true,
    enumerable: lazy.enumerable ?? true,
    get() {
      const stream = quiet(create.call(process) as NodeJS.WriteStream);
      Object.defineProperty(process, 'stdout', {
        configurable: true,
        enumerable: lazy.enumerable ?? true,
        get: () => stream,
      });
      return stream;
    },
  });
}
