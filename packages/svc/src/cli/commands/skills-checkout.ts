// `svc skills install --repo <url>`, `svc skills update [--ref <ref>]`, `svc skills sync --ref <ref>` (SPEC 4.4):
// one git checkout in ~/.svc/skills cloned from the repository the user names (--repo or SVC_SKILLS_REPO; there is
// no default), pinned to a recorded commit. On a terminal, stderr shows a spinner with git's own progress while git
// works; stdout keeps the one JSON result (or the pretty summary).
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { CheckoutState, MoveResult } from '../../skills/checkout.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';
import { bold, green } from '../style.ts';

interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** git's progress text (stderr, redrawn with \r); the latest line is shown beside the spinner. */
  onChunk: ((chunk: string) => void) | undefined;
  stop(outcome: 'done' | 'failed'): void;
}

const FRAMES = ['|', '/', '-', '\\'];

/** A one-line spinner on a TTY; nothing at all otherwise (pipes and logs get no control characters). */
export function startProgress(stream: ProgressStream, label: string, intervalMs = 120): Progress {
  if (stream.isTTY !== true) return { onChunk: undefined, stop: () => {} };
  let frame = 0;
  let detail = '';
  const draw = () => {
    stream.write(`\r\u001b[K${FRAMES[frame % FRAMES.length]} ${label}${detail ? ` ${detail}` : ''}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, intervalMs);
  return {
    onChunk: (chunk) => {
      const last = chunk
        .split(/[\r\n]+/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .at(-1);
      if (last !== undefined) detail = last.length > 60 ? `${last.slice(0, 57)}...` : last;
      draw();
    },
    stop: (outcome) => {
      clearInterval(timer);
      stream.write(`\r\u001b[K${outcome === 'done' ? 'done' : 'failed'}: ${label}\n`);
    },
  };
}

async function withProgress<T>(label: string, work: (onChunk: Progress['onChunk']) => Promise<T>): Promise<T> {
  const progress = startProgress(process.stderr, label);
  try {
    const result = await work(progress.onChunk);
    progress.stop('done');
    return result;
  } catch (error) {
    progress.stop('failed');
    throw error;
  }
}

function installed(value: CheckoutState & { alreadyInstalled: boolean; follows: string | null }): string {
  const head = value.alreadyInstalled ? 'skills already installed at' : `${green('installed')} skills into`;
  return [
    `${head} ${value.path} (${value.commit.slice(0, 12)}${value.follows ? `, following ${value.follows}` : ''})`,
    'Add this line to your shell profile so every svc finds the registry:',
    `  ${bold(value.exportCommand)}`,
  ].join('\n');
}

function moved(value: MoveResult): string {
  const what = value.changed ? `${value.previousCommit.slice(0, 12)} -> ${value.commit.slice(0, 12)}` : 'unchanged';
  const at = value.pinned ? `${value.ref} (pinned)` : `${value.ref} (following the branch)`;
  return `skills at ${at}: ${what}\nregistry: ${value.registryPath}\npin: ${value.pinFile}`;
}

export function registerSkillsCheckout(skills: Command): void {
  const install = skills
    .command('install')
    .description('clone a skills repository into ~/.svc/skills and pin its commit (--repo or SVC_SKILLS_REPO)');
  valueFlag(install, '--repo <git-url>', 'the skills repository to clone (default: SVC_SKILLS_REPO; svc has none)');
  install.action(
    safeAction(async (command, globals) => {
      const { installSkills, repoOf } = await import('../../skills/checkout.ts');
      const repo = repoOf(process.env, single(command.opts(), ['repo']));
      if (repo === undefined) {
        throw new SvcError(
          'CLI_USAGE_ERROR',
          'skills install needs a repository: pass --repo <git-url> or set SVC_SKILLS_REPO (svc has no default skills repository).',
          { path: '--repo' },
        );
      }
      const result = await withProgress('cloning skills', (onProgress) =>
        installSkills({ env: process.env, repo, onProgress }),
      );
      printValue(globals.output, result, installed);
      return 0;
    }),
  );
  examples(install, [
    'svc skills install --repo https://github.com/me/my-skills.git',
    'SVC_SKILLS_REPO=git@example.com:me/skills.git svc skills install',
  ]);

  const update = skills
    .command('update')
    .description('fetch, and move the checkout forward along the branch it follows (a rewritten branch is refused)');
  valueFlag(update, '--ref <git-ref>', 'branch, tag or commit (default: the branch the checkout follows)');
  update.action(
    safeAction(async (command, globals) => {
      const { updateSkills } = await import('../../skills/checkout.ts');
      const ref = single(command.opts(), ['ref']);
      const result = await withProgress(`updating skills${ref ? ` to ${ref}` : ''}`, (onProgress) =>
        updateSkills({ env: process.env, ref, repo: process.env.SVC_SKILLS_REPO?.trim() || undefined, onProgress }),
      );
      printValue(globals.output, result, moved);
      return 0;
    }),
  );
  examples(update, ['svc skills update', 'svc skills update --ref release-2']);

  const sync = skills.command('sync').description('pin the skills checkout to an exact ref (required)');
  valueFlag(sync, '--ref <git-ref>', 'branch, tag or commit to pin (required)');
  sync.action(
    safeAction(async (command, globals) => {
      const { syncSkills } = await import('../../skills/checkout.ts');
      const ref = single(command.opts(), ['ref']);
      if (ref === undefined) {
        throw new SvcError('CLI_USAGE_ERROR', 'skills sync needs --ref <git-ref>.', { path: '--ref' });
      }
      const result = await withProgress(`pinning skills to ${ref}`, (onProgress) =>
        syncSkills({ env: process.env, ref, repo: process.env.SVC_SKILLS_REPO?.trim() || undefined, onProgress }),
      );
      printValue(globals.output, result, moved);
      return 0;
    }),
  );
  examples(sync, ['svc skills sync --ref v1.4.0', 'svc skills sync --ref 3f2c1ab']);
}
