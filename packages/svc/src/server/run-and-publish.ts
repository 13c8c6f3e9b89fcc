// Runs one execution for a route and publishes its events (SPEC part 6): `svc:execution` for every attempt, even
// one that fails before a device is resolved, and `svc:result` once the execution reached a terminal state on a known
// device. The attempt counts as in flight until answered, so a graceful shutdown waits for it.
import type { SvcError } from '../contracts/errors.ts';
import type { ResultEnvelope, RunResult } from '../contracts/types.ts';
import type { SubmitRequest } from '../submit/request.ts';
import type { Submit } from '../submit/submit.ts';
import type { EventBus } from './event-bus.ts';
import { inputForEvents, resultForEvents } from './event-redaction.ts';
import type { InFlightTracker } from './in-flight.ts';

/** Codes that mean the execution was dispatched to the device and ended without an envelope (or the device left). */
const TERMINAL_WITHOUT_ENVELOPE = new Set([
  'RESULT_ENVELOPE_TIMEOUT',
  'RESULT_ENVELOPE_MALFORMED',
  'DEVICE_DISCONNECTED',
]);

/** What the event stream may show: typed text only when the server runs with --verbose (event-redaction.ts). */
export interface EventPolicy {
  showTypedText: boolean;
}

export async function runAndPublish(
  submit: Submit,
  bus: EventBus,
  inFlight: InFlightTracker,
  request: SubmitRequest,
  policy: EventPolicy = { showTypedText: false },
): Promise<RunResult> {
  // Publishing counts as part of the attempt, so a shutdown that waits for idle still delivers these events.
  return inFlight.track(async () => {
    const result = await submit(request);
    const deviceId = deviceIdOf(result) ?? request.target.deviceId ?? null;
    const shown = policy.showTypedText ? result : resultForEvents(result);
    const input = policy.showTypedText ? request.execution : inputForEvents(request.execution, true);
    bus.publish('svc:execution', { deviceId, input, result: shown });
    const terminal = terminalEnvelopeOf(shown, request.execution);
    if (terminal) bus.publish('svc:result', terminal);
    return result;
  });
}

/** An attempt refused before it ran (an invalid execution): its svc:execution event, and the failure to answer. */
export function publishRejected(
  bus: EventBus,
  input: unknown,
  error: SvcError,
  deviceId: string | undefined,
  policy: EventPolicy = { showTypedText: false },
): RunResult {
  const result: RunResult = { ok: false, error: error.toBody() };
  const shown = policy.showTypedText ? input : inputForEvents(input, false);
  bus.publish('svc:execution', { deviceId: deviceId ?? null, input: shown, result });
  return result;
}

function deviceIdOf(result: RunResult): string | undefined {
  if (result.ok) return result.deviceId;
  const id = result.error.details?.deviceId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * `{ deviceId, envelope }` when the execution reached a terminal state on a known device: the envelope that came
 * back, or, for a timeout or malformed result after dispatch, a failed envelope carrying that code.
 */
function terminalEnvelopeOf(
  result: RunResult,
  input: SubmitRequest['execution'],
): { deviceId: string; envelope: ResultEnvelope } | undefined {
  if (result.ok) return { deviceId: result.deviceId, envelope: result.envelope };
  const deviceId = deviceIdOf(result);
  if (deviceId === undefined || !TERMINAL_WITHOUT_ENVELOPE.has(result.error.code)) return undefined;
  return {
    deviceId,
    envelope: {
      commandId: input.commandId,
      taskId: input.taskId,
      status: 'failed',
      stepResults: [],
      error: result.error.message,
      errorCode: result.error.code,
    },
  };
}
