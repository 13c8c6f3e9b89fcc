// `skills install --repo`, `skills update [--ref]`, `skills sync --ref` (SPEC 4.4): one git checkout in ~/.svc/skills,
// cloned from the repository the user names (--repo or SVC_SKILLS_REPO: svc has no default one), and pinned to a
// commit recorded beside it (pin.ts).
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeFolders } from '../adapters/fs/make-folders.ts';
import { SvcError } from '../contracts/errors.ts';
import { checkRef, git } from './git.ts';
import { splitCredentials } from './git-credentials.ts';
import { pinFileOf, readPin, type SkillsPin, writePin } from './pin.ts';
import { registryInCheckout, skillsHome } from './registry.ts';
import type { Env } from './types.ts';

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
  /** Where the pin (repository, commit, followed branch) is recorded. */
  pinFile: string;
  /** The line to put in a shell profile so every svc finds this registry. */
  exportCommand: string;
}

/** --repo, else SVC_SKILLS_REPO; undefined when neither names one. */
export function repoOf(env: Env, flag?: string): string | undefined {
  return flag?.trim() || env.SVC_SKILLS_REPO?.trim() || undefined;
}

const run = (dir: string, options: CheckoutOptions, args: string[]) => git(args, { env: options.env, cwd: dir });

async function stateOf(dir: string, options: CheckoutOptions): Promise<CheckoutState> {
  const commit = await run(dir, options, ['rev-parse', 'HEAD']);
  const repo = await run(dir, options, ['remote', 'get-url', 'origin']).catch(() => '');
  const registryPath = registryInCheckout(dir);
  return {
    ok: true,
    path: dir,
    repo,
    commit,
    registryPath,
    pinFile: pinFileOf(options.env),
    exportCommand: exportLine(registryPath),
  };
}

