// What the emulator use cases ask of adb: the device list and shell commands over the adb server (the same AdbPort
// as every device command), and `adb emu ...`, which the adb client sends to the emulator's console itself (auth
// token included), through the process runner.
import { runAdbBinary } from '../adapters/adb/adb-binary.ts';
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import type { ProcessRunner } from '../adapters/process/process-runner.ts';
import { quoteShellArg } from '../contracts/dispatch.ts';
import type { Env } from '../contracts/env.ts';

export interface AdbDevice {
  serial: string;
  state: string;
}

export interface EmulatorAdb {
  devices(): Promise<AdbDevice[]>;
  shell(serial: string, command: readonly string[]): Promise<{ stdout: string; code: number }>;
  emu(serial: string, command: readonly string[]): Promise<{ stdout: string; code: number }>;
}

const EMU_TIMEOUT_MS = 15_000;

export function createEmulatorAdb(env: Env, adb: AdbPort, processes: ProcessRunner): EmulatorAdb {
  return {
    async devices() {
      return (await adb.listDevices()).map(({ serial, state }) => ({ serial, state }));
    },
    async shell(serial, command) {
      const out = await adb.shell(serial, command.map(quoteShellArg).join(' '));
      return { stdout: out.stdout, code: out.exitCode };
    },
    async emu(serial, command) {
      const out = await runAdbBinary(processes, env, ['-s', serial, 'emu', ...command], { timeoutMs: EMU_TIMEOUT_MS });
      return { stdout: out.stdout, code: out.code };
    },
  };
}
