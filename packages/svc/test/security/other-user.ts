// Runs a command as a second local user (`runuser -u nobody`), the attacker of the security suite: a process of
// another user on the same machine. Only root can switch users; elsewhere the caller skips with the reason printed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

export const OTHER_USER = 'nobody';

const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((path) => existsSync(path));

/** Why the suite cannot act as another user here, or undefined when it can. */
export function otherUserUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'runuser exists on Linux only';
  if (process.getuid?.() !== 0)
    return `switching to user ${OTHER_USER} needs root (running as uid ${process.getuid?.()})`;
  if (RUNUSER === undefined) return 'runuser is not installed';
  if (!existsSync('/usr/bin/curl')) return 'curl is not installed';
  return undefined;
}

export interface OtherUserRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `argv` as OTHER_USER with an empty environment but PATH (no token, no HOME of ours). */
export function asOtherUser(argv: string[]): Promise<OtherUserRun> {
  return new Promise((resolve) => {
    execFile(
      RUNUSER ?? 'runuser',
      ['-u', OTHER_USER, '--', ...argv],
      { env: { PATH: '/usr/bin:/bin' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `curl` as OTHER_USER: the HTTP status and the body. */
export async function curlAsOtherUser(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  const args = ['curl', '-s', '-o', '-', '-w', '\n%{http_code}', '-X', options.method ?? 'GET', '--max-time', '20'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (options.body !== undefined) args.push('-H', 'content-type: application/json', '--data-binary', options.body);
  args.push(url);
  const run = await asOtherUser(args);
  const cut = run.stdout.lastIndexOf('\n');
  return { status: Number(run.stdout.slice(cut + 1)), body: run.stdout.slice(0, cut) };
}
