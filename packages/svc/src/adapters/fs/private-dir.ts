// A directory only its owner can reach (mode 0700, owned by this user): ~/.svc and what lives in it (daemon
// sockets, the server token, screenshots). Whoever can read or write there can drive the phone or read its screen.
import { statSync } from 'node:fs';
import { makeFoldersSync } from './make-folders.ts';

export interface PrivateDirProblem {
  reason: 'dir_owner' | 'dir_mode' | 'not_a_dir';
  message: string;
  details: Record<string, unknown>;
}

/**
 * Creates `dir` (and missing parents) with mode 0700, then checks it: undefined when it is a directory of this user
 * that group and others cannot reach, else what is wrong. An existing directory is never loosened or tightened here:
 * the user decides, and the message says how.
 */
export function makePrivateDir(dir: string): PrivateDirProblem | undefined {
  makeFoldersSync(dir, 0o700);
  const stat = statSync(dir);
  if (!stat.isDirectory()) return { reason: 'not_a_dir', message: `${dir} is not a directory.`, details: { dir } };
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    return {
      reason: 'dir_owner',
      message: `${dir} belongs to another user (uid ${stat.uid}); refusing to use it.`,
      details: { dir, ownerUid: stat.uid },
    };
  }
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8);
    return {
      reason: 'dir_mode',
      message: `${dir} is accessible to group or others (mode ${mode}); run chmod 700 on it.`,
      details: { dir, mode },
    };
  }
  return undefined;
}
