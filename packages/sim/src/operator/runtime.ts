// The operator app's command receiver: executions run one at a time, steps in order, each execution bounded by its
// timeoutMs; exactly one terminal envelope per commandId.
import type { DeviceApi } from '../device/types.ts';
import { takeDisconnect } from '../faults/emit-faults.ts';
import type { VirtualUi } from '../ui/virtual-ui.ts';
import { ACTIONS } from './actions/index.ts';
import type { ActionContext, OperatorState } from './context.ts';
import type { OperatorOutput } from './emit.ts';
import { type Envelope, failedEnvelope, type StepResult } from './envelope.ts';
import { type Execution, parsePayload } from './payload.ts';
import { runStep, type StepProgress, timedOutStep } from './run-step.ts';
import { ExecutionError } from './step-error.ts';

export interface RuntimeOptions {
  device: DeviceApi;
  ui: () => VirtualUi;
  operatorPackage: string;
  brand: string;
  out: OperatorOutput;
  state: OperatorState;
}

class Timeout extends Error {}

export class OperatorRuntime {
  private readonly o: RuntimeOptions;
  private queue: Promise<void> = Promise.resolve();
  /** Called when the `disconnect_mid_execution` fault fires (the wire drops its transports). */
  onDisconnectRequest: (() => void) | undefined;

  constructor(options: RuntimeOptions) {
    this.o = options;
  }

  accessibilityComponent(): string {
    return `${this.o.operatorPackage}/${this.o.brand}.operator.OperatorAccessibilityService`;
  }

  /** Read at execution time, so `settings put secure enabled_accessibility_services ...` takes effect at once. */
  accessibilityOn(): boolean {
    const value = this.o.device.settings.secure.get('enabled_accessibility_services') ?? '';
    return value.split(':').includes(this.accessibilityComponent());
  }

  receive(payload: string): void {
    this.queue = this.queue
      .then(() => this.execute(payload))
      .catch((error: unknown) => {
        this.o.out.line(`operator crashed: ${String(error)}`, 'E');
      });
  }

  /** Settles when every execution received so far has written its envelope. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async execute(raw: string): Promise<void> {
    const parsed = parsePayload(raw, (type) => Object.hasOwn(ACTIONS, type));
    if (!parsed.ok) {
      if (parsed.ids) await this.o.out.envelope(failedEnvelope(parsed.ids, parsed.code, parsed.message));
      else this.o.out.line(`payload rejected: ${parsed.message}`, 'E');
      return;
    }
    await this.o.out.envelope(await this.run(parsed.execution));
  }

  private async run(ex: Execution): Promise<Envelope> {
    const ids = { commandId: ex.commandId, taskId: ex.taskId };
    const controller = new AbortController();
    const results: StepResult[] = [];
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new Timeout());
        reject(new Timeout());
      }, ex.timeoutMs);
    });
    const running: { step?: StepProgress } = {};
    const steps = this.steps(ex, controller.signal, results, running);
    try {
      await Promise.race([steps, deadline]);
      return { ...ids, status: 'success', stepResults: results, error: null };
    } catch (error) {
      if (error instanceof Timeout) {
        await steps.catch(() => {});
        const cut = running.step ? [timedOutStep(running.step, ex.timeoutMs)] : [];
        const message = `execution timed out after ${ex.timeoutMs}ms`;
        return failedEnvelope(ids, 'EXECUTION_TIMEOUT', message, [...results, ...cut]);
      }
      if (error instanceof ExecutionError) {
        return failedEnvelope(ids, error.code, error.message, error.keepSteps ? results : []);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async steps(
    ex: Execution,
    signal: AbortSignal,
    results: StepResult[],
    running: { step?: StepProgress },
  ): Promise<void> {
    const startedAt = Date.now();
    const state = this.o.state;
    for (const [i, action] of ex.actions.entries()) {
      if (signal.aborted) return;
      const ctx: ActionContext = {
        ui: this.o.ui(),
        device: this.o.device,
        operatorPackage: this.o.operatorPackage,
        commandId: ex.commandId,
        actionId: action.id,
        out: this.o.out,
        state,
        signal,
        accessibilityOn: this.accessibilityOn(),
        sleep: (ms) => abortableSleep(ms, signal),
        now: () => Date.now(),
      };
      running.step = { action, attempt: 0 };
      const result = await runStep(action, ACTIONS[action.type]!, ctx, this.o.out, startedAt, running.step);
      if (signal.aborted) return;
      delete running.step;
      results.push(result);
      if (i === 0 && takeDisconnect(this.o.out.faults)) this.onDisconnectRequest?.();
    }
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
