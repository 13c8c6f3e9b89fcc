// Long-running `svc serve` / `svc mcp --http` processes for the security suite: started as a user starts them (the
// real CLI), with the lines they print on stderr, and stopped at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { isolatedEnv, MAIN } from '../run-cli.ts';

export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` (serve) or `.../mcp` (mcp --http). */
  readonly url: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Starts `svc <args>` and waits for its `listening on <url>` line (and, when asked, one more line matching `also`). */
export async function startServer(args: string[], env: Record<string, string>, also?: RegExp): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: isolatedEnv(env),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match?.[1] && (also === undefined || also.test(text))) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`svc ${args.join(' ')} exited ${code}: ${text}`)));
  });
  return {
    child,
    url,
    stderr: () => text,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      return code as number | null;
    },
  };
}
