// What the emulator use cases ask of adb. Emulator lifecycle is not on the hot path, so this uses the adb binary
// (it also owns the emulator console handshake for `emu` commands, auth token included).
import { SvcError } from '../contracts/errors.ts';
import type { Env } from './avd-home.ts';
import { runTool } from './run-tool.ts';

export interface AdbDevice {
  serial: string;
  state: string;
}

export interface EmulatorAdb {
  devices(): Promise<AdbDevice[]>;
  shell(serial: string, command: readonly string[]): Promise<{ stdout: string; code: number }>;
  emu(serial: string, command: readonly string[]): Promise<{ stdout: string; code: number }>;
}

export function adbBinary(env: Env): string {
  const override = env.SVC_ADB_PATH;
  return override && override.trim() !== '' ? override : 'adb';
}

export function createEmulatorAdb(env: Env): EmulatorAdb {
  const adb = adbBinary(env);
  const run = async (args: readonly string[]) => {
    const result = await runTool(adb, args, { env, timeoutMs: 15000 });
    if (result.code === 127 && /ENOENT/.test(result.stderr)) {
      throw new SvcError('ADB_NOT_FOUND', `adb was not found (${adb}); install Android platform-tools.`);
    }
    return result;
  };
  return {
    async devices() {
      const result = await run(['devices']);
      return result.stdout
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((parts) => parts.length >= 2 && parts[0] !== '')
        .map(([serial, state]) => ({ serial: serial ?? '', state: state ?? '' }));
    },
    async shell(serial, command) {
      const result = await run(['-s', serial, 'shell', ...command]);
      return { stdout: result.stdout, code: result.code };
    },
    async emu(serial, command) {
      const result = await run(['-s', serial, 'emu', ...command]);
      return { stdout: result.stdout, code: result.code };
    },
  };
}
