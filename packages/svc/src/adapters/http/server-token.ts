// The secret of `svc serve` and `svc mcp --http` (like Jupyter's token or VS Code server's connection token): a
// random token in ~/.svc/server-token, file 0600 in the 0700 ~/.svc, made on first use and reused after, so the
// user's own clients (curl, MCP clients, svc itself) can read it and no other local user can.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '../../contracts/errors.ts';
import { makePrivateDir } from '../fs/private-dir.ts';

export function serverTokenPath(home: string): string {
  return join(home, '.svc', 'server-token');
}

const TOKEN = /^[A-Za-z0-9_-]{32,256}$/;

/** The token a server checks: read from the file, or made there first. Refuses a file others could read or swap. */
export function loadOrCreateServerToken(home: string): string {
  const problem = makePrivateDir(join(home, '.svc'));
  if (problem !== undefined) throw unsafe(problem.message, { ...problem.details, reason: problem.reason });
  const path = serverTokenPath(home);
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = readTokenFile(path, true);
    if (existing !== undefined) return existing;
    try {
      // O_EXCL + O_NOFOLLOW: never write through a planted link; a concurrent first start wins and we read its token.
      const fd = openSync(
        path,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
      const token = randomBytes(32).toString('base64url');
      try {
        writeSync(fd, `${token}\n`);
      } finally {
        closeSync(fd);
      }
      return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw unsafe(`${path} appeared and vanished while svc read it; start again.`, { path });
}

/** The token for a client of a server of this user; undefined when there is none yet. */
export function readServerToken(home: string): string | undefined {
  return readTokenFile(serverTokenPath(home), false);
}

function readTokenFile(path: string, strict: boolean): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw unsafe(`${path} is a symbolic link; delete it and start again.`, { path });
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (strict) {
      const uid = process.getuid?.();
      if (!stat.isFile() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
        throw unsafe(
          `${path} must be a file of yours that only you can read (mode 600); delete it to make a new token.`,
          { path, mode: (stat.mode & 0o777).toString(8), ownerUid: stat.uid },
        );
      }
    }
    const token = readFileSync(fd, 'utf8').trim();
    if (!TOKEN.test(token)) {
      if (!strict) return undefined;
      throw unsafe(`${path} does not hold a token; delete it to make a new one.`, { path });
    }
    return token;
  } finally {
    closeSync(fd);
  }
}

function unsafe(message: string, details: Record<string, unknown>): SvcError {
  return new SvcError('AUTH_TOKEN_UNSAFE', message, details);
}
