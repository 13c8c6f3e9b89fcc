// The typed actions the app's parser builds and its engine runs (UiAction.kt, NodeMatcher.kt, TaskRetry.kt,
// TaskRetryPresets.kt, TaskScrollDirection.kt, UiTreeClickType.kt @ v0.5.2), with the Kotlin `toString()` forms the
// app writes into messages and result data.

export interface NodeMatcher {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
}

const MATCHER_KEYS = [
  'resourceId',
  'role',
  'textEquals',
  'textContains',
  'contentDescEquals',
  'contentDescContains',
] as const;

/** The data class's toString (NodeMatcher.kt:7-14): every field, `null` when absent. */
export function matcherString(m: NodeMatcher): string {
  return `NodeMatcher(${MATCHER_KEYS.map((k) => `${k}=${m[k] ?? 'null'}`).join(', ')})`;
}

/** TaskRetry.kt:5-23. Delays in milliseconds. */
export interface TaskRetry {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  backoffMultiplier: number;
  jitterRatio: number;
}

const exponential = (maxAttempts: number, initialDelayMs: number, maxDelayMs: number): TaskRetry => ({
  maxAttempts,
  initialDelayMs,
  maxDelayMs,
  backoffMultiplier: 2.0,
  jitterRatio: 0.15,
});

/** TaskRetryPresets.kt:17-56 and TaskRetry.None (TaskRetry.kt:26, exponential defaults: TaskRetry.kt:28-42). */
export const RETRY = {
  None: { maxAttempts: 1, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1.0, jitterRatio: 0.0 },
  UiReadiness: exponential(5, 500, 3000),
  AppLaunch: exponential(4, 750, 4000),
  AppClose: exponential(4, 400, 2000),
  UiScroll: exponential(4, 400, 2000),
} as const satisfies Record<string, TaskRetry>;

/** TaskScrollDirection.kt:12-17; `toString()` is the enum name. */
export type Direction = 'Down' | 'Up' | 'Left' | 'Right';
export type ClickType = 'Click' | 'LongClick' | 'Focus';
export type TextValidator = 'Temperature' | 'Version' | 'Regex';
export type SystemKey = 'BACK' | 'HOME' | 'RECENTS';

export interface Point {
  x: number;
  y: number;
}

/** Point.shortString (action/math/geometry/Point.kt:19-20). */
export const pointString = (p: Point) => `(${p.x},${p.y})`;

interface Scrolling {
  container?: NodeMatcher;
  direction: Direction;
  distanceRatio: number;
  settleDelayMs: number;
  findFirstScrollableChild: boolean;
}

type GestureTarget = { matcher: NodeMatcher } | { coordinate: Point };

/** UiAction.kt:9-165: `type` is the Kotlin class's simple name, which the engine logs. */
export type UiAction = { id: string } & (
  | { type: 'OpenUri'; uri: string; retry: TaskRetry }
  | { type: 'OpenApp'; applicationId: string; retry: TaskRetry }
  | { type: 'CloseApp'; applicationId: string; retry: TaskRetry }
  | { type: 'WaitForNode'; matcher: NodeMatcher; retry: TaskRetry; timeoutMs?: number }
  | { type: 'Click'; matcher?: NodeMatcher; coordinate?: Point; clickType: ClickType; retry: TaskRetry }
  | ({ type: 'ScrollAndClick'; matcher: NodeMatcher; clickType: ClickType; maxSwipes: number } & Scrolling & {
        scrollRetry: TaskRetry;
        clickRetry: TaskRetry;
        clickAfter: boolean;
      })
  | ({ type: 'Scroll'; retry: TaskRetry } & Scrolling)
  | ({ type: 'ScrollUntil'; matcher?: NodeMatcher; clickType: ClickType } & Scrolling & {
        maxScrolls: number;
        maxDurationMs: number;
        noPositionChangeThreshold: number;
        clickAfter: boolean;
      })
  | {
      type: 'ReadText';
      matcher: NodeMatcher;
      retry: TaskRetry;
      validator?: TextValidator;
      validatorPattern?: string;
      all: boolean;
      container?: NodeMatcher;
    }
  | { type: 'SnapshotUi'; retry: TaskRetry }
  | { type: 'StartRecording'; sessionId?: string }
  | { type: 'StopRecording'; sessionId?: string }
  | { type: 'DoctorPing' }
  | { type: 'TakeScreenshot'; retry: TaskRetry }
  | { type: 'EnterText'; matcher: NodeMatcher; text: string; submit: boolean; retry: TaskRetry }
  | { type: 'Sleep'; durationMs: number; retry: TaskRetry }
  | { type: 'PressKey'; key: SystemKey }
  /** svc's variant only: another key, by its svc name or code, as its Android key code. */
  | { type: 'PressKey'; key: string; code: number }
  /** svc's variant only: gestures at an element's centre or at a point (svc's double_tap and long_press). */
  | ({ type: 'DoubleTap'; retry: TaskRetry } & GestureTarget)
  | ({ type: 'LongPress'; durationMs: number; retry: TaskRetry } & GestureTarget)
  /** svc's variant only: one stroke from a point to another, or across an element (svc's swipe). */
  | ({ type: 'Swipe'; durationMs: number; retry: TaskRetry } & (
      | { from: Point; to: Point }
      | { matcher: NodeMatcher; direction: Direction }
    ))
  /** svc's variant only: press on one element and let go on another (svc's drag action). */
  | { type: 'Drag'; from: NodeMatcher; to: NodeMatcher; durationMs: number; retry: TaskRetry }
  | { type: 'WaitForNavigation'; expectedPackage?: string; expectedNode?: NodeMatcher; timeoutMs: number }
  | { type: 'ReadKeyValuePair'; labelMatcher: NodeMatcher; retry: TaskRetry }
  | { type: 'OnScreenLog'; set: boolean; params: Readonly<Record<string, unknown>> }
);

export type UiActionOf<T extends UiAction['type']> = Extract<UiAction, { type: T }>;

export interface AgentCommand {
  commandId: string;
  taskId: string;
  source: string;
  timeoutMs: number;
  actions: UiAction[];
}

export interface StepResult {
  id: string;
  actionType: string;
  success: boolean;
  data: Record<string, string>;
}

/** UiActionEngine.kt:789-794: the wire value of the click types. */
export function clickWire(t: ClickType): string {
  return t === 'LongClick' ? 'long_click' : t === 'Focus' ? 'focus' : 'click';
}

/**
 * Java's Float.toString of a Float value (the engine writes `distanceRatio.toString()`): the shortest decimal that
 * reads back as the same float, with `.0` for whole numbers and the E form outside [1e-3, 1e7).
 */
export function floatString(value: number): string {
  const f = Math.fround(value);
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  let digits = '';
  for (let p = 1; p <= 9; p++) {
    digits = f.toPrecision(p);
    if (Math.fround(Number(digits)) === f) break;
  }
  const n = Number(digits);
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(n);
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  const [mantissa = '', exp = '0'] = n.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exp)}`;
}
