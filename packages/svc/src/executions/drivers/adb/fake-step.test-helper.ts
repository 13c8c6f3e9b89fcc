// One step of the adb driver on a FakeAdb, for the cases the simulator cannot show (the action runners are called
// directly, without the execution loop).
import type { FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { createContext } from '../../../core/context.ts';
import { DeviceShell } from './device-shell.ts';
import type { StepContext } from './step.ts';

export function fakeStep(adb: FakeAdb, action: { id: string; type: string; params?: Record<string, unknown> }) {
  const ctx = createContext({ env: {}, adb });
  return {
    ctx,
    shell: new DeviceShell(ctx, 'fake-1'),
    action: action as StepContext['action'],
    index: 0,
    deadline: Number.POSITIVE_INFINITY,
    stats: { dumps: 0 },
  } as StepContext;
}
