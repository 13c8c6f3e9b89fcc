// The argv of a live process: /proc on Linux (no child process at all), `ps` elsewhere.
import { readFileSync } from 'node:fs';

export type CommandLineReader = (pid: number) => string[] | undefined;

export const commandLineOf: CommandLineReader = (pid) => {
  try {
    if (process.platform === 'linux') {
      const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return raw.split('\0').filter((part) => part !== '');
    }
    const out = process
      .getBuiltinModule('node:child_process')
      .execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' })
      .trim();
    return out === '' ? undefined : out.split(/\s+/);
  } catch {
    return undefined;
  }
};
