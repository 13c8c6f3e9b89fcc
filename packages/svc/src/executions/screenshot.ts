// take_screenshot on the host (OPERATOR-PROTOCOL §5): the operator cannot capture, so the host runs
// `exec-out screencap -p` (raw bytes, no tty translation; the display in use on a device with several:
// screen-capture.ts) and writes the PNG where the step asked (relative to the
// caller's cwd; a front end that takes paths from others confines them first: screenshot-paths.ts), or, when no
// path is given, under an unpredictable name in the screenshots folder (private, ~/.svc/screenshots by default).
import { isAbsolute, resolve } from 'node:path';
import { writePngFile } from '../adapters/fs/png-file.ts';
import type { SvcContext } from '../core/context.ts';
import { screenPng } from './screen-capture.ts';
import { ensureScreenshotsDir, randomScreenshotPath, screenshotsDirOf } from './screenshot-paths.ts';

export function screenshotPath(
  ctx: Pick<SvcContext, 'env' | 'home'>,
  requested: unknown,
  cwd: string,
  _ids?: { commandId: string; actionId: string },
): string {
  if (typeof requested === 'string' && requested.trim() !== '') {
    return isAbsolute(requested) ? requested : resolve(cwd, requested);
  }
  return randomScreenshotPath(screenshotsDirOf(ctx.env, ctx.home));
}

/**
 * Captures the screen into `path`; throws with a readable message when the device gave no PNG or the path is
 * refused. Returns the step data beyond the path: `warning` when the picture may not be of the display in use.
 */
export async function captureScreenshot(
  ctx: Pick<SvcContext, 'adb' | 'env' | 'home' | 'shared'>,
  serial: string,
  path: string,
): Promise<{ warning?: string }> {
  const { png, warning } = await screenPng(ctx, serial);
  const folder = screenshotsDirOf(ctx.env, ctx.home);
  if (path.startsWith(`${folder}/`)) ensureScreenshotsDir(folder);
  try {
    await writePngFile(path, png, { createFolders: true });
  } catch (error) {
    throw new Error(`the screen was captured but could not be saved to ${path}: ${whyNotWritten(error)}`);
  }
  return warning === undefined ? {} : { warning };
}

/** The system's refusal in words (EISDIR: "illegal operation on a directory" says less than this). */
function whyNotWritten(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'its folder cannot be created there';
  if (code === 'EROFS') return 'the file system is read-only';
  return message;
}
