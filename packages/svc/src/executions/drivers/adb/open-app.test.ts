// open_app where the simulator has no such phone: an app with several launcher activities, for which
// `cmd package resolve-activity --brief` names the system's chooser (ADB-DRIVER-NOTES: appium-adb app-commands), so
// the driver lets `monkey` start the package, and judges it by what monkey prints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeAdb, ok } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { createContext } from '../../../core/context.ts';
import { openApp } from './actions/apps.ts';
import { DeviceShell } from './device-shell.ts';
import type { StepContext } from './step.ts';

function stepOn(adb: FakeAdb, pkg: string): StepContext {
  const ctx = createContext({ env: {}, adb });
  const action = { id: 'open', type: 'open_app', params: { applicationId: pkg } } as StepContext['action'];
  return {
    ctx,
    shell: new DeviceShell(ctx, 'fake-1'),
    action,
    index: 0,
    deadline: Infinity,
    stats: { dumps: 0 },
  } as StepContext;
}

test('an app whose launcher intent resolves to the chooser is started with monkey, not am start', async () => {
  const adb = new FakeAdb();
  adb.handle = (_serial, command) => {
    if (command.startsWith('getprop')) return ok('34\n');
    if (command.includes('resolve-activity'))
      return ok(
        'priority=0 preferredOrder=0 match=0x0 specificIndex=-1 isDefault=false\nandroid/com.android.internal.app.ResolverActivity\n',
      );
    if (command.startsWith('monkey')) return ok('Events injected: 1\n__svc_rc=0\n');
    return ok('__svc_rc=0\n');
  };
  assert.deepEqual(await openApp(stepOn(adb, 'com.example.two')), { application_id: 'com.example.two' });
  assert.ok(
    adb.calls.some((c) => c.includes("monkey -p 'com.example.two'") || c.includes('monkey -p com.example.two')),
  );
  assert.ok(!adb.calls.some((c) => c.includes('am start')));
});

test('monkey that aborts is APP_NOT_FOUND, whatever its exit status', async () => {
  const adb = new FakeAdb();
  adb.handle = (_serial, command) => {
    if (command.startsWith('getprop')) return ok('22\n');
    return ok('** No activities found to run, monkey aborted.\n__svc_rc=0\n');
  };
  await assert.rejects(openApp(stepOn(adb, 'com.example.absent')), { code: 'APP_NOT_FOUND' });
});
