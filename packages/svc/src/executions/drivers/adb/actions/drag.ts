// drag: one dump finds both ends, then one `input swipe` from the centre of `from` to the centre of `to`, taking
// durationMs (default 1000): held that long, the press is a drag, not a fling.
import { centerOf } from '../../../../ui/index.ts';
import { findOrFail, gestureAt, readScreen } from '../screen.ts';
import type { ActionRunner } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const DEFAULT_DRAG_MS = 1000;

const drag: ActionRunner<'drag'> = async (step) => {
  const { from, to, durationMs = DEFAULT_DRAG_MS } = step.action.params;
  for (;;) {
    const screen = await readScreen(step, { interacts: true });
    const start = centerOf(findOrFail(screen.tree, from).bounds);
    const end = centerOf(findOrFail(screen.tree, to).bounds);
    const line = `input swipe ${start.x} ${start.y} ${end.x} ${end.y} ${durationMs}`;
    // A soft keyboard over either end is closed first, as before a tap.
    if ((await gestureAt(step, screen, Math.max(start.y, end.y), line)) === 'done') {
      return { from: `${start.x},${start.y}`, to: `${end.x},${end.y}`, duration_ms: String(durationMs) };
    }
  }
};

export const DRAG_ACTIONS = {
  drag: { run: drag },
} satisfies AdbEntries;
