// `adb shell` with no command: a prompt, one command line per input line, until `exit` or the end of input.
// With a pty the terminal discipline of the device is imitated: typed bytes are echoed, Enter is CR, DEL erases.
import type { ShellIO } from '../../device/types.ts';
import type { ChunkQueue } from '../chunk-queue.ts';
import type { ServiceContext } from '../context.ts';

export async function runInteractiveShell(
  context: ServiceContext,
  io: ShellIO,
  stdin: ChunkQueue,
  pty: boolean,
): Promise<number> {
  const name = context.device.props.get('ro.product.device') ?? 'generic';
  const prompt = `${name}:/ $ `;
  const newline = pty ? '\r\n' : '\n';
  let status = 0;
  let line = '';
  await io.writeStdout(prompt);
  for await (const chunk of stdin) {
    for (const char of Buffer.from(chunk).toString('utf8')) {
      if (char === '\r' || char === '\n') {
        if (pty) await io.writeStdout(newline);
        const commandLine = line.trim();
        line = '';
        if (commandLine === 'exit') return status;
        if (commandLine !== '') status = await context.runCommand(commandLine, { ...io, stdin: emptyInput() });
        await io.writeStdout(prompt);
      } else if (char === '\x7f' || char === '\b') {
        if (line.length > 0 && pty) await io.writeStdout('\b \b');
        line = line.slice(0, -1);
      } else if (char === '\x04' && line === '') {
        return status;
      } else {
        line += char;
        if (pty) await io.writeStdout(char);
      }
    }
  }
  return status;
}

async function* emptyInput(): AsyncGenerator<Uint8Array> {}
