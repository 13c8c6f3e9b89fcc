// double_tap, long_press and swipe, on an element or at a point. On an element: one dump per attempt, the host
// matcher, then the gesture at the match's centre (a swipe across its bounds: swipeAcross), closing a soft keyboard
// over the point first as before a tap (screen.ts gestureAt). At a point the caller chose: no dump, but one
// window-manager read refuses a point off the screen as it is now (rotated) and the lock screen, as click
// --coordinate does; a keyboard there is what the caller touches. Step data says where the finger went.
import type { Coordinate } from '../../../../contracts/fields.ts';
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { readForeground } from '../../../../device-shell/foreground.ts';
import { inputLine } from '../../../../device-shell/input-line.ts';
import { centerOf, type Rect } from '../../../../ui/index.ts';
import { sendInput } from '../device-input.ts';
import { findOrFail, gestureAt, readScreen } from '../screen.ts';
import { type ActionRunner, ExecutionFailure, type StepContext, StepFailure } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const DEFAULT_LONG_PRESS_MS = 1000;
const DEFAULT_SWIPE_MS = 300;

type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * Refuses points outside the screen as it is now (GESTURE_FAILED, nothing sent) and the lock screen
 * (SECURITY_BLOCK_DETECTED): one window-manager read, no dump.
 */
export async function checkPoints(step: StepContext, points: readonly Coordinate[], what: string): Promise<void> {
  const { screen, locked } = await readForeground(step.shell);
  if (screen && points.some(({ x, y }) => x >= screen.width || y >= screen.height)) {
    throw new StepFailure('GESTURE_FAILED', `${what} outside the screen (${screen.width}x${screen.height})`);
  }
  if (locked) throw new ExecutionFailure('SECURITY_BLOCK_DETECTED', 'the lock screen is showing; unlock the device');
}

/**
 * The stroke across `bounds` toward `direction`: through its centre, between the points at 80% and 20% of its height
 * (up, down) or width (left, right) from its top or left edge; up and left go from 80% to 20%.
 */
function swipeAcross(bounds: Rect, direction: Direction): { from: Coordinate; to: Coordinate } {
  const centre = centerOf(bounds);
  const along = (start: number, end: number, tenths: number) => start + Math.floor(((end - start) * tenths) / 10);
  const [first, last] = direction === 'up' || direction === 'left' ? [8, 2] : [2, 8];
  if (direction === 'up' || direction === 'down') {
    const y = (tenths: number) => along(bounds.top, bounds.bottom, tenths);
    return { from: { x: centre.x, y: y(first) }, to: { x: centre.x, y: y(last) } };
  }
  const x = (tenths: number) => along(bounds.left, bounds.right, tenths);
  return { from: { x: x(first), y: centre.y }, to: { x: x(last), y: centre.y } };
}

/** Finds the element and runs the gesture `plan` makes of its bounds; again after a keyboard was closed. */
async function onElement<T extends { line: string; lowest: number }>(
  step: StepContext,
  matcher: NodeMatcher,
  plan: (bounds: Rect) => T,
): Promise<T> {
  for (;;) {
    const screen = await readScreen(step, { interacts: true });
    const planned = plan(findOrFail(screen.tree, matcher).bounds);
    if ((await gestureAt(step, screen, planned.lowest, planned.line)) === 'done') return planned;
  }
}

const xy = ({ x, y }: Coordinate) => ({ x: String(x), y: String(y) });

const doubleTap: ActionRunner<'double_tap'> = async (step) => {
  const { matcher, coordinate } = step.action.params ?? {};
  if (coordinate !== undefined) {
    await checkPoints(step, [coordinate], 'double tap');
    await sendInput(step.shell, inputLine.doubleTap(coordinate.x, coordinate.y), 'GESTURE_FAILED', 'double tap');
    return xy(coordinate);
  }
  const done = await onElement(step, matcher as NodeMatcher, (bounds) => {
    const at = centerOf(bounds);
    return { at, line: inputLine.doubleTap(at.x, at.y), lowest: at.y };
  });
  return xy(done.at);
};

const longPress: ActionRunner<'long_press'> = async (step) => {
  const { matcher, coordinate, durationMs = DEFAULT_LONG_PRESS_MS } = step.action.params ?? {};
  const data = (at: Coordinate) => ({ ...xy(at), duration_ms: String(durationMs) });
  if (coordinate !== undefined) {
    await checkPoints(step, [coordinate], 'long press');
    const line = inputLine.longPress(coordinate.x, coordinate.y, durationMs);
    await sendInput(step.shell, line, 'GESTURE_FAILED', 'long press');
    return data(coordinate);
  }
  const done = await onElement(step, matcher as NodeMatcher, (bounds) => {
    const at = centerOf(bounds);
    return { at, line: inputLine.longPress(at.x, at.y, durationMs), lowest: at.y };
  });
  return data(done.at);
};

const swipe: ActionRunner<'swipe'> = async (step) => {
  const { from, to, matcher, direction, durationMs = DEFAULT_SWIPE_MS } = step.action.params ?? {};
  const data = (stroke: { from: Coordinate; to: Coordinate }) => ({
    from: `${stroke.from.x},${stroke.from.y}`,
    to: `${stroke.to.x},${stroke.to.y}`,
    duration_ms: String(durationMs),
  });
  const line = (stroke: { from: Coordinate; to: Coordinate }) =>
    inputLine.swipe(stroke.from.x, stroke.from.y, stroke.to.x, stroke.to.y, durationMs);
  if (from !== undefined && to !== undefined) {
    await checkPoints(step, [from, to], 'swipe');
    await sendInput(step.shell, line({ from, to }), 'GESTURE_FAILED', 'swipe');
    return data({ from, to });
  }
  const done = await onElement(step, matcher as NodeMatcher, (bounds) => {
    const stroke = swipeAcross(bounds, direction as Direction);
    return { ...stroke, line: line(stroke), lowest: Math.max(stroke.from.y, stroke.to.y) };
  });
  return data(done);
};

export const GESTURE_ACTIONS = {
  double_tap: { run: doubleTap },
  long_press: { run: longPress },
  swipe: { run: swipe },
} satisfies AdbEntries;
