// take_screenshot on the host (OPERATOR-PROTOCOL §5): the operator cannot capture, so the host runs
// `exec-out screencap -p` (raw bytes, no tty translation) and writes the PNG where the step asked, or to a temp file.
import { isAbsolute, join, resolve } from 'node:path';
import type { SvcContext } from '../core/context.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function screenshotPath(
  ctx: Pick<SvcContext, 'files' | 'clock'>,
  requested: unknown,
  cwd: string,
  ids: { commandId: string; actionId: string },
): string {
  if (typeof requested === 'string' && requested.trim() !== '') {
    return isAbsolute(requested) ? requested : resolve(cwd, requested);
  }
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);
  return join(
    ctx.files.tempDir(),
    `svc-screenshot-${safe(ids.commandId)}-${safe(ids.actionId)}-${ctx.clock.now()}.png`,
  );
}

/** Captures the screen into `path`; throws with a readable message when the device gave no PNG. */
export async function captureScreenshot(ctx: Pick<SvcContext, 'adb' | 'files'>, serial: string, path: string) {
  const png = await ctx.adb.execOut(serial, 'screencap -p');
  if (png.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, i) => png[i] !== byte)) {
    const text = new TextDecoder().decode(png.subarray(0, 200)).trim();
    throw new Error(`screencap -p did not return a PNG${text ? `: ${text}` : ''}`);
  }
  await ctx.files.writeFile(path, png);
}
