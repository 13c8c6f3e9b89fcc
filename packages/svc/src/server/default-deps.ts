// The real use cases behind the routes, bound to one context. Loaded on first use, so a test that injects fakes
// (or a daemon that passes warm ones) does not load the adb stack.
import type { SvcContext } from '../app/context.ts';
import type { ServerDeps } from './runtime.ts';

export function defaultServerDeps(ctx: SvcContext): ServerDeps {
  return {
    runExecution: async (request) => (await import('../executions/run-execution.ts')).runExecution(ctx, request),
    listDevices: async () => (await import('../devices/list-devices.ts')).listDevices(ctx),
    env: ctx.env,
    now: () => Date.now(),
  };
}
