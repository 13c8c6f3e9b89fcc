// Reading the registry file itself, as every other path of a skills repository is read (skill-paths.ts): a registry
// is data from a repository the user cloned, and `skills-registry.json` may be a link. It is read only when it is a
// regular file inside the registry's own folder once links are resolved, at most MAX_REGISTRY_BYTES, opened without
// following a link swapped in since; and what goes wrong is said without a byte of the file (a parse error of a link
// to /etc/shadow would otherwise print its first characters on every surface).
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { isInside } from './skill-paths.ts';

/** Far above any real registry (the largest public ones are tens of kilobytes). */
export const MAX_REGISTRY_BYTES = 8 * 1024 * 1024;

export type RegistryRead =
  | { ok: true; value: unknown }
  | { ok: false; missing: boolean; reason: string; broken: boolean };

const refuse = (reason: string, broken = false): RegistryRead => ({ ok: false, missing: false, reason, broken });

/**
 * The parsed JSON of the registry at `path`, whose folder is `root` (registryRootOf), or why it cannot be read (no
 * content of the file in the reason).
 */
export async function readRegistryJson(path: string, root: string): Promise<RegistryRead> {
  try {
    await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, missing: true, reason: 'file not found', broken: false };
    return refuse(`cannot be read (${code ?? 'error'})`);
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return refuse('it is a link that leads nowhere; svc reads a registry only inside its own folder');
  }
  const realRoot = await realpath(root).catch(() => root);
  if (!isInside(realRoot, real)) return refuse('it is a link that leads outside its folder; svc reads no file there');
  let text: string;
  try {
    text = await readRegular(real);
  } catch (error) {
    return refuse((error as Error).message);
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return refuse(`invalid JSON${whereOf(text, (error as Error).message)}`, true);
  }
}

async function readRegular(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw new Error(`cannot be opened (${error.code ?? 'error'})`);
    },
  );
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error('it is not a regular file');
    if (stat.size > MAX_REGISTRY_BYTES) throw new Error(`it is larger than ${MAX_REGISTRY_BYTES} bytes`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * ` at line L, column C` from the parser's position, when it gives one. The parser's own message quotes the text
 * around the fault, so only the position is kept.
 */
function whereOf(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return /end of JSON input/.test(message) ? ' (the file ends too early)' : '';
  const before = text.slice(0, Number(position)).split('\n');
  return ` at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}
