// Reads a file a registry entry names, as the path check saw it: opened without following a link (O_NOFOLLOW), and
// only a regular file with one name (a hard link's other name may be outside the skill). The check and the read are
// one open file, so a file swapped for a link in between is refused too.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { SvcError } from '../contracts/errors.ts';

export async function readConfinedText(path: string, outside: () => SvcError, unreadable: () => SvcError) {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'ELOOP' ? outside() : unreadable();
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.nlink > 1) throw outside();
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
