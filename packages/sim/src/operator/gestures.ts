// svc's variant's gestures (svc's double_tap, long_press and swipe; the published app has no such actions): the
// element is found as wait_for_node finds it, then one GestureDescription goes to dispatchGesture
// (AccessibilityService.dispatchGesture, android/accessibilityservice/GestureDescription.java in AOSP
// frameworks/base: each StrokeDescription is a path with a start time and a duration, at most 20 strokes and 60 s).
// - A double tap is two strokes that do not move, 50 ms each, the second starting 100 ms after the first ended:
//   GestureDetector takes two taps as a double tap when the second goes down 40 to 300 ms after the first went up
//   (ViewConfiguration.DOUBLE_TAP_MIN_TIME, DOUBLE_TAP_TIMEOUT).
// - A long press is one stroke that does not move, held durationMs (ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT,
//   400 ms since Android 12 and 500 ms before, is when it becomes one).
// - A swipe is one stroke from `from` to `to`, or across the element's bounds through its centre, from 80% to 20% of
//   its extent in the finger's direction (svc's rule, the same as its adb driver's).
// A point the caller chose off the screen is a failed step (GESTURE_FAILED), nothing dispatched, as on the adb driver.
import type { GestureStroke } from '../device/input-log.ts';
import { centerOf, type Rect } from '../ui/ui-node.ts';
import type { Direction, NodeMatcher, Point, TaskRetry, UiActionOf } from './model.ts';
import { ui } from './task-scope.ts';
import { type UiContext, waitForNode } from './ui-scope.ts';

const TAP_STROKE_MS = 50;
const DOUBLE_TAP_GAP_MS = 100;

type Gesture = UiActionOf<'DoubleTap' | 'LongPress' | 'Swipe'>;

const still = (p: Point, startMs: number, durationMs: number): GestureStroke => ({
  x1: p.x,
  y1: p.y,
  x2: p.x,
  y2: p.y,
  startMs,
  durationMs,
});

/** The stroke across `b` toward `direction`: through the centre, from 80% to 20% of its extent. */
function across(b: Rect, direction: Direction): { from: Point; to: Point } {
  const c = centerOf(b);
  const along = (start: number, size: number, tenths: number) => start + Math.floor((size * tenths) / 10);
  const [h, w] = [b.bottom - b.top, b.right - b.left];
  const [near, far] = direction === 'Up' || direction === 'Left' ? [8, 2] : [2, 8];
  return direction === 'Up' || direction === 'Down'
    ? { from: { x: c.x, y: along(b.top, h, near) }, to: { x: c.x, y: along(b.top, h, far) } }
    : { from: { x: along(b.left, w, near), y: c.y }, to: { x: along(b.left, w, far), y: c.y } };
}

async function boundsOf(ctx: UiContext, matcher: NodeMatcher, retry: TaskRetry): Promise<Rect> {
  return (await ui(ctx, () => waitForNode(ctx, matcher, retry))).bounds;
}

const STEP_TYPES = { DoubleTap: 'double_tap', LongPress: 'long_press', Swipe: 'swipe' } as const;

/** The points the caller chose, off the screen as it is now: refused before anything is dispatched, as svc's adb
 * driver refuses them (GESTURE_FAILED). */
function offScreen(ctx: UiContext, points: readonly Point[]): string | undefined {
  const frame = ctx.bridge.screenFrame();
  const out = points.find((p) => p.x >= frame.right || p.y >= frame.bottom);
  return out === undefined
    ? undefined
    : `point (${out.x},${out.y}) is outside the ${frame.right}x${frame.bottom} screen`;
}

/** Runs the gesture: its step's type, data (where the finger went, as svc's adb driver reports it) and outcome. */
export async function runGesture(
  ctx: UiContext,
  action: Gesture,
): Promise<{ actionType: string; data: Record<string, string>; success: boolean }> {
  const actionType = STEP_TYPES[action.type];
  const chosen = 'from' in action ? [action.from, action.to] : 'coordinate' in action ? [action.coordinate] : [];
  const refused = offScreen(ctx, chosen);
  if (refused !== undefined) return { actionType, data: { error: 'GESTURE_FAILED', message: refused }, success: false };
  const done = (data: Record<string, string>) => ({ actionType, data, success: true });
  if (action.type === 'Swipe') {
    const stroke =
      'from' in action ? action : across(await boundsOf(ctx, action.matcher, action.retry), action.direction);
    const { from, to } = stroke;
    await ctx.bridge.strokes(ctx.job, [
      { x1: from.x, y1: from.y, x2: to.x, y2: to.y, startMs: 0, durationMs: action.durationMs },
    ]);
    return done({ from: `${from.x},${from.y}`, to: `${to.x},${to.y}`, duration_ms: String(action.durationMs) });
  }
  const at = 'coordinate' in action ? action.coordinate : centerOf(await boundsOf(ctx, action.matcher, action.retry));
  const xy = { x: String(at.x), y: String(at.y) };
  if (action.type === 'DoubleTap') {
    await ctx.bridge.strokes(ctx.job, [
      still(at, 0, TAP_STROKE_MS),
      still(at, TAP_STROKE_MS + DOUBLE_TAP_GAP_MS, TAP_STROKE_MS),
    ]);
    return done(xy);
  }
  await ctx.bridge.strokes(ctx.job, [still(at, 0, action.durationMs)]);
  return done({ ...xy, duration_ms: String(action.durationMs) });
}
