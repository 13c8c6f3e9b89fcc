// Runs an external tool with an argv array (never through a shell), feeding optional stdin, with a timeout.
import { spawn } from 'node:child_process';

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

export function runTool(file: string, args: readonly string[], options: ToolOptions): Promise<ToolRun> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: options.env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onOutput?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      options.onOutput?.(chunk);
    });
    child.stdin.on('error', () => {}); // the tool may exit before reading its input
    child.stdin.end(options.input ?? '');
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ stdout, stderr: stderr + String(error.message), code: 127, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code: code ?? 1, timedOut });
    });
  });
}
