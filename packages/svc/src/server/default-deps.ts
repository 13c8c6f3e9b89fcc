// The real use cases behind the routes, bound to one context: executions run in this process on the server's warm
// context. The device listing (with the driver per device) loads on first use, so a test that injects fakes does not load the adb stack.
import { choreOf } from '../contracts/chores/index.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { inProcess } from '../submit/submit.ts';
import { resolveTarget } from '../submit/target.ts';
import type { ServerDeps } from './runtime.ts';

export function defaultServerDeps(ctx: SvcContext): ServerDeps {
  return {
    submit: inProcess(ctx),
    // As `svc devices`: each ready device with the driver `auto` would pick there.
    listDevices: async (onSilent) =>
      (await import('../executions/devices-with-driver.ts')).listDevicesWithDriver(
        ctx,
        resolveTarget({}, ctx.env),
        onSilent,
      ),
    runChore: async (name, request) => {
      const chore = choreOf(name);
      if (chore === undefined)
        throw new SvcError('NOT_FOUND', `No tool named ${JSON.stringify(name)}.`, { tool: name });
      return (await import('../toolbox/run-chore.ts')).runChore(ctx, chore, request);
    },
    env: ctx.env,
    cwd: ctx.cwd,
  };
}
