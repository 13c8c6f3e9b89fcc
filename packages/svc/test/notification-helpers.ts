// Shared by the notification suites.
import type { SimDevice } from 'svc-sim';

/**
 * Resolves once `sim` receives a `dumpsys notification` after this call: a wait has read the list it compares with,
 * so what is posted after this is new to it (posting on a timer races a slow start of the CLI or the server).
 */
export async function waitBegan(sim: SimDevice): Promise<void> {
  const since = sim.device.now();
  const deadline = Date.now() + 20_000;
  const read = () =>
    sim.device.commands
      .entries()
      .some((entry) => entry.time >= since && 'line' in entry && entry.line.includes('dumpsys notification'));
  while (!read()) {
    if (Date.now() > deadline) throw new Error('the wait never read the notification list');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The command is recorded as it arrives; let the dump it runs (in this process) finish reading the list.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
