// Shared by the daemon suites: the CLI against a lab, the daemon files of the lab's HOME, the daemon processes of
// that HOME (read from /proc, so a leak cannot hide), and a foreground `daemon run` owned by the test process (a
// child the test reaps at once when it kills it, as an init would).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lab } from 'svc-sim/testing';
import { liveStatus } from '../src/daemons/lifecycle.ts';
import { daemonPaths } from '../src/daemons/paths.ts';
import { waitFor } from './reliability-helpers.ts';
import { type CliOptions, MAIN, runCli, runCliJson } from './run-cli.ts';

export const daemonDirOf = (home: string) => join(home, '.svc', 'daemon');

export function svcIn(lab: Lab, extraEnv: Record<string, string | undefined> = {}) {
  return {
    json: (args: string[], opts: CliOptions = {}) =>
      runCliJson(args, { ...opts, env: { ...lab.env, ...extraEnv, ...opts.env } }),
    raw: (args: string[], opts: CliOptions = {}) =>
      runCli(args, { ...opts, env: { ...lab.env, ...extraEnv, ...opts.env } }),
  };
}

/** Pids of `daemon run` processes whose HOME is `home` (Linux /proc). */
export function daemonPidsOf(home: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!argv.includes('daemon') || !argv.includes('run')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`HOME=${home}`)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** Lines of the daemon log of a device that record an execution (`execute ...`). */
export function executeLines(lab: Pick<Lab, 'home' | 'env'>, serial: string): string[] {
  try {
    return readFileSync(daemonPaths(lab.home, serial, lab.env).log, 'utf8')
      .split('\n')
      .filter((line) => / execute /.test(line));
  } catch {
    return [];
  }
}

/** The serial of the lab's first device (a daemon is keyed by the serial of its device). */
export const firstSerial = (lab: Lab) => lab.devices[0]?.serial as string;

/** Stops every daemon of this HOME (SIGTERM, then SIGKILL) and waits until none is left. */
export async function stopDaemonsOf(home: string): Promise<number[]> {
  const found = daemonPidsOf(home);
  for (const pid of found) process.kill(pid, 'SIGTERM');
  try {
    await waitFor('daemons to exit', () => daemonPidsOf(home).length === 0, 5000);
  } catch {
    for (const pid of daemonPidsOf(home)) process.kill(pid, 'SIGKILL');
    await waitFor('daemons to die', () => daemonPidsOf(home).length === 0, 5000);
  }
  return found;
}

/** The env runCli gives the CLI (adb/android/svc variables of this process removed), plus the lab's. */
export function cliEnv(lab: Lab): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (/^(ADB_|ANDROID_|SVC_)/.test(key)) delete env[key];
  return { ...env, ...lab.env } as NodeJS.ProcessEnv;
}

/** `svc daemon run` in the foreground as a child of the test; resolves once it answers on its socket. */
export async function runForegroundDaemon(lab: Lab, entry = MAIN): Promise<ChildProcess> {
  const paths = daemonPaths(lab.home, firstSerial(lab), lab.env);
  const child = spawn(
    process.execPath,
    [entry, 'daemon', 'run', `--daemon-key=${paths.key}`, '--device', paths.serial],
    {
      env: cliEnv(lab),
      stdio: 'ignore',
    },
  );
  await waitFor('the foreground daemon to answer', async () => (await liveStatus(paths))?.pid === child.pid);
  return child;
}
