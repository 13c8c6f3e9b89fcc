// After svc installs or removes an app on a device (the operator among them), the device's daemon (if one runs) must
// choose its driver again: a quick POST on its socket. Best effort: no daemon, or a daemon of another build, is
// nothing to do.

import type { Env } from '../contracts/env.ts';
import { DAEMON_CONTROL_MS } from '../core/config.ts';
import type { SvcContext } from '../core/context.ts';
import { forgetDriverChoice } from '../executions/choose-driver.ts';
import { daemonPaths } from './paths.ts';
import { DaemonClient } from './socket-client.ts';

export const FORGET_DRIVER_PATH = '/daemon/forget-driver';

export async function forgetDaemonDriverChoice(home: string, serial: string, env: Env): Promise<void> {
  const client = new DaemonClient(daemonPaths(home, serial, env).socket);
  try {
    await client.post(FORGET_DRIVER_PATH, { deviceId: serial }, {}, DAEMON_CONTROL_MS);
  } catch {
    // no daemon listens for this device: the next one starts with no choice made
  } finally {
    client.close();
  }
}

/** This process and the device's daemon both choose the driver again at the next execution. */
export async function forgetDriverChoiceEverywhere(ctx: SvcContext, serial: string): Promise<void> {
  forgetDriverChoice(ctx, serial);
  await forgetDaemonDriverChoice(ctx.home, serial, ctx.env);
}
