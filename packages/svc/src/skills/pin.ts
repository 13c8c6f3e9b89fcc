// The pin of the skills checkout: which repository and commit svc runs skills from, and the branch `update` follows
// (none once `sync` pinned a commit). `install` and `sync` record it, `update` moves it only forward along the
// branch it follows and reports the move; a branch whose history was rewritten (force-pushed) is refused, so a
// skills repository cannot swap the scripts svc runs without the user saying so with `sync`.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { skillsHome } from './registry.ts';
import type { Env } from './types.ts';

export interface SkillsPin {
  repo: string;
  commit: string;
  /** The branch `update` follows; null after `sync` pinned a commit. */
  follows: string | null;
  recordedAt: string;
}

/** Beside the checkout (not in it), so nothing in the repository can change it. */
export function pinFileOf(env: Env): string {
  return join(dirname(skillsHome(env)), 'skills-pin.json');
}

export function readPin(env: Env): SkillsPin | undefined {
  const file = pinFileOf(env);
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<SkillsPin>;
    if (typeof value.commit !== 'string' || typeof value.repo !== 'string') return undefined;
    return {
      repo: value.repo,
      commit: value.commit,
      follows: typeof value.follows === 'string' ? value.follows : null,
      recordedAt: String(value.recordedAt ?? ''),
    };
  } catch {
    return undefined;
  }
}

export async function writePin(env: Env, pin: Omit<SkillsPin, 'recordedAt'>): Promise<SkillsPin> {
  const recorded = { ...pin, recordedAt: new Date().toISOString() };
  await writeFile(pinFileOf(env), `${JSON.stringify(recorded, null, 2)}\n`, { mode: 0o600 });
  return recorded;
}
