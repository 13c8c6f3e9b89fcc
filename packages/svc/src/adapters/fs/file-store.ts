// The file store port: the few file operations the use cases need (screenshots, lock files), so tests can see them
// and nothing else in the use cases imports node:fs.
import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { makeFolders } from './make-folders.ts';
import { writePngFile } from './png-file.ts';

export interface FileStore {
  /**
   * Writes the whole file, creating missing parent folders: written aside (0600: a recording shows a screen), then
   * renamed over the path, so a link there is replaced, never followed.
   */
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  /**
   * Writes a screenshot image as the capture does: never through a link, over nothing but an empty file or an
   * earlier screenshot, a new file private (0600); the folder must exist.
   */
  writeScreenshot(path: string, data: Uint8Array): Promise<void>;
  /**
   * Creates `path` with `data` only if it does not exist; false when it exists. The file appears with its content
   * already in it (written aside, then hard-linked), so a reader never sees it empty. Parents get mode 0700.
   */
  createExclusive(path: string, data: string): Promise<boolean>;
  /** Replaces (or creates) the content atomically: written aside with mode 0600, renamed over; parents get 0700. */
  replace(path: string, data: string): Promise<void>;
  readText(path: string): Promise<string | undefined>;
  /** The whole file; undefined when there is none (or it is not a regular file). */
  readBytes(path: string): Promise<Uint8Array | undefined>;
  /** Atomic move; false when `from` is gone. */
  move(from: string, to: string): Promise<boolean>;
  remove(path: string): Promise<void>;
  tempDir(): string;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
// Unique, not secret (node:crypto costs a cold CLI ~3 ms to load).
const asidePath = (path: string) => `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;

export const nodeFileStore: FileStore = {
  async writeFile(path, data) {
    await makeFolders(dirname(path));
    const aside = asidePath(path);
    await writeFile(aside, data, { mode: 0o600, flag: 'wx' });
    try {
      await rename(aside, path);
    } catch (error) {
      await rm(aside, { force: true });
      throw error;
    }
  },
  writeScreenshot: (path, data) => writePngFile(path, data, { createFolders: false }),
  async createExclusive(path, data) {
    await makeFolders(dirname(path), 0o700);
    const aside = asidePath(path);
    await writeFile(aside, data, { mode: 0o600 });
    try {
      await link(aside, path);
      return true;
    } catch (error) {
      if (code(error) === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(aside, { force: true });
    }
  },
  async replace(path, data) {
    await makeFolders(dirname(path), 0o700);
    const aside = asidePath(path);
    await writeFile(aside, data, { mode: 0o600 });
    await rename(aside, path);
  },
  async readBytes(path) {
    try {
      if (!(await stat(path)).isFile()) return undefined;
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return undefined;
      throw error;
    }
  },
  async readText(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if (code(error) === 'ENOENT') return undefined;
      throw error;
    }
  },
  async move(from, to) {
    try {
      await rename(from, to);
      return true;
    } catch (error) {
      if (code(error) === 'ENOENT') return false;
      throw error;
    }
  },
  remove: (path) => rm(path, { force: true }),
  tempDir: () => tmpdir(),
};
