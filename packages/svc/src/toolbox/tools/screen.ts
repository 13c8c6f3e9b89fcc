// The screen: size in the current orientation and physical, density, rotation; and setting the orientation.
// Size from `wm size` (the override when set), density from `wm density`, rotation from the valid display viewport
// of `dumpsys display` (`orientation=<0..3>`, what uiautomator2 and AndroidViewClient read). Rotating: turn
// auto-rotate off and set `user_rotation` (mobile-mcp's setOrientation, appium-adb), or turn auto-rotate on.
import { z } from 'zod';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { checkedShell } from '../device-answer.ts';
import { deviceTool } from '../tool.ts';

export const ORIENTATIONS = ['portrait', 'landscape', 'reverse-portrait', 'reverse-landscape'] as const;

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

export const screenTool = deviceTool({
  name: 'screen',
  title: 'Screen size, density and orientation',
  brief: 'Screen size in device pixels as now, density, rotation, orientation.',
  description:
    'The screen: { width, height } in device pixels as it is now (rotated), physicalWidth/physicalHeight, density ' +
    '(dpi), rotation (0-3) and orientation (portrait, landscape, reverse-portrait, reverse-landscape). Coordinates ' +
    'of every action are device pixels of the screen as it is now.',
  args: z.strictObject({}),
  locksDevice: false,
  readOnly: true,
  run: ({ ctx, serial }) => readScreen(ctx, serial),
});

export const rotateTool = deviceTool({
  name: 'rotate',
  title: 'Set the screen orientation',
  brief: 'Set the orientation: portrait, landscape, reverse-portrait, reverse-landscape or auto.',
  description:
    'Rotate the screen: orientation portrait, landscape, reverse-portrait or reverse-landscape (auto-rotate is ' +
    'turned off), or auto (auto-rotate on). Returns the screen as screen does. An app that fixes its own ' +
    'orientation keeps it.',
  args: z.strictObject({
    orientation: z
      .enum([...ORIENTATIONS, 'auto'])
      .describe('portrait, landscape, reverse-portrait, reverse-landscape or auto'),
  }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const rotation = (ORIENTATIONS as readonly string[]).indexOf(args.orientation);
    const command =
      rotation === -1
        ? 'settings put system accelerometer_rotation 1'
        : `settings put system accelerometer_rotation 0 && settings put system user_rotation ${quoteShellArg(String(rotation))}`;
    // Judged by its words too: below Android 7 adb gives no exit status (`settings` refusing a write says so).
    await checkedShell(ctx, serial, command);
    return { requested: args.orientation, ...(await readScreen(ctx, serial)) };
  },
});
