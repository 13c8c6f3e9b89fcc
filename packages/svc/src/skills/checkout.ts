// `skills install`, `skills update [--ref]`, `skills sync --ref` (SPEC 4.4): one git checkout in ~/.svc/skills
// cloned from SVC_SKILLS_REPO (or the default repository).
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import { checkRef, git } from './git.ts';
import { registryInCheckout, skillsHome } from './registry.ts';
import type { Env } from './types.ts';

export const DEFAULT_SKILLS_REPO = 'https://github.com/svc-dev/svc-skills.git';
export const DEFAULT_SKILLS_REF = 'main';

export interface CheckoutOptions {
  env: Env;
  onProgress?: ((chunk: string) => void) | undefined;
}

export interface CheckoutState {
  ok: true;
  path: string;
  repo: string;
  commit: string;
  registryPath: string;
  /** The line to put in a shell profile so every svc finds this registry. */
  exportCommand: string;
}

function repoUrl(env: Env): string {
  return env.SVC_SKILLS_REPO?.trim() || DEFAULT_SKILLS_REPO;
}

async function stateOf(dir: string, options: CheckoutOptions): Promise<CheckoutState> {
  const commit = await git(['rev-parse', 'HEAD'], { env: options.env, cwd: dir });
  const repo = await git(['remote', 'get-url', 'origin'], { env: options.env, cwd: dir }).catch(() =>
    repoUrl(options.env),
  );
  const registryPath = registryInCheckout(dir);
  return { ok: true, path: dir, repo, commit, registryPath, exportCommand: exportLine(registryPath) };
}

/** POSIX single quotes so a home directory with spaces or `$` pastes safely into a shell. */
export function exportLine(registryPath: string): string {
  return `export SVC_SKILLS_REGISTRY='${registryPath.replaceAll("'", `'\\''`)}'`;
}

export async function installSkills(options: CheckoutOptions): Promise<CheckoutState & { alreadyInstalled: boolean }> {
  const dir = skillsHome(options.env);
  if (existsSync(join(dir, '.git'))) return { ...(await stateOf(dir, options)), alreadyInstalled: true };
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new SvcError('SKILL_INSTALL_FAILED', `${dir} exists and is not a skills checkout; move it away first.`, {
      path: dir,
    });
  }
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  const progress = options.onProgress ? ['--progress'] : [];
  await git(['clone', ...progress, '--', repoUrl(options.env), dir], {
    env: options.env,
    cwd: dirname(dir),
    onProgress: options.onProgress,
  });
  return { ...(await stateOf(dir, options)), alreadyInstalled: false };
}

async function installedCheckout(options: CheckoutOptions): Promise<string> {
  const dir = skillsHome(options.env);
  if (!existsSync(join(dir, '.git'))) {
    throw new SvcError('SKILL_INSTALL_FAILED', `No skills checkout at ${dir}; run \`svc skills install\` first.`, {
      path: dir,
    });
  }
  return dir;
}

/** Fetches everything from origin (re-pointed at SVC_SKILLS_REPO when that is set). */
async function fetchOrigin(dir: string, options: CheckoutOptions): Promise<void> {
  const run = (args: string[], onProgress?: (chunk: string) => void) =>
    git(args, { env: options.env, cwd: dir, onProgress });
  if (options.env.SVC_SKILLS_REPO?.trim()) await run(['remote', 'set-url', 'origin', repoUrl(options.env)]);
  const progress = options.onProgress ? ['--progress'] : [];
  await run(['fetch', ...progress, '--prune', '--tags', '--force', 'origin'], options.onProgress);
}

/** A branch of origin, else a tag or commit; undefined when the ref names nothing. */
async function resolveRef(dir: string, ref: string, options: CheckoutOptions) {
  const verify = (name: string) =>
    git(['rev-parse', '--verify', '--quiet', `${name}^{commit}`], { env: options.env, cwd: dir }).catch(() => '');
  const branch = await verify(`refs/remotes/origin/${ref}`);
  if (branch) return { kind: 'branch' as const, commit: branch };
  const other = await verify(ref);
  return other ? { kind: 'commit' as const, commit: other } : undefined;
}

export interface MoveResult extends CheckoutState {
  ref: string;
  previousCommit: string;
  changed: boolean;
  /** sync pins a detached commit; update follows a branch. */
  pinned: boolean;
}

async function moveTo(ref: string, pin: boolean, options: CheckoutOptions): Promise<MoveResult> {
  const wanted = checkRef(ref);
  const dir = await installedCheckout(options);
  const previousCommit = await git(['rev-parse', 'HEAD'], { env: options.env, cwd: dir });
  await fetchOrigin(dir, options);
  const target = await resolveRef(dir, wanted, options);
  if (!target) {
    throw new SvcError('SKILL_INSTALL_FAILED', `The skills repository has no branch, tag or commit "${wanted}".`, {
      path: dir,
      ref: wanted,
    });
  }
  const followBranch = target.kind === 'branch' && !pin;
  const args = followBranch
    ? ['checkout', '--quiet', '-B', wanted, `refs/remotes/origin/${wanted}`]
    : ['checkout', '--quiet', '--detach', target.commit];
  await git(args, { env: options.env, cwd: dir });
  const state = await stateOf(dir, options);
  return { ...state, ref: wanted, previousCommit, changed: state.commit !== previousCommit, pinned: !followBranch };
}

export function updateSkills(options: CheckoutOptions & { ref?: string | undefined }): Promise<MoveResult> {
  return moveTo(options.ref ?? DEFAULT_SKILLS_REF, false, options);
}

export function syncSkills(options: CheckoutOptions & { ref: string }): Promise<MoveResult> {
  return moveTo(options.ref, true, options);
}
