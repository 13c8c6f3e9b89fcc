// OperatorCommandReceiver.onReceive (apps/android/shared/data/operator/src/main/kotlin/clawperator/operator/runtime/
// OperatorCommandReceiver.kt:34-98 @ v0.5.2): the `payload` string extra; the accessibility service checked before
// anything (off: a parseable payload gets SERVICE_UNAVAILABLE and nothing runs); a payload the parser rejects gets
// no envelope at all, only an error line with the exception.
import type { BroadcastIntent } from '../device/types.ts';
import type { AppLog } from './app-log.ts';
import type { DeviceBridge } from './device-bridge.ts';
import { failure, type ResultEnvelope } from './envelope.ts';
import type { CommandExecutor } from './executor.ts';
import { isBlank, KotlinException } from './kotlin.ts';
import type { AgentCommand } from './model.ts';
import { loggedWithArgs } from './timber-format.ts';

export interface ReceiverParts {
  log: AppLog;
  bridge: DeviceBridge;
  executor: CommandExecutor;
  parse(payload: string): AgentCommand;
  writeResult(envelope: ResultEnvelope): Promise<void>;
  /** An exception nothing caught ended the app's process (an uncaught throw in coroutineScopes.main). */
  crash(t: KotlinException): void;
}

const TAG = '[Operator-Receiver]';

function parseResult(
  parts: ReceiverParts,
  payload: string,
): { ok: true; command: AgentCommand } | { ok: false; error: KotlinException } {
  try {
    return { ok: true, command: parts.parse(payload) };
  } catch (e) {
    if (e instanceof KotlinException) return { ok: false, error: e };
    throw e;
  }
}

/** Returns the coroutine it launched (or nothing), so callers can wait for the command to finish. */
export function onReceive(parts: ReceiverParts, intent: BroadcastIntent): Promise<void> | undefined {
  const { log } = parts;
  const raw = intent.extras.payload;
  // getStringExtra: an extra of another type (`--ei payload 5`) reads as null.
  const payload = typeof raw === 'string' ? raw : undefined;
  if (payload === undefined || isBlank(payload)) {
    log.e('Receiver', `${TAG} Missing required agent payload extra: payload`);
    return undefined;
  }
  if (!parts.bridge.serviceConnected()) {
    const reason = 'Accessibility service is not available';
    const parsed = parseResult(parts, payload);
    if (!parsed.ok) {
      log.e('Receiver', `${TAG} ${reason} and failed to parse agent command payload`, parsed.error);
      return undefined;
    }
    const { commandId, taskId } = parsed.command;
    log.e('Receiver', `${TAG} ${reason} commandId=${commandId} taskId=${taskId}`);
    return parts.writeResult(failure({ commandId, taskId }, reason, 'SERVICE_UNAVAILABLE'));
  }
  // Android 12+ closes the notification shade first (:67-69); the simulated phone has no shade open.
  return (async () => {
    // The coroutine runs after onReceive returned (coroutineScopes.main.launch).
    await Promise.resolve();
    const parsed = parseResult(parts, payload);
    if (!parsed.ok) {
      log.e('Receiver', `${TAG} Failed to parse agent command payload`, parsed.error);
      return;
    }
    const { commandId, taskId } = parsed.command;
    try {
      const result = await parts.executor.execute(parsed.command);
      if (result.ok)
        log.d('Receiver', `${TAG} Agent command completed successfully commandId=${commandId} taskId=${taskId}`);
      else {
        // Log.e(message, cause) (:83-86): the cause is a format argument, no stack trace. With a '%' in the ids or the
        // reason it can throw, after the envelope was written (timber-format.ts).
        const message = `${TAG} Agent command failed commandId=${commandId} taskId=${taskId}: ${result.reason}`;
        log.e('Receiver', loggedWithArgs(message, [result.cause]));
      }
    } catch (e) {
      // Nothing in the launched coroutine catches (:71-92): the app's process dies.
      if (e instanceof KotlinException) parts.crash(e);
      else throw e;
    }
  })();
}
