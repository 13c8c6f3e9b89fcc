// A retry loop inside one step, for the phases the operator app retries on their own (scroll_and_click's scan and
// click, scroll_until's last wait for its target): each attempt at once after the last failed one's pause
// (contracts/retry.ts), a failure that is not retryable or the last attempt's failure thrown as it came, and the
// execution's deadline ending it as the step loop does.
import { type RetryPolicy, retryDelayMs } from '../../../contracts/retry.ts';
import { type StepContext, StepFailure, TimedOut } from './step.ts';

export async function retrying<T>(step: StepContext, policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
  const { clock } = step.ctx;
  let last: StepFailure | undefined;
  for (let n = 1; ; n++) {
    if (clock.monotonic() >= step.deadline) throw new TimedOut(last, n - 1);
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      last = error;
      if (!error.retryable || n >= policy.maxAttempts) throw error;
      const delay = retryDelayMs(policy, n);
      if (clock.monotonic() + delay >= step.deadline) throw new TimedOut(last, n);
      await clock.sleep(delay);
    }
  }
}
