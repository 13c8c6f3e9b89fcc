// Where `install` may read an APK. On the command line the path is the user's own, as any file they name. A server
// (`svc serve`, `svc mcp`) acts for whoever holds its token or drives its agent, so it reads APKs only from the
// folder its user named (`--apks-dir`, SVC_APKS_DIR): without one, install is refused before any file is looked
// at, and inside it the answer never tells whether a path outside exists (no existence oracle): a path that leaves
// the folder is refused whatever is there, the folders on the way are resolved before the file is looked up, and
// the file itself is opened without following a link.
import { constants, realpathSync, statSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { type Env, nonBlank } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';

export const APKS_DIR_VAR = 'SVC_APKS_DIR';

/** The APK folder of a server's environment, or null: install is then refused to its callers. */
export function apksDirOf(env: Env): string | null {
  const configured = nonBlank(env[APKS_DIR_VAR]);
  return configured === undefined ? null : resolve(configured);
}

/** The folder, resolved: it must exist, be the user's, and be writable by nobody else (no one plants a file). */
export function checkApksDir(dir: string, field: string): string {
  const stat = statSync(dir, { throwIfNoEntry: false });
  const uid = process.getuid?.();
  if (stat === undefined || !stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || stat.mode & 0o022) {
    throw new SvcError(
      'PATH_FORBIDDEN',
      `The APK folder ${dir} must be an existing folder of yours that only you can write to.`,
      { path: field, apksDir: dir },
      `Create it (mkdir -m 700 ${dir}) or name another one with --apks-dir (or ${APKS_DIR_VAR}).`,
    );
  }
  return realpathSync(dir);
}

const forbidden = (requested: string, why: string, apksDir?: string) =>
  new SvcError(
    'PATH_FORBIDDEN',
    `apk: ${why}`,
    { path: 'apk', apk: requested, ...(apksDir ? { apksDir } : {}) },
    apksDir
      ? 'Put the APK in the APK folder (details.apksDir) and name it there, relative to the folder.'
      : `Start the server with --apks-dir <folder> (or set ${APKS_DIR_VAR}), put the APK there and name it.`,
  );

const notFound = (requested: string, apksDir?: string) =>
  new SvcError('APK_NOT_FOUND', `No APK file ${requested}${apksDir ? ` in ${apksDir}` : ''}.`, {
    path: 'apk',
    apk: requested,
    ...(apksDir ? { apksDir } : {}),
  });

/**
 * The APK's bytes and its path. `apksDir`: undefined on the command line (any path, against `cwd`), null for a
 * server without an APK folder (refused), else that folder (checked by checkApksDir).
 */
export async function readApk(
  requested: string,
  cwd: string,
  apksDir: string | null | undefined,
  readBytes: (path: string) => Promise<Uint8Array | undefined>,
): Promise<{ path: string; data: Uint8Array }> {
  if (apksDir === null) {
    throw forbidden(
      requested,
      `this server installs APKs only from a folder its user names: start it with --apks-dir <folder> (or ${APKS_DIR_VAR}) and name a file there.`,
    );
  }
  if (apksDir === undefined) {
    const path = resolve(cwd, requested);
    const data = await readBytes(path);
    if (data === undefined) throw new SvcError('APK_NOT_FOUND', `No APK file at ${path}.`, { path: 'apk', apk: path });
    return { path, data };
  }
  const root = await realpath(apksDir).catch(() => {
    throw forbidden(requested, 'the APK folder of this server is gone.', apksDir);
  });
  const path = resolve(root, requested);
  if (!inside(root, path) && !inside(apksDir, resolve(apksDir, requested))) {
    throw forbidden(requested, 'name a file inside the APK folder.', apksDir);
  }
  if (!/\.apk$/i.test(path)) throw forbidden(requested, 'the name must end in .apk.', apksDir);
  // The folders on the way first: a link among them that leaves the folder is refused before the file is sought.
  const folder = await realpath(dirname(path)).catch(() => undefined);
  if (folder === undefined) throw notFound(requested, apksDir);
  if (folder !== root && !inside(root, folder))
    throw forbidden(requested, 'name a file inside the APK folder.', apksDir);
  const real = resolve(folder, basename(path));
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw notFound(requested, apksDir);
    throw forbidden(requested, 'the APK must be a plain file (not a link) that can be read.', apksDir);
  }
  try {
    if (!(await handle.stat()).isFile()) throw forbidden(requested, 'the APK must be a plain file.', apksDir);
    return { path: real, data: new Uint8Array(await handle.readFile()) };
  } finally {
    await handle.close();
  }
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
