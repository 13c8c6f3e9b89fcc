// The README's fenced shell commands, as a user types them: parsed out of README.md (continuation lines and heredocs
// kept whole), and run one after the other in ONE bash process, so `export`, `cd` and files persist from command
// to command exactly as in a terminal. Each command's exit status and output are read back through a marker line.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ReadmeCommand {
  /** The command as written (continuations and a heredoc body included). */
  text: string;
  /** The heading the block is under, for messages. */
  section: string;
}

/** Every command of every ```sh block, in README order. */
export function readmeCommands(path: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  let section = '';
  let inBlock = false;
  /** Inside a fence of another language (```text, ```json): its `# ...` lines are not headings. */
  let inOtherBlock = false;
  let pending: string[] = [];
  let heredoc: string | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (inOtherBlock) {
      if (/^```\s*$/.test(line)) inOtherBlock = false;
      continue;
    }
    if (!inBlock) {
      if (/^#{1,6} /.test(line)) section = line.replace(/^#+ /, '');
      if (/^```(sh|bash|shell)\s*$/.test(line)) inBlock = true;
      else if (/^```/.test(line)) inOtherBlock = true;
      continue;
    }
    if (heredoc === undefined && /^```\s*$/.test(line)) {
      inBlock = false;
      continue;
    }
    if (heredoc !== undefined) {
      pending.push(line);
      if (line === heredoc) {
        heredoc = undefined;
        commands.push({ text: pending.join('\n'), section });
        pending = [];
      }
      continue;
    }
    if (pending.length === 0 && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    pending.push(line);
    const tag = /<<-?\s*'?(\w+)'?/.exec(line)?.[1];
    if (tag !== undefined) {
      heredoc = tag;
      continue;
    }
    if (line.endsWith('\\')) continue;
    commands.push({ text: pending.join('\n'), section });
    pending = [];
  }
  return commands;
}

export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One long-lived bash: `run` sends a command and resolves with its status and what it printed. */
export class PersistentShell {
  readonly #bash: ChildProcessWithoutNullStreams;
  #stdout = '';
  #stderr = '';
  #count = 0;
  #wake: (() => void) | undefined;

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    this.#bash = spawn('bash', ['--noprofile', '--norc'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    // Job control: each background job gets its own process group, so stopJobs() ends it with all its children
    // (npx runs the command as a child of npm).
    this.#bash.stdin.write('set -m\n');
    this.#bash.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stdout += chunk;
      this.#wake?.();
    });
    this.#bash.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr += chunk;
      this.#wake?.();
    });
  }

  async run(command: string, timeoutMs = 120_000): Promise<ShellResult> {
    const id = ++this.#count;
    const marker = `__README_CMD_${id}_DONE__`;
    // The status goes out on stdout after the command; a marker on stderr tells where its stderr ends.
    this.#bash.stdin.write(`${command}\nprintf '\\n${marker}%s\\n' "$?"; printf '\\n${marker}\\n' >&2\n`);
    const deadline = Date.now() + timeoutMs;
    const done = new RegExp(`\\n${marker}(\\d+)\\n`);
    while (!(done.test(this.#stdout) && this.#stderr.includes(`\n${marker}\n`))) {
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${command}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    const match = done.exec(this.#stdout) as RegExpExecArray;
    const stdout = this.#stdout.slice(0, match.index);
    this.#stdout = this.#stdout.slice(match.index + match[0].length);
    const end = this.#stderr.indexOf(`\n${marker}\n`);
    const stderr = this.#stderr.slice(0, end);
    this.#stderr = this.#stderr.slice(end + marker.length + 2);
    return { code: Number(match[1]), stdout, stderr };
  }

  /** Ends every background job with its whole process group, and waits for them. */
  async stopJobs(): Promise<void> {
    await this.run('for job in $(jobs -p); do kill -TERM -- -"$job" 2>/dev/null; done; wait 2>/dev/null; true');
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.#bash.once('exit', () => resolve()));
    this.#bash.stdin.end('exit\n');
    await exited;
  }
}