/** POSIX single quotes so a home directory with spaces or `$` pastes safely into a shell. */
export function exportLine(registryPath: string): string {
  return `export SVC_SKILLS_REGISTRY='${registryPath.replaceAll("'", `'\\''`)}'`;
}

/** The branch HEAD is on, else undefined (detached). */
async function currentBranch(dir: string, options: CheckoutOptions): Promise<string | undefined> {
  return (await run(dir, options, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '')) || undefined;
}

export async function installSkills(
  options: CheckoutOptions & { repo: string },
): Promise<CheckoutState & { alreadyInstalled: boolean; follows: string | null }> {
  const dir = skillsHome(options.env);
  if (existsSync(join(dir, '.git'))) {
    const state = await stateOf(dir, options);
    return { ...state, alreadyInstalled: true, follows: readPin(options.env)?.follows ?? null };
  }
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new SvcError('SKILL_INSTALL_FAILED', `${dir} exists and is not a skills checkout; move it away first.`, {
      path: dir,
    });
  }
  await makeFolders(dirname(dir), 0o700);
  const progress = options.onProgress ? ['--progress'] : [];
  // The checkout's origin is the URL without a password: it is not written into .git/config either.
  const { url, credentials } = splitCredentials(options.repo);
  await git(['clone', ...progress, '--', url, dir], {
    env: options.env,
    cwd: dirname(dir),
    onProgress: options.onProgress,
    credentials,
  });
  const state = await stateOf(dir, options);
  const follows = (await currentBranch(dir, options)) ?? null;
  await writePin(options.env, { repo: state.repo, commit: state.commit, follows });
  return { ...state, alreadyInstalled: false, follows };
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

/** Fetches everything from origin (re-pointed at --repo / SVC_SKILLS_REPO when one is given). */
async function fetchOrigin(dir: string, options: CheckoutOptions & { repo?: string | undefined }): Promise<void> {
  const { url, credentials } = options.repo ? splitCredentials(options.repo) : { url: undefined };
  if (url) await run(dir, options, ['remote', 'set-url', 'origin', url]);
  const progress = options.onProgress ? ['--progress'] : [];
  await git(['fetch', ...progress, '--prune', '--tags', '--force', 'origin'], {
    env: options.env,
    cwd: dir,
    onProgress: options.onProgress,
    credentials,
  });
}

/** A branch of origin, else a tag or commit; undefined when the ref names nothing. */
async function resolveRef(dir: string, ref: string, options: CheckoutOptions) {
  const verify = (name: string) =>
    run(dir, options, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]).catch(() => '');
  const branch = await verify(`refs/remotes/origin/${ref}`);
  if (branch) return { kind: 'branch' as const, commit: branch };
  const other = await verify(ref);
  return other ? { kind: 'commit' as const, commit: other } : undefined;
}

/** The branch `update` follows with no --ref: the recorded one, the one checked out, else origin's default branch. */
async function followedBranch(dir: string, pin: SkillsPin | undefined, options: CheckoutOptions): Promise<string> {
  const known = pin?.follows ?? (await currentBranch(dir, options));
  if (known) return known;
  await run(dir, options, ['remote', 'set-head', 'origin', '--auto']).catch(() => '');
  const head = await run(dir, options, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']).catch(
    () => '',
  );
  if (head.startsWith('origin/')) return head.slice('origin/'.length);
  throw new SvcError('SKILL_INSTALL_FAILED', 'The skills checkout follows no branch; pass --ref <branch>.', {
    path: dir,
  });
}

export interface MoveResult extends CheckoutState {
  ref: string;
  /** The recorded pin before this command (HEAD when nothing was recorded). */
  previousCommit: string;
  changed: boolean;
  /** sync pins a detached commit; update follows a branch. */
  pinned: boolean;
  follows: string | null;
}

async function moveTo(ref: string | undefined, pin: boolean, options: CheckoutOptions & { repo?: string | undefined }) {
  const dir = await installedCheckout(options);
  const recorded = readPin(options.env);
  const previousCommit = recorded?.commit ?? (await run(dir, options, ['rev-parse', 'HEAD']));
  await fetchOrigin(dir, options);
  const wanted = checkRef(ref ?? (await followedBranch(dir, recorded, options)));
  const target = await resolveRef(dir, wanted, options);
  if (!target) {
    throw new SvcError('SKILL_INSTALL_FAILED', `The skills repository has no branch, tag or commit "${wanted}".`, {
      path: dir,
      ref: wanted,
    });
  }
  const followBranch = target.kind === 'branch' && !pin;
  // Following the same branch further: only forward. A rewritten branch needs the user's `sync`.
  if (
    followBranch &&
    recorded?.follows === wanted &&
    !(await isAncestor(dir, previousCommit, target.commit, options))
  ) {
    throw new SvcError(
      'SKILL_INSTALL_FAILED',
      `The branch "${wanted}" of the skills repository no longer contains the pinned commit ${previousCommit.slice(0, 12)} (its history was rewritten); review it, then pin it with \`svc skills sync --ref ${target.commit.slice(0, 12)}\`.`,
      { path: dir, ref: wanted, pinnedCommit: previousCommit, commit: target.commit, reason: 'historyRewritten' },
    );
  }
  const args = followBranch
    ? ['checkout', '--quiet', '-B', wanted, `refs/remotes/origin/${wanted}`]
    : ['checkout', '--quiet', '--detach', target.commit];
  await run(dir, options, args);
  const state = await stateOf(dir, options);
  const follows = followBranch ? wanted : null;
  await writePin(options.env, { repo: state.repo, commit: state.commit, follows });
  const moved = { ref: wanted, previousCommit, changed: state.commit !== previousCommit, pinned: !followBranch };
  return { ...state, ...moved, follows } satisfies MoveResult;
}

async function isAncestor(dir: string, older: string, newer: string, options: CheckoutOptions): Promise<boolean> {
  return run(dir, options, ['merge-base', '--is-ancestor', older, newer]).then(
    () => true,
    () => false,
  );
}

export function updateSkills(
  options: CheckoutOptions & { ref?: string | undefined; repo?: string | undefined },
): Promise<MoveResult> {
  return moveTo(options.ref, false, options);
}

export function syncSkills(options: CheckoutOptions & { ref: string; repo?: string | undefined }): Promise<MoveResult> {
  return moveTo(options.ref, true, options);
}
