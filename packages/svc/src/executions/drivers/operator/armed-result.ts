// The result stream of one execution, armed before dispatch: a subscription to the device's operator lines for this
// commandId feeding an EnvelopeCollector. wait() resolves with the terminal outcome, or `timeout`.
import type { SvcContext } from '../../../core/context.ts';
import { EnvelopeCollector, type Terminal } from './envelope-collector.ts';
import { logRouterOf, type Subscription } from './log-router.ts';

export type WaitOutcome = Terminal | { kind: 'timeout' };

export interface ArmedResult {
  readonly collector: EnvelopeCollector;
  readonly subscription: Subscription;
  wait(ms: number): Promise<WaitOutcome>;
  close(): Promise<void>;
}

export async function armResult(ctx: SvcContext, serial: string, commandId: string): Promise<ArmedResult> {
  const collector = new EnvelopeCollector(commandId);
  let onTerminal: (terminal: Terminal) => void = () => {};
  const terminal = new Promise<Terminal>((resolve) => {
    onTerminal = resolve;
  });
  const subscription = await logRouterOf(ctx).subscribe(serial, commandId, (line) => {
    const outcome = collector.push(line);
    if (outcome !== undefined) onTerminal(outcome);
  });
  return {
    collector,
    subscription,
    async wait(ms) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<WaitOutcome>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'timeout' }), Math.max(0, ms));
      });
      try {
        return await Promise.race([terminal, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => subscription.unsubscribe(),
  };
}
