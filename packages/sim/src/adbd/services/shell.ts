// `shell,v2,<args>:<command>` (framed stdin/stdout/stderr/exit), legacy `shell:<command>` and `exec:<command>`
// (raw bytes both ways, stderr merged into the stream, no exit status: the stream just closes).
import type { ShellIO } from '../../device/types.ts';
import { ChunkQueue } from '../chunk-queue.ts';
import type { ServiceContext } from '../context.ts';
import type { AdbStream } from '../stream.ts';
import { runInteractiveShell } from './shell-interactive.ts';
import {
  encodeShellPacket,
  SHELL_CLOSE_STDIN,
  SHELL_EXIT,
  SHELL_STDERR,
  SHELL_STDIN,
  SHELL_STDOUT,
  ShellPacketDecoder,
} from './shell-packets.ts';

export interface ShellRequest {
  readonly service: 'shell' | 'exec';
  /** v2 = shell protocol framing; none = raw bytes. */
  readonly protocol: 'v2' | 'none';
  readonly pty: boolean;
  readonly command: string;
}

/** Parses `shell[,arg...]:<command>` and `exec:<command>`; undefined when the name is neither. */
export function parseShellService(name: string): ShellRequest | undefined {
  if (name.startsWith('exec:')) return { service: 'exec', protocol: 'none', pty: false, command: name.slice(5) };
  const match = /^shell(,[^:]*)?:/.exec(name);
  if (!match) return undefined;
  const args = (match[1] ?? '').split(',').filter(Boolean);
  const command = name.slice(match[0].length);
  const pty = args.includes('pty') || (!args.includes('raw') && command === '');
  return { service: 'shell', protocol: args.includes('v2') ? 'v2' : 'none', pty, command };
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

export async function runShellService(stream: AdbStream, context: ServiceContext, request: ShellRequest) {
  const stdin = new ChunkQueue();
  stream.signal.addEventListener('abort', () => stdin.end(), { once: true });
  let writeOut: (id: number, chunk: Uint8Array) => Promise<void>;
  if (request.protocol === 'v2') {
    const decoder = new ShellPacketDecoder();
    stream.onData(async (payload) => {
      for (const packet of decoder.push(payload)) {
        if (packet.id === SHELL_STDIN) await stdin.push(packet.data);
        else if (packet.id === SHELL_CLOSE_STDIN) stdin.end();
      }
    });
    writeOut = async (id, chunk) => {
      // A pty merges stderr into stdout, as on a device.
      const channel = request.pty && id === SHELL_STDERR ? SHELL_STDOUT : id;
      const max = Math.max(1, stream.maxPacketData - 5);
      for (let offset = 0; offset < chunk.length; offset += max) {
        await stream.write(encodeShellPacket(channel, chunk.subarray(offset, offset + max)));
      }
    };
  } else {
    stream.onData((payload) => stdin.push(payload));
    writeOut = (_id, chunk) => stream.write(chunk);
  }
  const io: ShellIO = {
    stdin,
    writeStdout: (chunk) => writeOut(SHELL_STDOUT, toBytes(chunk)),
    writeStderr: (chunk) => writeOut(SHELL_STDERR, toBytes(chunk)),
    signal: stream.signal,
    service: request.service,
  };
  let status: number;
  try {
    status =
      request.command.trim() === ''
        ? await runInteractiveShell(context, io, stdin, request.pty)
        : await context.runCommand(request.command, io);
  } catch (error) {
    await io.writeStderr(`/system/bin/sh: ${error instanceof Error ? error.message : String(error)}\n`);
    status = 255;
  }
  if (request.protocol === 'v2') await stream.write(encodeShellPacket(SHELL_EXIT, Uint8Array.of(status & 0xff)));
  stream.close();
}
