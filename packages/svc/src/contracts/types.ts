// Shapes of SPEC part 2 after alias normalization (canonical names only).
import type { ActionParams, ActionType } from './actions/index.ts';
import { DEVICE_CODE_ALIASES } from './conditions.ts';
import { type ErrorBody, hintOf } from './errors.ts';
import { FATAL_FAILURE_CODE } from './fatal-failures.ts';
import { KEYBOARD_LEFT_HINT, STEP_HINTS } from './step-hints.ts';

export type { ActionParams, ActionType } from './actions/index.ts';
export { ACTION_TYPES } from './actions/index.ts';
export type { NodeMatcher } from './matcher.ts';

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * One validated action of type T: its params typed by its definition. Params are present whenever the type has a
 * required param (the validator refuses them missing), optional otherwise.
 */
export type ActionOf<T extends ActionType> = T extends ActionType
  ? { id: string; type: T } & ([RequiredKeys<ActionParams<T>>] extends [never]
      ? { params?: ActionParams<T> }
      : { params: ActionParams<T> })
  : never;

/** A validated action: one of ActionOf<T>, told apart by `type`. */
export type Action = ActionOf<ActionType>;

export interface Execution {
  commandId: string;
  taskId: string;
  source: string;
  expectedFormat: 'android-ui-automator';
  timeoutMs: number;
  actions: Action[];
  mode?: 'artifact_compiled' | 'direct';
}

declare const validated: unique symbol;

/**
 * An execution that passed normalizeAndValidateExecution: aliases resolved, every rule checked, size within limits.
 * Only the validator makes one, so code that takes a ValidExecution never validates again.
 */
export type ValidExecution = Execution & { readonly [validated]: true };

/** How an execution reaches the device: the on-device operator app, or shell tools from the host. */
export const DRIVERS = ['operator', 'adb'] as const;
export type DriverName = (typeof DRIVERS)[number];
/** What a caller may ask for: a driver, or `auto` (the operator where it is installed and answers, else adb). */
export const DRIVER_CHOICES = ['auto', ...DRIVERS] as const;
export type DriverChoice = (typeof DRIVER_CHOICES)[number];

export interface StepResult {
  id: string;
  actionType: string;
  success: boolean;
  data: Record<string, string>;
  error?: string;
}

export interface ResultEnvelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults?: StepResult[];
  error: string | null;
  errorCode?: string | null;
}

/**
 * The verdict an agent reads first. The envelope's own `status` says only whether the execution completed (a run
 * whose steps failed is still `success` there), so every run result also says whether everything succeeded and, if
 * not, which step failed first and with which code (the envelope's errorCode when the whole run failed).
 */
export interface RunSummary {
  succeeded: boolean;
  failedStepId?: string;
  failedCode?: string;
  /** What to do about failedCode, when svc knows. */
  hint?: string;
}

/** What execute / snapshot / screenshot return on every surface. */
export type RunResult =
  | ({
      ok: true;
      deviceId: string;
      driver: DriverName;
      terminalSource: 'svc_result';
      envelope: ResultEnvelope;
      /** The compact screen after the run (or, when a selector found nothing close, the screen then), when asked. */
      screen?: string;
    } & RunSummary)
  | { ok: false; error: ErrorBody };

/**
 * The summary of an envelope: succeeded when it completed and every step succeeded. When the whole run failed: the
 * envelope's errorCode (the device's spelling of a condition translated to svc's, conditions.ts), or the failed step's
 * own code when the run ended because that step failed (ACTION_FAILED), and the step it failed in (the last step, when
 * that one failed: a timeout during it). Otherwise the first failed step and its code.
 */
export function summarize(envelope: ResultEnvelope): RunSummary {
  const steps = envelope.stepResults ?? [];
  let failed: StepResult | undefined;
  let code: string;
  if (envelope.status !== 'success') {
    const last = steps.at(-1);
    failed = last?.success === false ? last : undefined;
    const raw = envelope.errorCode ?? 'EXECUTION_FAILED';
    code = DEVICE_CODE_ALIASES[raw] ?? raw;
    // A fatal step failure says only "a step failed"; the step's own code (NODE_NOT_FOUND, APP_NOT_FOUND, ...) is
    // what the agent acts on, and its hint says what to do.
    const stepCode = failed?.data.error;
    if (code === FATAL_FAILURE_CODE && typeof stepCode === 'string' && stepCode !== '') code = stepCode;
  } else {
    failed = steps.find((step) => !step.success);
    if (failed === undefined) return { succeeded: true };
    code = failed.data.error ?? failed.error ?? 'STEP_FAILED';
  }
  // The step hint of a timeout points at data.last_error, which only a driver that counts attempts writes.
  // The step's data says so (a thrown step keeps only its message, which then says so).
  const keyboardLeft =
    code === 'TEXT_ENTRY_FAILED' &&
    (failed?.data.keyboard_left_selected !== undefined ||
      /left on the Unicode keyboard/.test(failed?.data.message ?? ''));
  const stepHint = keyboardLeft
    ? KEYBOARD_LEFT_HINT
    : code === 'EXECUTION_TIMEOUT' && failed?.data.last_error === undefined
      ? undefined
      : STEP_HINTS[code];
  const hint = stepHint ?? hintOf(code);
  return {
    succeeded: false,
    ...(failed === undefined ? {} : { failedStepId: failed.id }),
    failedCode: code,
    ...(hint === undefined ? {} : { hint }),
  };
}

/** The success conditions: ok, envelope success, every step success. */
export function isFullSuccess(result: RunResult): boolean {
  return (
    result.ok &&
    result.envelope.status === 'success' &&
    (result.envelope.stepResults ?? []).every((step) => step.success)
  );
}
