// Runs command lines on a device model with a capturing ShellIO (unit tests of the shell and its commands).
import { createDevice, type SimulatedDeviceModel } from '../device/device.ts';
import type { ShellIO } from '../device/types.ts';
import { runShellCommandLine } from './run.ts';

export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Uint8Array;
}

export interface RunOptions {
  stdin?: Uint8Array | string;
  signal?: AbortSignal;
  /** Called with each stdout chunk as it is written (follow-mode tests). */
  onStdout?: (text: string) => void;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export async function runOn(
  device: SimulatedDeviceModel,
  line: string,
  options: RunOptions = {},
): Promise<ShellResult> {
  const out: Uint8Array[] = [];
  const err: Uint8Array[] = [];
  const encoder = new TextEncoder();
  const input = typeof options.stdin === 'string' ? encoder.encode(options.stdin) : options.stdin;
  const io: ShellIO = {
    stdin: (async function* () {
      if (input) yield input;
    })(),
    async writeStdout(chunk) {
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
      out.push(bytes);
      options.onStdout?.(new TextDecoder().decode(bytes));
    },
    async writeStderr(chunk) {
      err.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    signal: options.signal ?? new AbortController().signal,
  };
  const code = await runShellCommandLine(device, line, io);
  const stdoutBytes = concat(out);
  return {
    code,
    stdout: new TextDecoder().decode(stdoutBytes),
    stderr: new TextDecoder().decode(concat(err)),
    stdoutBytes,
  };
}

/** A fresh device and a runner bound to it. */
export function testShell(options: Parameters<typeof createDevice>[0] = {}) {
  const device = createDevice({ clock: () => Date.UTC(2026, 10, 22, 19, 10, 1, 123), ...options });
  return { device, run: (line: string, opts?: RunOptions) => runOn(device, line, opts) };
}

/** The host's quoting (OPERATOR-PROTOCOL §2): every argument single-quoted, `'` → `'"'"'`. */
export function hostQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'"'"'`)}'`;
}
