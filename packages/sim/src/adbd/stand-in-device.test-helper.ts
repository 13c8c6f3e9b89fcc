// Test-only stand-in for the device model and shell, so the wire can be unit-tested alone. The contract suite
// (packages/sim/test) runs the real model and shell instead.
import { memoryDevice } from '../device/memory-device.test-helper.ts';
import type { DeviceApi, ShellIO } from '../device/types.ts';

export function standInDevice(): DeviceApi {
  return memoryDevice('standin', {
    'ro.product.model': 'Standin',
    'ro.product.name': 'standin',
    'ro.product.device': 'standin',
  });
}

/** Understands `echo <words>`, `true`, `false`, `exit N`, `cat <path>`, `cat` (stdin), `wc -c`, `err <text>`. */
export async function standInRun(device: DeviceApi, commandLine: string, io: ShellIO): Promise<number> {
  device.commandLog.push(commandLine);
  const [name, ...args] = commandLine.trim().split(/\s+/);
  switch (name) {
    case 'echo':
      await io.writeStdout(`${args.join(' ')}\n`);
      return 0;
    case 'true':
      return 0;
    case 'false':
      return 1;
    case 'exit':
      return Number(args[0] ?? 0);
    case 'err':
      await io.writeStderr(`${args.join(' ')}\n`);
      return 3;
    case 'wc': {
      let total = 0;
      for await (const chunk of io.stdin) total += chunk.length;
      await io.writeStdout(`${total}\n`);
      return 0;
    }
    case 'cat': {
      if (args[0]) {
        const file = device.files.get(args[0]);
        if (!file) {
          await io.writeStderr(`cat: ${args[0]}: No such file or directory\n`);
          return 1;
        }
        await io.writeStdout(file.data);
        return 0;
      }
      for await (const chunk of io.stdin) await io.writeStdout(chunk);
      return 0;
    }
    default:
      await io.writeStderr(`/system/bin/sh: ${name}: not found\n`);
      return 127;
  }
}
