import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BroadcastIntent } from '../../device/types.ts';
import { hostQuote, testShell } from '../shell.test-helper.ts';

const ACTION = 'app.svc.operator.ACTION_AGENT_COMMAND';

describe('am broadcast', () => {
  it('delivers the payload extra byte-identical to the receiver of the package and prints Android output', async () => {
    const { device, run } = testShell();
    device.installPackage({
      name: 'com.svc.operator',
      versionName: '1',
      versionCode: 1,
      thirdParty: true,
      apkPath: '/x',
    });
    const got: BroadcastIntent[] = [];
    device.registerReceiver('com.svc.operator', ACTION, (intent) => got.push(intent));
    const payload = `{"q":"it's \\"quoted\\" $(id) \`id\` \\\\ ✓ 😀","n":1}`;
    const line = [
      'am',
      'broadcast',
      '-a',
      ACTION,
      '-p',
      'com.svc.operator',
      '--es',
      'payload',
      payload,
      '--receiver-foreground',
    ]
      .map(hostQuote)
      .join(' ');
    const result = await run(line);
    assert.equal(result.code, 0);
    assert.equal(
      result.stdout,
      `Broadcasting: Intent { act=${ACTION} flg=0x10400000 pkg=com.svc.operator (has extras) }\nBroadcast completed: result=0\n`,
    );
    assert.equal(got.length, 1);
    assert.equal(got[0]?.extras.payload, payload);
    assert.equal(got[0]?.foreground, true);
  });

  it('types --ei and --ez extras and prints flg=0x400000 without --receiver-foreground', async () => {
    const { device, run } = testShell();
    const got: BroadcastIntent[] = [];
    device.registerReceiver('com.android.settings', 'x.Y', (intent) => got.push(intent));
    const result = await run('am broadcast -a x.Y --ei n 42 --ez b true --es s text');
    assert.match(result.stdout, /^Broadcasting: Intent \{ act=x\.Y flg=0x400000 \(has extras\) \}\n/);
    assert.deepEqual(got[0]?.extras, { n: 42, b: true, s: 'text' });
    assert.equal(got[0]?.foreground, false);
  });

  it('still prints result=0 when the package is not installed, and delivers nothing', async () => {
    const { device, run } = testShell();
    let delivered = 0;
    device.registerReceiver('com.svc.operator', ACTION, () => delivered++);
    const result = await run(`am broadcast -a ${ACTION} -p com.svc.operator --es payload x`);
    assert.match(result.stdout, /Broadcast completed: result=0\n$/);
    assert.equal(delivered, 0);
  });

  it('rejects an unknown option as the activity manager does', async () => {
    const { run } = testShell();
    const result = await run('am broadcast --bogus');
    assert.equal(result.code, 255);
    assert.match(
      result.stderr,
      /^Exception occurred while executing 'broadcast':\njava.lang.IllegalArgumentException: Unknown option: --bogus\n/,
    );
  });
});

describe('am start and force-stop', () => {
  it('starts a component and brings its package to the foreground', async () => {
    const { device, run } = testShell();
    const result = await run('am start -n com.android.settings/.Settings');
    assert.deepEqual([result.code, result.stdout], [0, 'Starting: Intent { cmp=com.android.settings/.Settings }\n']);
    assert.equal(device.ui.foregroundPackage(), 'com.android.settings');
    const again = await run('am start -n com.android.settings/.Settings');
    assert.match(
      again.stdout,
      /Warning: Activity not started, intent has been delivered to currently running top-most instance\.\n$/,
    );
    await run('am force-stop com.android.settings');
    assert.notEqual(device.ui.foregroundPackage(), 'com.android.settings');
  });

  it('reports a missing activity class with Error type 3', async () => {
    const { run } = testShell();
    const result = await run('am start -n com.example.none/.Main');
    assert.equal(result.code, 1);
    assert.equal(result.stdout, 'Starting: Intent { cmp=com.example.none/.Main }\n');
    assert.equal(
      result.stderr,
      'Error type 3\nError: Activity class {com.example.none/com.example.none.Main} does not exist.\n',
    );
  });

  it('opens a VIEW uri in the app that handles it, hiding the path as Uri.toSafeString does', async () => {
    const { device, run } = testShell();
    const result = await run(`am start -a android.intent.action.VIEW -d 'https://example.com/a?b=c'`);
    assert.equal(result.stdout, 'Starting: Intent { act=android.intent.action.VIEW dat=https://example.com/... }\n');
    assert.equal(device.ui.foregroundPackage(), 'com.android.chrome');
  });

  it('fails to resolve a uri no app handles', async () => {
    const { run } = testShell();
    const result = await run(`am start -a android.intent.action.VIEW -d 'nosuchscheme://x'`);
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr,
      'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=nosuchscheme://x flg=0x10000000 }\n',
    );
  });

  it('prints the launch summary with -W', async () => {
    const { run } = testShell();
    const result = await run('am start -W -n com.android.settings/.Settings');
    assert.match(
      result.stdout,
      /\nStatus: ok\nLaunchState: COLD\nActivity: com.android.settings\/.Settings\nTotalTime: \d+\nWaitTime: \d+\nComplete\n$/,
    );
  });
});
