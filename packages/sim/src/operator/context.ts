// What an action sees while it runs: the UI, the device, the execution's abort signal and deadline, and the
// operator's own state (recording, on-screen log panel).
import type { DeviceApi } from '../device/types.ts';
import type { VirtualUi } from '../ui/virtual-ui.ts';
import type { OperatorOutput } from './emit.ts';
import type { PanelController } from './panel/controller.ts';
import type { Params } from './params.ts';
import type { RetryPresetName } from './retry.ts';

export interface OperatorState {
  recordingSession: string | undefined;
  panel: PanelController;
}

export interface ActionContext {
  readonly ui: VirtualUi;
  readonly device: DeviceApi;
  readonly operatorPackage: string;
  readonly commandId: string;
  readonly actionId: string;
  readonly out: OperatorOutput;
  readonly state: OperatorState;
  readonly signal: AbortSignal;
  readonly accessibilityOn: boolean;
  /** Real time; rejects when the execution deadline passes. */
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** What a step needs from the OS: the accessibility service (`ui`), the panel window host (`panel`) or nothing. */
export type ServiceNeed = 'ui' | 'panel' | 'none';

export interface ActionHandler {
  readonly service: ServiceNeed;
  /** Input that a security overlay blocks (SECURITY_BLOCK_DETECTED). */
  readonly interacts: boolean;
  readonly retry: RetryPresetName;
  /** Param holding an explicit retry object (default `retry`). */
  readonly retryParam?: string;
  run(params: Params, ctx: ActionContext): Promise<Record<string, string>>;
}
