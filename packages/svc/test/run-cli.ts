// Runs the real CLI in a child process, as a user does (bin/svc.js: the bundle when it is fresh, which `npm test`
// makes sure of, else the TypeScript sources), and collects its output.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The CLI entry the tests run: the package's bin. */
export const MAIN = fileURLToPath(new URL('../bin/svc.js', import.meta.url));

const { bundleIsFresh } = createRequire(import.meta.url)(MAIN) as { bundleIsFresh: () => boolean };

/**
 * The file a daemon started by MAIN runs and names as its build identity (package-root.ts): the bundle's dist/cli.js
 * when bin/svc.js runs the bundle, else the source entry.
 */
export const CLI_ENTRY = fileURLToPath(new URL(bundleIsFresh() ? '../dist/cli.js' : '../src/main.ts', import.meta.url));

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

/** This process's env without adb, android and svc variables (tests stay isolated), no colours, plus `extra`. */
export function isolatedEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(ADB_|ANDROID_|SVC_)/.test(key)) env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Collects a child's stdout and stderr as text until it closes; a child killed by a signal counts as code 1. */
export function collectOutput(child: ChildProcessByStdio<Writable | null, Readable, Readable>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
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
  });
}

export function runCli(args: string[], opts: CliOptions = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...isolatedEnv(), ...opts.env } as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  // A command that never reads stdin may exit before the input is written: that is not the test's failure.
  child.stdin.on('error', () => {});
  child.stdin.end(opts.input ?? '');
  return output;
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
