// What one action of the adb driver has to work with, and how its outcome becomes a step result: the same shapes
// and codes as the operator's (a failed step carries `data.error` = code and `data.message`).
import type { Action, ActionOf, ActionType, StepResult } from '../../../contracts/types.ts';
import type { SvcContext } from '../../../core/context.ts';
import type { DeviceShell } from '../../../device-shell/device-shell.ts';
import type { DumpStats } from '../../../device-shell/dump.ts';
import type { UiTree } from '../../../ui/index.ts';
import type { DeviceRun } from '../../device-run.ts';

/** One step of one action type: its params are typed by the action's definition. */
export interface StepContext<T extends ActionType = ActionType> {
  readonly ctx: SvcContext;
  readonly run: DeviceRun;
  readonly shell: DeviceShell;
  readonly action: ActionOf<T>;
  readonly index: number;
  /** Monotonic ms when the execution's own timeout passes. */
  readonly deadline: number;
  /** Monotonic ms when the step's own bound passes (wait_for_node's timeoutMs), if it has one. */
  until?: number;
  readonly stats: DumpStats;
  /** The screen read just before the run (DeviceRun.screenBefore), until the first step's first read takes it. */
  readonly before?: { tree: UiTree | undefined };
  /** The screens this step's attempts read, latest last (still-miss.ts tells a still screen by them). */
  readonly looked?: UiTree[];
}

/** A step's expected failure: its code goes to `data.error`; `retryable` lets the retry policy try again. */
export class StepFailure extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly data: Record<string, string>;
  /** What the step looked for is not on the screen as read (a selector missed, the match takes no text). */
  readonly missOnScreen: boolean;
  constructor(
    code: string,
    message: string,
    options: { retryable?: boolean; data?: Record<string, string>; missOnScreen?: boolean } = {},
  ) {
    super(message);
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.data = options.data ?? {};
    this.missOnScreen = options.missOnScreen ?? false;
  }
}

/** The execution's own time ran out during a step (the running step fails; no later step runs). */
export class TimedOut extends Error {
  /** The last failed attempt so far (NODE_NOT_FOUND, ...), if one failed. */
  readonly last: StepFailure | undefined;
  /** Attempts of the step started before the time ran out. */
  readonly attempt: number;
  constructor(last: StepFailure | undefined, attempt = 1) {
    super(last === undefined ? 'no attempt finished' : `${last.code}: ${last.message}`);
    this.last = last;
    this.attempt = attempt;
  }
}

/** The whole execution stops (the envelope fails with this code): the screen is locked, or the like. */
export class ExecutionFailure extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export type ActionRunner<T extends ActionType> = (step: StepContext<T>) => Promise<Record<string, string>>;

export function succeeded(action: Action, data: Record<string, string>): StepResult {
  return { id: action.id, actionType: action.type, success: true, data };
}

export function failed(action: Action, code: string, message: string, data: Record<string, string> = {}): StepResult {
  return {
    id: action.id,
    actionType: action.type,
    success: false,
    // The app's failed steps carry no step-level error key (docs/published-operator.md 3.6): code and message
    // are in data.
    data: { ...data, error: code, message },
  };
}
