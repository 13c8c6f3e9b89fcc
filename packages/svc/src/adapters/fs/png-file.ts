// Writing a screenshot where a caller asked, without being turned into a tool against the user: the last path
// component is never followed if it is a link (O_NOFOLLOW), an existing file is replaced only if it is a regular
// file that is empty or already a screenshot, PNG or JPEG (a typo or a planted name never costs a document or a
// dotfile), a FIFO or
// socket is refused without blocking, and a character device (`/dev/null` of a benchmark) is written as it is. New
// files are private (0600): a screen can show anything.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolders } from './make-folders.ts';

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** A PNG, or a JPEG (FF D8 FF): what svc leaves where a screenshot was asked for (the image options re-encode). */
function isScreenshotImage(bytes: Uint8Array): boolean {
  return isPng(bytes) || (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);
}

/** Writes `png` to `path`; `createFolders`: make missing parent folders (the CLI's own paths), else they must exist. */
export async function writePngFile(path: string, png: Uint8Array, options: { createFolders: boolean }): Promise<void> {
  if (options.createFolders) await makeFolders(dirname(path));
  const flags = constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, flags, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new Error(`${path} is a symbolic link; svc does not write through links`);
    if (code === 'ENOENT') throw new Error(`the folder of ${path} does not exist`);
    if (code === 'ENXIO') throw new Error(`${path} is not a regular file`);
    throw error;
  }
  try {
    const stat = await file.stat();
    if (stat.isCharacterDevice()) {
      await file.write(png, 0, png.length);
      return;
    }
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (stat.size > 0) {
      const head = new Uint8Array(PNG_SIGNATURE.length);
      await file.read(head, 0, head.length, 0);
      if (!isScreenshotImage(head)) throw new Error(`${path} exists and is not a PNG; svc does not overwrite it`);
    }
    await file.truncate(0);
    await file.write(png, 0, png.length, 0);
  } finally {
    await file.close();
  }
}
