// Where the execution lock of a lab device lives: named by what the device says it is (src/devices/device-identity.ts),
// asked the way svc asks it.
import type { Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { deviceIdentityKey } from '../src/devices/device-identity.ts';
import { lockPath } from '../src/executions/execution-lock.ts';

export async function deviceLockPath(lab: Pick<Lab, 'home' | 'env'>, serial: string): Promise<string> {
  const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
  try {
    return lockPath(lab.home, await deviceIdentityKey(ctx, serial));
  } finally {
    await ctx.close();
  }
}
