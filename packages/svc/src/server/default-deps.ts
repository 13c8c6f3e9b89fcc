// The real use cases behind the routes, bound to one context: executions run in this process on the server's warm
// context. The device listing loads on first use, so a test that injects fakes does not load the adb stack.
import type { SvcContext } from '../core/context.ts';
import { inProcess } from '../submit/submit.ts';
import type { ServerDeps } from './runtime.ts';

export function defaultServerDeps(ctx: SvcContext): ServerDeps {
  return {
    submit: inProcess(ctx),
    listDevices: async () => (await import('../devices/list-devices.ts')).listDevices(ctx),
    compactSnapshot: async (result) =>
      (await import('../executions/refs/compact-snapshot.ts')).compactSnapshots(ctx, result),
    runTool: async (name, request) => (await import('../toolbox/run-named-tool.ts')).runNamedTool(ctx, name, request),
    env: ctx.env,
    cwd: ctx.cwd,
  };
}
