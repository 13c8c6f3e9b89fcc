// Shapes of SPEC part 2 after alias normalization (canonical names only).
import type { ErrorBody } from './errors.ts';

export const ACTION_TYPES = [
  'open_app',
  'open_uri',
  'close_app',
  'start_recording',
  'stop_recording',
  'wait_for_node',
  'click',
  'scroll_and_click',
  'scroll',
  'scroll_until',
  'read_text',
  'read_key_value_pair',
  'enter_text',
  'snapshot_ui',
  'take_screenshot',
  'sleep',
  'press_key',
  'wait_for_navigation',
  'set_on_screen_log',
  'clear_on_screen_log',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface NodeMatcher {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
}

export interface Action {
  id: string;
  type: ActionType;
  params?: Record<string, unknown>;
}

export interface Execution {
  commandId: string;
  taskId: string;
  source: string;
  expectedFormat: 'android-ui-automator';
  timeoutMs: number;
  actions: Action[];
  mode?: 'artifact_compiled' | 'direct';
}

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

/** SPEC 2.7: what execute / snapshot / screenshot return on every surface. */
export type RunResult =
  | { ok: true; deviceId: string; terminalSource: 'svc_result'; envelope: ResultEnvelope }
  | { ok: false; error: ErrorBody };

/** SPEC 2.7 success conditions: ok, envelope success, every step success. */
export function isFullSuccess(result: RunResult): boolean {
  return (
    result.ok &&
    result.envelope.status === 'success' &&
    (result.envelope.stepResults ?? []).every((step) => step.success)
  );
}
