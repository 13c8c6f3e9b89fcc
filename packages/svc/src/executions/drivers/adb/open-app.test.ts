// open_app where the simulator has no such phone: an app with several launcher activities, for which
// `cmd package resolve-activity --brief` names the system's chooser (ADB-DRIVER-NOTES: appium-adb app-commands), so
// the driver starts the first launcher activity `cmd package query-activities` lists for the package (never monkey
// above API 24); and monkey below 24, judged by what it prints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeAdb, ok } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { closeApp, openApp, openUri } from './actions/apps.ts';
import { fakeStep } from './fake-step.test-helper.ts';

const stepOn = (adb: FakeAdb, pkg: string) =>
  fakeStep(adb, { id: 'open', type: 'open_app', params: { applicationId: pkg } });

/** A phone of API `sdk` that prints `answer(command)` for each shell line (its exit sentinel when undefined). */
function phone(sdk: number, answer: (command: string) => string | undefined): FakeAdb {
  const adb = new FakeAdb();
  adb.handle = (_serial, command) =>
    command.startsWith('getprop') ? ok(`${sdk}\n`) : ok(answer(command) ?? '__svc_rc=0\n');
  return adb;
}

/** What `cmd package resolve-activity --brief` prints when the intent resolves to `component`. */
const resolvedTo = (
  component: string,
  info = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true',
) => `${info}\n${component}\n__svc_rc=0\n`;

test('an app whose launcher intent resolves to the chooser starts its first launcher activity, never with monkey', async () => {
  const adb = phone(34, (command) => {
    if (command.includes('resolve-activity'))
      return resolvedTo(
        'android/com.android.internal.app.ResolverActivity',
        'priority=0 preferredOrder=0 match=0x0 specificIndex=-1 isDefault=false',
      );
    // AOSP runQueryIntentActivities with --brief: the count, then per activity its ResolveInfo line and component.
    if (command.includes('query-activities'))
      return (
        '2 activities found:\n  Activity #0:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n' +
        '    com.example.two/.Main\n  Activity #1:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n' +
        '    com.example.two/.Widgets\n'
      );
    if (command.startsWith('am start'))
      return 'Starting: Intent { cmp=com.example.two/.Main }\nStatus: ok\n__svc_rc=0\n';
    return undefined;
  });
  assert.deepEqual(await openApp(stepOn(adb, 'com.example.two')), { application_id: 'com.example.two' });
  assert.ok(adb.calls.some((c) => /query-activities .* '?com\.example\.two'?$/.test(c)));
  assert.ok(
    adb.calls.some((c) => /: am start .* -n '?com\.example\.two\/\.Main'? /.test(c)),
    adb.calls.join(' | '),
  );
  assert.ok(!adb.calls.some((c) => c.includes('monkey')));
});

test('the launcher activity is resolved from the launcher intent, not from the package alone', async () => {
  // An intent naming only the package matches every activity with an intent filter: a share target of higher
  // priority wins it (callstack/agent-device#115); the launcher intent resolves to the launcher activity.
  const adb = phone(34, (command) => {
    if (command.includes('resolve-activity')) {
      const launcher = command.includes('-a android.intent.action.MAIN -c android.intent.category.LAUNCHER');
      const line = launcher ? 'com.example.mail/.Launch' : 'com.example.mail/.share.ShareTarget';
      return resolvedTo(line, 'priority=10 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false');
    }
    if (command.startsWith('am start')) return 'Starting: Intent { cmp=com.example.mail/.Launch }\n__svc_rc=0\n';
    return undefined;
  });
  await openApp(stepOn(adb, 'com.example.mail'));
  const started = adb.calls.find((c) => c.includes('am start')) ?? '';
  assert.match(started, / -n '?com\.example\.mail\/\.Launch'? /, adb.calls.join(' | '));
});

test('monkey that aborts is APP_NOT_FOUND, whatever its exit status', async () => {
  const adb = phone(22, () => '** No activities found to run, monkey aborted.\n__svc_rc=0\n');
  await assert.rejects(openApp(stepOn(adb, 'com.example.absent')), { code: 'APP_NOT_FOUND' });
});

test('monkey killed or throwing is never a launch: the device failing, with its words', async () => {
  // `Killed`: the shell's word for a process the low-memory killer ended; an exception: Monkey's own trace
  // (mobile-next/mobile-mcp#360 shows its exit status says nothing, so only its words count).
  for (const said of ['Killed\n', 'java.lang.SecurityException: Permission denial: injecting event\n']) {
    const adb = phone(22, () => `${said}__svc_rc=0\n`);
    await assert.rejects(openApp(stepOn(adb, 'com.example.app')), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'DEVICE_SHELL_UNAVAILABLE');
      assert.match(error.message, new RegExp(said.trim().split(':')[0] as string));
      return true;
    });
  }
});

test("am start's refusal is told by its `Error: ...` line, not the `Error type 3` before it", async () => {
  // AOSP ActivityManagerShellCommand.runStartActivity for a class that does not exist (the simulator prints the
  // same: packages/sim/src/shell/commands/am.ts).
  const adb = phone(34, (command) =>
    command.includes('resolve-activity')
      ? resolvedTo('com.example.app/.Main')
      : 'Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] cmp=com.example.app/.Main }\n' +
        'Error type 3\nError: Activity class {com.example.app/com.example.app.Main} does not exist.\n__svc_rc=0\n',
  );
  await assert.rejects(openApp(stepOn(adb, 'com.example.app')), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'APP_NOT_FOUND');
    assert.match(
      error.message,
      /Error: Activity class \{com\.example\.app\/com\.example\.app\.Main\} does not exist\./,
    );
    return true;
  });
});

test('open_app, open_uri and close_app whose shell ended before the exit status came back are never done', async () => {
  // The line is cut after what the command printed so far (a cable pulled): no sentinel, so no outcome.
  const cut = (answer: (command: string) => string) => phone(34, answer);
  const unknown = (error: Error & { code?: string }) =>
    error.code === 'DEVICE_SHELL_UNAVAILABLE' && /did not say whether/.test(error.message);
  const opening = cut((command) =>
    command.includes('resolve-activity') ? 'com.example.app/.Main\n__svc_rc=0\n' : 'Starting: Intent { }\n',
  );
  await assert.rejects(openApp(stepOn(opening, 'com.example.app')), unknown);
  const uri = fakeStep(
    cut(() => 'Starting: Intent { }\n'),
    { id: 'u', type: 'open_uri', params: { uri: 'https://x.y' } },
  );
  await assert.rejects(openUri(uri), unknown);
  const closing = fakeStep(
    cut(() => 'package:/data/app/base.apk\n'),
    {
      id: 'c',
      type: 'close_app',
      params: { applicationId: 'com.example.app' },
    },
  );
  await assert.rejects(closeApp(closing), unknown);
});
