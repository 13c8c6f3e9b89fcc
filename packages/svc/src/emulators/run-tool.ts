// Runs an SDK tool (sdkmanager, avdmanager, emulator) through the process runner: an argv array (never a shell),
// optional stdin, a timeout. A tool that cannot start answers code 127 with the reason, as a shell would.
import type { ProcessRunner } from '../adapters/process/process-runner.ts';

export interface ToolRun {
  stdout: string;
  stderr: string;
  code: number;
  timedOut: boolean;
}

export interface ToolOptions {
  env: Readonly<Record<string, string | undefined>>;
  input?: string;
  timeoutMs?: number;
  onOutput?: (chunk: string) => void;
}

export async function runTool(
  processes: ProcessRunner,
  file: string,
  args: readonly string[],
  options: ToolOptions,
): Promise<ToolRun> {
  try {
    const out = await processes.run(file, args, {
      env: options.env,
      ...(options.input === undefined ? {} : { input: options.input }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.onOutput === undefined ? {} : { onStdout: options.onOutput, onStderr: options.onOutput }),
    });
    return { stdout: out.stdout, stderr: out.stderr, code: out.timedOut ? -1 : out.code, timedOut: out.timedOut };
  } catch (error) {
    return { stdout: '', stderr: (error as Error).message, code: 127, timedOut: false };
  }
}
