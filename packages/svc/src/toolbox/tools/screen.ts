// The screen: size in the current orientation and physical, density, rotation; and setting the orientation.
// Size from `wm size` (the override when set), density from `wm density`, rotation from the valid display viewport
// of `dumpsys display` (`orientation=<0..3>`, what uiautomator2 and AndroidViewClient read). Rotating: turn
// auto-rotate off and set `user_rotation` (mobile-mcp's setOrientation, appium-adb), or turn auto-rotate on.
import { ORIENTATIONS, type rotate } from '../../contracts/chores/rotate.ts';
import type { screen } from '../../contracts/chores/screen.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { ChoreRunner } from '../chore.ts';
import { checkedShell } from '../device-answer.ts';

/** Rotation 0..3 of a phone whose natural orientation is portrait. */
function orientationName(rotation: number, width: number, height: number): string {
  const name = ORIENTATIONS[rotation] ?? 'portrait';
  // A tablet is naturally landscape: name what the screen shows, not the rotation number.
  if (width > height && !name.includes('landscape')) return name.replace('portrait', 'landscape');
  if (height > width && !name.includes('portrait')) return name.replace('landscape', 'portrait');
  return name;
}

/** `wm size` / `wm density`: the last value printed ("Override" follows "Physical" and is what the screen uses). */
export function wmValue(text: string, kind: 'size' | 'density'): number[] | undefined {
  const pattern =
    kind === 'size' ? /(?:Physical|Override) size: (\d+)x(\d+)/g : /(?:Physical|Override) density: (\d+)/g;
  let found: number[] | undefined;
  for (const m of text.matchAll(pattern)) found = m.slice(1).map(Number);
  return found;
}

/** The rotation (0-3) of the first valid display viewport of `dumpsys display`; 0 when none is valid. */
export function displayRotation(dumpsysDisplay: string): number {
  const viewport = /DisplayViewport\{[^}]*?valid=true[^}]*?orientation=(\d)/.exec(dumpsysDisplay);
  return viewport ? Number(viewport[1]) : 0;
}

export async function readScreen(ctx: SvcContext, serial: string) {
  const [size, density, display] = await Promise.all([
    ctx.adb.shell(serial, 'wm size'),
    ctx.adb.shell(serial, 'wm density'),
    ctx.adb.shell(serial, 'dumpsys display'),
  ]);
  const wh = wmValue(size.stdout, 'size');
  const dpi = wmValue(density.stdout, 'density');
  if (wh === undefined || dpi === undefined) {
    throw new SvcError(
      'DEVICE_SHELL_UNAVAILABLE',
      `wm size / wm density gave no size: ${JSON.stringify(size.stdout.trim())}`,
      {
        deviceId: serial,
      },
    );
  }
  const rotation = displayRotation(display.stdout);
  const [physicalWidth = 0, physicalHeight = 0] = wh;
  const quarter = rotation % 2 === 1;
  const width = quarter ? physicalHeight : physicalWidth;
  const height = quarter ? physicalWidth : physicalHeight;
  return {
    width,
    height,
    physicalWidth,
    physicalHeight,
    density: dpi[0] ?? 0,
    rotation,
    orientation: orientationName(rotation, width, height),
  };
}

export const runScreen: ChoreRunner<typeof screen> = ({ ctx, serial }) => readScreen(ctx, serial);

export const runRotate: ChoreRunner<typeof rotate> = async ({ ctx, serial, params }) => {
  const rotation = (ORIENTATIONS as readonly string[]).indexOf(params.orientation);
  const command =
    rotation === -1
      ? 'settings put system accelerometer_rotation 1'
      : `settings put system accelerometer_rotation 0 && settings put system user_rotation ${quoteShellArg(String(rotation))}`;
  // Judged by its words too: below Android 7 adb gives no exit status (`settings` refusing a write says so).
  await checkedShell(ctx, serial, command);
  return { requested: params.orientation, ...(await readScreen(ctx, serial)) };
};
