// Raw gestures by coordinates, in device pixels of the screen as it is now: a double tap (two `input tap` in one
// shell line, so they follow each other as fast as the device runs them; mobile-mcp taps twice 100 ms apart),
// a long press (`input swipe x y x y <ms>`: a swipe that does not move, appium-adb and mobile-mcp), and a swipe.
// A point outside the screen is refused before anything is sent; a gesture the phone refuses is an error
// (INPUT_INJECTION_DENIED when it does not let adb inject input).
import { z } from 'zod';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { deviceRefusal, injectionDeniedMessage } from '../../device-shell/device-outcome.ts';
import { deviceTool } from '../tool.ts';
import { readScreen } from './screen.ts';
import { pixel } from './tool-fields.ts';

async function checkOnScreen(ctx: SvcContext, serial: string, points: [string, number][]) {
  const { width, height } = await readScreen(ctx, serial);
  for (const [path, value] of points) {
    const limit = path.startsWith('x') ? width : height;
    if (value >= limit) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', `${path} ${value} is outside the ${width}x${height} screen.`, {
        path,
        width,
        height,
      });
    }
  }
}

/** Sends an `input` line and reads its outcome: a refused injection (INPUT_INJECTION_DENIED) or any error fails. */
async function input(ctx: SvcContext, serial: string, command: string) {
  const out = await ctx.adb.shell(serial, command);
  const refused = deviceRefusal(`${out.stdout}\n${out.stderr}`, out.exitCode);
  if (refused?.injectionDenied) {
    throw new SvcError('INPUT_INJECTION_DENIED', injectionDeniedMessage('gesture', refused.said), {
      deviceId: serial,
    });
  }
  if (refused !== undefined) {
    throw new SvcError('GESTURE_FAILED', `\`${command}\` failed: ${refused.said}`, { deviceId: serial });
  }
}

export const doubleTapTool = deviceTool({
  name: 'double-tap',
  title: 'Double tap',
  brief: 'Double tap at x, y (device pixels).',
  description:
    'Double tap at x, y: device pixels of the screen as it is now (the snapshot bounds use the same pixels). ' +
    'A point outside the screen is refused with EXECUTION_VALIDATION_FAILED.',
  args: z.strictObject({ x: pixel('x'), y: pixel('y') }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    await checkOnScreen(ctx, serial, [
      ['x', args.x],
      ['y', args.y],
    ]);
    await input(ctx, serial, `input tap ${args.x} ${args.y}; input tap ${args.x} ${args.y}`);
    return { x: args.x, y: args.y };
  },
});

export const longPressTool = deviceTool({
  name: 'long-press',
  title: 'Long press',
  brief: 'Press and hold at x, y (device pixels) for durationMs (default 1000).',
  description:
    'Press and hold at x, y (device pixels of the screen as it is now) for durationMs (default 1000): opens ' +
    'context menus, starts a drag, selects text.',
  args: z.strictObject({
    x: pixel('x'),
    y: pixel('y'),
    durationMs: z.number().int().min(100).max(10_000).optional().describe('How long to hold (default 1000)'),
  }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    await checkOnScreen(ctx, serial, [
      ['x', args.x],
      ['y', args.y],
    ]);
    const ms = args.durationMs ?? 1000;
    await input(ctx, serial, `input swipe ${args.x} ${args.y} ${args.x} ${args.y} ${ms}`);
    return { x: args.x, y: args.y, durationMs: ms };
  },
});

export const swipeTool = deviceTool({
  name: 'swipe',
  title: 'Swipe',
  brief: 'Swipe from x1, y1 to x2, y2 (device pixels) in durationMs (default 300).',
  description:
    'Swipe from x1, y1 to x2, y2 (device pixels) in durationMs (default 300; longer drags slowly, shorter flings). ' +
    'To scroll a list until something shows, scroll-until is more reliable.',
  args: z.strictObject({
    x1: pixel('start x'),
    y1: pixel('start y'),
    x2: pixel('end x'),
    y2: pixel('end y'),
    durationMs: z.number().int().min(10).max(10_000).optional().describe('Gesture duration (default 300)'),
  }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const { x1, y1, x2, y2 } = args;
    await checkOnScreen(ctx, serial, [
      ['x1', x1],
      ['y1', y1],
      ['x2', x2],
      ['y2', y2],
    ]);
    const ms = args.durationMs ?? 300;
    await input(ctx, serial, `input swipe ${x1} ${y1} ${x2} ${y2} ${ms}`);
    return { x1, y1, x2, y2, durationMs: ms };
  },
});
