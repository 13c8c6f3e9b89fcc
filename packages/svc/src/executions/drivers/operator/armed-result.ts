// The result stream of one execution, armed before dispatch: a subscription to the device's operator lines for this
// commandId feeding an EnvelopeCollector. Only lines the operator app itself wrote count: once the operator's uid is
// known (trust(), before the broadcast), a line from any other writer is ignored and counted, so no app on the
// phone can answer for the operator or end its execution. wait() resolves with the terminal outcome, or `timeout`.
// A payload the operator cannot parse gets no answer at all, only an error line that names no commandId
// (OperatorCommandReceiver.kt:61-63,86-90 @ v0.5.2): when such a line comes from the operator and the operator
// does not take our command (`start` / `queued`, written at once after a parse) within REJECTION_GRACE_MS, the
// wait ends `rejected` instead of running out the whole deadline.

import { timerMs } from '../../../contracts/limits.ts';
import type { SvcContext } from '../../../core/context.ts';
import { EnvelopeCollector, type Terminal } from './envelope-collector.ts';
import { type LineSource, logRouterOf, type Subscription } from './log-router.ts';

/** How long after the operator's parse-failure line our command may still be taken before it counts as ours. */
export const REJECTION_GRACE_MS = 2000;

export type WaitOutcome =
  | Terminal
  | { kind: 'timeout' }
  | { kind: 'device_gone'; adbState: string }
  | { kind: 'rejected'; message: string };

/** Lines of this commandId from another writer than the operator: ignored, reported in diagnostics. */
export interface UntrustedLines {
  count: number;
  /** The writer of the last one (uid undefined: the line carried none). */
  last?: LineSource;
}

export interface ArmedResult {
  readonly collector: EnvelopeCollector;
  readonly subscription: Subscription;
  readonly untrusted: UntrustedLines;
  /** From now on, lines written under `uid` count; until then none does (nothing may answer before dispatch). */
  trust(uid: number): void;
  wait(ms: number): Promise<WaitOutcome>;
  close(): Promise<void>;
}

export async function armResult(ctx: SvcContext, serial: string, commandId: string): Promise<ArmedResult> {
  const collector = new EnvelopeCollector(commandId);
  const untrusted: UntrustedLines = { count: 0 };
  let trustedUid: number | undefined;
  let onTerminal: (terminal: Terminal) => void = () => {};
  const terminal = new Promise<Terminal>((resolve) => {
    onTerminal = resolve;
  });
  let onGone: (outcome: WaitOutcome) => void = () => {};
  const gone = new Promise<WaitOutcome>((resolve) => {
    onGone = resolve;
  });
  const stopGrace = new AbortController();
  let graceStarted = false;
  const watchRejection = () => {
    if (graceStarted || collector.rejection === undefined) return;
    graceStarted = true;
    ctx.clock.sleep(REJECTION_GRACE_MS, stopGrace.signal).then(
      () => {
        if (!collector.accepted && collector.terminal === undefined && collector.rejection !== undefined) {
          onGone({ kind: 'rejected', message: collector.rejection });
        }
      },
      () => {},
    );
  };
  const subscription = await logRouterOf(ctx).subscribe(serial, commandId, (line, source) => {
    if (trustedUid === undefined || source.uid !== trustedUid) {
      untrusted.count++;
      untrusted.last = source;
      return;
    }
    const outcome = collector.push(line);
    if (outcome !== undefined) onTerminal(outcome);
    watchRejection();
  });
  subscription.onDeviceGone((adbState) => onGone({ kind: 'device_gone', adbState }));
  return {
    collector,
    subscription,
    untrusted,
    trust(uid) {
      trustedUid = uid;
    },
    async wait(ms) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<WaitOutcome>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'timeout' }), timerMs(ms));
      });
      try {
        return await Promise.race([terminal, gone, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => {
      stopGrace.abort();
      return subscription.unsubscribe();
    },
  };
}
