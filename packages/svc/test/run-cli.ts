// Runs the real CLI in a child process (Node 24, TypeScript sources) and collects its output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

export interface CliRun {
  stdout: string;
  stderr: string;
  code: number;
}

export interface CliOptions {
  /** Merged over a copy of this process's env (adb and svc variables removed first, so tests stay isolated). */
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string;
}

function baseEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) {
    if (/^(ADB_|ANDROID_|SVC_)/.test(key)) delete env[key];
  }
  return env;
}

export function runCli(args: string[], opts: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      cwd: opts.cwd ?? process.cwd(),
      env: { ...baseEnv(), ...opts.env } as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code: code ?? 1 }));
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs the CLI and parses stdout as one JSON document (typed loosely: tests assert its shape). */
// biome-ignore lint/suspicious/noExplicitAny: test helper; each test asserts the fields it reads.
export async function runCliJson(args: string[], opts: CliOptions = {}): Promise<CliRun & { json: any }> {
  const run = await runCli(args, opts);
  let json: unknown;
  try {
    json = JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  return { ...run, json };
}
