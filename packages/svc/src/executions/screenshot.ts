// take_screenshot on the host (OPERATOR-PROTOCOL §5): the operator cannot capture, so the host runs
// `exec-out screencap -p` (raw bytes, no tty translation) and writes the PNG where the step asked (relative to the
// caller's cwd; a front end that takes paths from others confines them first: screenshot-paths.ts), or, when no
// path is given, under an unpredictable name in the screenshots folder (private, ~/.svc/screenshots by default).
import { randomBytes } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { isPng, writePngFile } from '../adapters/fs/png-file.ts';
import type { SvcContext } from '../core/context.ts';
import { ensureScreenshotsDir, screenshotsDirOf } from './screenshot-paths.ts';

export interface ScreenshotTarget {
  path: string;
  /** The default folder: made (privately) when missing. A path the caller named gets its folders as asked. */
  inDefaultFolder: boolean;
}

export function screenshotPath(
  ctx: Pick<SvcContext, 'env' | 'home'>,
  requested: unknown,
  cwd: string,
  _ids?: { commandId: string; actionId: string },
): string {
  if (typeof requested === 'string' && requested.trim() !== '') {
    return isAbsolute(requested) ? requested : resolve(cwd, requested);
  }
  // Unpredictable, so nothing can plant a link or a file at the name before the capture.
  return join(screenshotsDirOf(ctx.env, ctx.home), `screenshot-${randomBytes(12).toString('hex')}.png`);
}

/** Captures the screen into `path`; throws with a readable message when the device gave no PNG or the path is refused. */
export async function captureScreenshot(
  ctx: Pick<SvcContext, 'adb' | 'env' | 'home'>,
  serial: string,
  path: string,
): Promise<void> {
  const png = await ctx.adb.execOut(serial, 'screencap -p');
  if (!isPng(png)) {
    const text = new TextDecoder().decode(png.subarray(0, 200)).trim();
    throw new Error(`screencap -p did not return a PNG${text ? `: ${text}` : ''}`);
  }
  const folder = screenshotsDirOf(ctx.env, ctx.home);
  if (path.startsWith(`${folder}/`)) ensureScreenshotsDir(folder);
  await writePngFile(path, png, { createFolders: true });
}
