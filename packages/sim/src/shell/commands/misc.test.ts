import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testShell } from '../shell.test-helper.ts';

describe('monkey, dumpsys and small tools', () => {
  it('launches a package with monkey and prints what Android prints', async () => {
    const { device, run } = testShell();
    const result = await run('monkey -p com.android.settings -c android.intent.category.LAUNCHER 1');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^ {2}bash arg: -p\n/);
    assert.match(result.stdout, /\nargs: \[-p, com\.android\.settings, -c, android\.intent\.category\.LAUNCHER, 1\]\n/);
    assert.match(
      result.stdout,
      /\nEvents injected: 1\n## Network stats: elapsed time=\d+ms \(0ms mobile, 0ms wifi, \d+ms not connected\)\n$/,
    );
    assert.equal(device.ui.foregroundPackage(), 'com.android.settings');
  });

  it('aborts monkey when the package has no launcher activity', async () => {
    const { run } = testShell();
    const result = await run('monkey -p com.android.shell -c android.intent.category.LAUNCHER 1');
    assert.equal(result.code, 252);
    assert.equal(result.stderr, '** No activities found to run, monkey aborted.\n');
    assert.doesNotMatch(result.stdout, /Events injected/);
  });

  // A window's title is the activity's ComponentName.flattenToString() (Window.adjustLayoutParamsForSubWindow sets
  // it from the appName that Activity.attach passes), so mCurrentFocus names the full class, not `.Settings`.
  it('names the foreground activity in dumpsys window by its full component name', async () => {
    const { run } = testShell();
    await run('am start -n com.android.settings/.Settings');
    assert.match(
      (await run('dumpsys window | grep mCurrentFocus')).stdout,
      /mCurrentFocus=Window\{\w+ u0 com\.android\.settings\/com\.android\.settings\.Settings\}/,
    );
  });

  it('echo handles -n and -e', async () => {
    const { run } = testShell();
    assert.equal((await run(`echo -n a; echo -e 'b\\tc'`)).stdout, 'ab\tc\n');
  });

  it('prints the device clock with date, including +%s and +%s.%N', async () => {
    const { run } = testShell();
    assert.equal((await run('date')).stdout, 'Sun Nov 22 19:10:01 GMT 2026\n');
    assert.equal((await run('date +%s')).stdout, '1795374601\n');
    assert.equal((await run('date +%s.%N')).stdout, '1795374601.123000000\n');
    assert.equal((await run(`date '+%Y-%m-%d %H:%M:%S'`)).stdout, '2026-11-22 19:10:01\n');
  });

  it('follows a skewed device clock', async () => {
    const { device, run } = testShell();
    device.skewClock(60_000);
    assert.equal((await run('date +%s')).stdout, '1795374661\n');
  });

  it('identifies as the shell user', async () => {
    const { run } = testShell();
    assert.match(
      (await run('id')).stdout,
      /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),.* context=u:r:shell:s0\n$/,
    );
  });

  it('cat, ls and rm work on device files with toybox messages', async () => {
    const { device, run } = testShell();
    await run('echo hi > /sdcard/a.txt; echo yo > /sdcard/sub/b.txt');
    assert.equal((await run('ls /sdcard')).stdout, 'a.txt\nsub\n');
    assert.equal((await run('cat /sdcard/a.txt /sdcard/sub/b.txt')).stdout, 'hi\nyo\n');
    assert.equal((await run('rm /sdcard/a.txt')).code, 0);
    assert.equal(device.files.has('/sdcard/a.txt'), false);
    const missing = await run('rm /sdcard/a.txt');
    assert.deepEqual([missing.code, missing.stderr], [1, 'rm: /sdcard/a.txt: No such file or directory\n']);
    assert.equal((await run('rm -f /sdcard/a.txt')).code, 0);
    assert.equal((await run('ls /nowhere')).code, 1);
  });

  it('sleep waits and ends early when the host goes away', async () => {
    const { run } = testShell();
    assert.equal((await run('sleep 0.01')).code, 0);
    const abort = new AbortController();
    const sleeping = run('sleep 3600', { signal: abort.signal });
    abort.abort();
    assert.equal((await sleeping).code, 130);
    assert.equal((await run('sleep soon')).code, 1);
  });
});
