// A zombie process for lock tests: `sh -c 'sleep 0.2 & echo $!; exec sleep 60'` starts a child and then becomes a
// `sleep` that never waits for it, so the child stays a zombie (exited, unreaped) until the parent goes. The child
// lives 0.2 s so that it exits after the exec (a shell may reap a child that ends before).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Zombie {
  pid: number;
  /** Kills the parent (init reaps the zombie then). */
  release(): void;
}

export async function makeZombie(): Promise<Zombie> {
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
    parent.once('error', reject);
  });
  for (let i = 0; i < 300; i++) {
    let stat = '';
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      break; // reaped after all: no zombie to give
    }
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return { pid, release: () => parent.kill('SIGKILL') };
    await sleep(10);
  }
  parent.kill('SIGKILL');
  throw new Error(`pid ${pid} did not become a zombie`);
}
