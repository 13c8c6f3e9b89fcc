// The input events a device received (`input tap|swipe|keyevent|text`, and the gestures svc's operator app dispatched
// as an accessibility service), oldest first, so a test can assert where an agent tapped and what it typed (`svc-sim inputs <serial>`, `sim.device.inputs`). A refused `input` (injection
// denied, bad arguments) is not received and leaves no event. A ring of the newest 1000 events keeps a long-running
// device small.

/** The node a touch reached, as the screen showed it then (absent when the touch hit nothing that handles it). */
export interface TouchedNode {
  readonly resourceId: string;
  readonly text: string;
  readonly contentDesc: string;
  readonly className: string;
  readonly bounds: string;
}

/** One stroke of a dispatched gesture (GestureDescription.StrokeDescription: a path, a start time, a duration). */
export interface GestureStroke {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly startMs: number;
  readonly durationMs: number;
}

export type InputEvent =
  | { readonly kind: 'tap'; readonly x: number; readonly y: number; readonly node?: TouchedNode }
  | {
      readonly kind: 'swipe';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly durationMs: number;
      readonly node?: TouchedNode;
    }
  | { readonly kind: 'keyevent'; readonly code: string }
  /** A gesture an accessibility service dispatched (dispatchGesture): its strokes, each from a point to another. */
  | { readonly kind: 'gesture'; readonly strokes: readonly GestureStroke[] }
  | { readonly kind: 'text'; readonly text: string };

export type LoggedInputEvent = InputEvent & { readonly time: number; readonly display?: number };

export const INPUT_LOG_KEEP = 1000;

export interface InputLog {
  record(event: InputEvent, extra: { time: number; display?: number }): void;
  entries(): readonly LoggedInputEvent[];
  clear(): void;
}

export function createInputLog(): InputLog {
  let events: LoggedInputEvent[] = [];
  return {
    record(event, extra) {
      events.push({ ...event, ...extra });
      if (events.length > 2 * INPUT_LOG_KEEP) events = events.slice(-INPUT_LOG_KEEP);
    },
    entries: () => events.slice(-INPUT_LOG_KEEP),
    clear() {
      events = [];
    },
  };
}
