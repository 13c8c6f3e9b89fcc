// `base64`, `sha256sum` and `md5sum` as Android's toybox (Android 10+) runs them (landley/toybox @cb5b0dee):
// toys/other/base64.c wraps its output at 76 columns (`-w N`, 0 = none) and, decoding (`-d`), stops at the first
// `=` or at a character outside the alphabet other than a newline (`-i` skips those instead), with status 0;
// toys/lsb/md5sum.c (sha256sum too) prints `<hex>  <name>` per file, `<hex>  -` for stdin, and a missing file as
// `<cmd>: <name>: No such file or directory` (perror_msg_raw), exiting 1.
import { createHash } from 'node:crypto';
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';

async function readStdin(io: ShellIO): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of io.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Each named file's bytes (`-` or none: stdin), or the toybox message for one that cannot be read. */
async function* inputs(
  names: readonly string[],
  io: ShellIO,
  device: DeviceApi,
): AsyncGenerator<{ name: string; data?: Uint8Array; error?: string }> {
  for (const name of names.length > 0 ? names : ['-']) {
    if (name === '-') yield { name, data: await readStdin(io) };
    else {
      const file = device.files.get(normalizePath(name));
      const why = isDirectory(device, name) ? 'Is a directory' : 'No such file or directory';
      yield file ? { name, data: file.data } : { name, error: why };
    }
  }
}

function digestCommand(command: string, algorithm: 'sha256' | 'md5'): ShellCommand {
  return async (argv, io, device) => {
    let status = 0;
    for await (const input of inputs(
      argv.filter((a) => a === '-' || !a.startsWith('-')),
      io,
      device,
    )) {
      if (input.data === undefined) {
        await io.writeStderr(`${command}: ${input.name}: ${input.error}\n`);
        status = 1;
      } else {
        await io.writeStdout(`${createHash(algorithm).update(input.data).digest('hex')}  ${input.name}\n`);
      }
    }
    return status;
  };
}

export const sha256sum = digestCommand('sha256sum', 'sha256');
export const md5sum = digestCommand('md5sum', 'md5');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decode(text: string, ignoreGarbage: boolean): Uint8Array {
  let kept = '';
  for (const ch of text) {
    if (ch === '=') break;
    if (ALPHABET.includes(ch)) kept += ch;
    else if (ch !== '\n' && !ignoreGarbage) break;
  }
  return Buffer.from(kept, 'base64');
}

export const base64: ShellCommand = async (argv, io, device) => {
  const flags = argv.filter((a) => /^-[di]+$/.test(a)).join('');
  const wrapAt = argv.indexOf('-w');
  const width = wrapAt === -1 ? 76 : Number(argv[wrapAt + 1]);
  const names = argv.filter((a, i) => (a === '-' || !a.startsWith('-')) && argv[i - 1] !== '-w');
  let status = 0;
  for await (const input of inputs(names, io, device)) {
    if (input.data === undefined) {
      await io.writeStderr(`base64: ${input.name}: ${input.error}\n`);
      status = 1;
    } else if (flags.includes('d')) {
      await io.writeStdout(decode(Buffer.from(input.data).toString('latin1'), flags.includes('i')));
    } else {
      const encoded = Buffer.from(input.data).toString('base64');
      const lines = width > 0 ? (encoded.match(new RegExp(`.{1,${width}}`, 'g')) ?? []) : [encoded];
      if (encoded !== '') await io.writeStdout(`${lines.join('\n')}\n`);
    }
  }
  return status;
};
