// One step of the adb driver on a FakeAdb, for the cases the simulator cannot show (the action runners are called
// directly, without the execution loop).
import type { FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import type { ActionType } from '../../../contracts/types.ts';
import { createContext } from '../../../core/context.ts';
import { DeviceShell } from '../../../device-shell/device-shell.ts';
import type { StepContext } from './step.ts';

/** A step of type T; its params are taken as given (the runners are called without the validator). */
export function fakeStep<T extends ActionType>(
  adb: FakeAdb,
  action: { id: string; type: T; params?: Record<string, unknown> },
): StepContext<T> {
  const ctx = createContext({ env: {}, adb });
  return {
    ctx,
    shell: new DeviceShell(ctx, 'fake-1'),
    action: action as StepContext<T>['action'],
    index: 0,
    deadline: Number.POSITIVE_INFINITY,
    stats: { dumps: 0 },
  } as StepContext<T>;
}
