// Streamed install: `exec:cmd package install -S <size> ...` and `abb_exec:package\0install\0-S\0<size>...`.
// The host writes exactly <size> APK bytes and then waits for the reply (it cannot half-close the stream), so the
// device must stop reading after <size> bytes: the command gets a stdin that ends there. Other `abb_exec:` calls
// run `cmd <args>` with the stream as raw stdin/stdout.
import type { ShellIO } from '../../device/types.ts';
import { ChunkQueue } from '../chunk-queue.ts';
import type { ServiceContext } from '../context.ts';
import type { AdbStream } from '../stream.ts';

/** Single-quotes one word for the device's sh. */
export function quoteForShell(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

/** `abb_exec:` arguments (NUL separated) → a `cmd` command line. */
export function abbExecCommandLine(service: string): string {
  const args = service.slice('abb_exec:'.length).split('\0');
  return ['cmd', ...args].map(quoteForShell).join(' ');
}

/** The declared stdin size of a streamed install command line, when it is one. */
export function streamedInstallSize(commandLine: string): number | undefined {
  // adb 29 quotes some words (`exec:cmd package 'install' -S 123`), so a word may come single-quoted.
  const match = /^cmd '?package'? '?(?:install|install-write)'?(?:\s.*?)?\s'?-S'?\s+'?(\d+)'?(?:\s|$)/.exec(
    commandLine.trim(),
  );
  return match?.[1] !== undefined ? Number(match[1]) : undefined;
}

export async function runExecWithInput(
  stream: AdbStream,
  context: ServiceContext,
  commandLine: string,
  service: 'exec' | 'abb_exec' = 'exec',
) {
  const size = streamedInstallSize(commandLine);
  const input = new ChunkQueue();
  let received = 0;
  stream.onData(async (payload) => {
    if (size === undefined) return input.push(payload);
    const take = payload.subarray(0, Math.max(0, size - received));
    received += take.length;
    await input.push(Uint8Array.from(take));
    if (received >= size) input.end();
  });
  stream.signal.addEventListener('abort', () => input.end(), { once: true });
  if (size === 0) input.end();
  const io: ShellIO = {
    stdin: input,
    writeStdout: (chunk) => stream.write(chunk),
    writeStderr: (chunk) => stream.write(chunk),
    signal: stream.signal,
    service,
  };
  try {
    await context.runCommand(commandLine, io);
  } catch (error) {
    await stream.write(`Failure [${error instanceof Error ? error.message : String(error)}]\n`);
  }
  stream.close();
}
