// Test helpers for install-from-tarball.test.ts: `npm pack` of both workspaces, commands run as a user of the
// installed packages would run them (a clean environment: no npm, NODE_OPTIONS or adb variables of this run), and a
// `svc sim start` in the background.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** svc's npm package name (its command is `svc`): what `npm pack -w`, `npm i -g` and `npx <name>` take. */
export const SVC_PACKAGE = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'svc', 'package.json'), 'utf8')) as { name: string }
).name;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` (argv, no shell) and resolves when it exits; killed after `timeoutMs`. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && typeof error.code !== 'number' ? `${stderr}${error}` : stderr });
      },
    );
  });
}

/**
 * What a user's shell would have: this Node 24 first on PATH (npm's and the bins' `#!/usr/bin/env node`), then the
 * install prefix's bin/, a private HOME (npm's cache and ~/.svc), npm set to never reach a registry or print notices.
 */
export function userEnv(home: string, prefixBin: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|NODE_OPTIONS$|ADB_|ANDROID_|SVC_)/i.test(name)) continue;
    env[name] = value;
  }
  return {
    ...env,
    PATH: [dirname(process.execPath), prefixBin, process.env.PATH ?? ''].join(':'),
    HOME: home,
    NO_COLOR: '1',
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_cache: join(home, '.npm'),
  };
}

export interface PackedFile {
  name: string;
  version: string;
  filename: string;
  files: { path: string }[];
}

/**
 * `npm pack` of both workspaces into `dest` (their prepack scripts build what the tarballs ship), from a copy of the
 * clone: a pack rewrites each package.json (pack-manifest.ts) and README for its duration, and the other suites that
 * run meanwhile must keep seeing the clone's own files.
 */
export async function packWorkspaces(dest: string, env: NodeJS.ProcessEnv): Promise<PackedFile[]> {
  const stage = await mkdtemp(join(tmpdir(), 'svc-pack-'));
  try {
    const outsideNodeModules = (from: string) => !from.split(sep).includes('node_modules');
    for (const entry of ['package.json', 'README.md', 'tsconfig.base.json', 'scripts', 'packages']) {
      // Timestamps kept: the bundle's freshness check compares them, so a fresh bundle stays fresh in the copy.
      cpSync(join(REPO_ROOT, entry), join(stage, entry), {
        recursive: true,
        preserveTimestamps: true,
        filter: outsideNodeModules,
      });
    }
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
    const packed = await run(
      'npm',
      ['pack', '-w', SVC_PACKAGE, '-w', 'svc-sim', '--pack-destination', dest, '--json', '--loglevel=error'],
      { cwd: stage, env, timeoutMs: 300_000 },
    );
    if (packed.code !== 0) throw new Error(`npm pack exited ${packed.code}:\n${packed.stderr}`);
    return JSON.parse(packed.stdout) as PackedFile[];
  } finally {
    await rm(stage, { recursive: true, force: true, maxRetries: 5 });
  }
}

export interface BackgroundSim {
  serial: string;
  /** Ctrl-C, as a user stops it; resolves its exit code. */
  stop(): Promise<number | null>;
}

/** `svc sim start` from `svcBin`, in its own process group, once it has printed the device it connected. */
export async function startSim(svcBin: string, env: NodeJS.ProcessEnv): Promise<BackgroundSim> {
  const child: ChildProcess = spawn(svcBin, ['sim', 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // exited meanwhile
      }
    }
    return exited;
  };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`svc sim start printed no device in 60 s:\n${out}`)), 60_000);
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('control:')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`svc sim start exited ${code}:\n${out}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const serial = /connected to (\S+)/.exec(out)?.[1];
  if (serial === undefined) {
    await stop();
    throw new Error(`svc sim start printed no serial:\n${out}`);
  }
  return { serial, stop };
}
