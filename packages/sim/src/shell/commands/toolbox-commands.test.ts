// The device commands svc's toolbox reads, answered in the shape a phone prints them (sources in each command's
// file): crash buffer and dropbox, display rotation, launcher activities, the clipboard shell, the GPS fix.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reportAppAnr, reportAppCrash } from '../../device/crash-reports.ts';
import { setGpsFix } from '../../device/location.ts';
import { testShell } from '../shell.test-helper.ts';

describe('commands behind the device toolbox', () => {
  it('puts a crash in the crash buffer only, with AndroidRuntime FATAL EXCEPTION lines', async () => {
    const { device, run } = testShell();
    reportAppCrash(device, { package: 'com.example.app', exception: 'java.lang.IllegalStateException: boom' });
    const crash = (await run('logcat -d -b crash -v brief')).stdout;
    assert.match(crash, /^--------- beginning of crash\nE\/AndroidRuntime\(\s*\d+\): FATAL EXCEPTION: main\n/);
    assert.match(crash, /Process: com\.example\.app, PID: \d+\n.*IllegalStateException: boom\n.*\tat com\.example/);
    assert.doesNotMatch((await run('logcat -d -b main')).stdout, /FATAL EXCEPTION/);
    assert.match((await run('logcat -d')).stdout, /beginning of crash/, 'the default buffers include crash');
  });

  it('files crashes and ANRs in the dropbox and prints them with --print', async () => {
    const { device, run } = testShell();
    reportAppCrash(device, { package: 'com.example.app' });
    reportAppAnr(device, { package: 'com.example.app' });
    const out = (await run('dumpsys dropbox --print data_app_anr')).stdout;
    assert.match(out, /^Drop box contents: 2 entries\nMax entries: 1000\n/);
    assert.match(
      out,
      /Searching for: data_app_anr\n\n={40}\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d data_app_anr \(text, \d+ bytes\)\n/,
    );
    assert.match(out, /Process: com\.example\.app\nPID: \d+\n/);
    assert.match(out, /Subject: Input dispatching timed out/);
    assert.doesNotMatch(out, /data_app_crash \(/);
  });

  it('rotates the display with user_rotation and reports it in the dumpsys display viewport', async () => {
    const { run } = testShell();
    assert.match(
      (await run('dumpsys display')).stdout,
      /DisplayViewport\{[^}]*valid=true[^}]*orientation=0[^}]*deviceWidth=1080, deviceHeight=2400\}/,
    );
    await run('settings put system accelerometer_rotation 0; settings put system user_rotation 1');
    assert.match((await run('dumpsys display')).stdout, /orientation=1,[^}]*deviceWidth=2400, deviceHeight=1080\}/);
    assert.match((await run('wm size')).stdout, /^Physical size: 1080x2400\n$/, 'wm size stays the physical size');
    await run('settings put system accelerometer_rotation 1');
    assert.match((await run('dumpsys display')).stdout, /orientation=0,/);
  });

  it('lists launcher activities in the three shapes of query-activities', async () => {
    const { run } = testShell();
    const launcher = '-a android.intent.action.MAIN -c android.intent.category.LAUNCHER';
    const components = (await run(`cmd package query-activities --components ${launcher}`)).stdout;
    assert.match(components, /^com\.android\.settings\/\.\S+$/m);
    const full = (await run(`cmd package query-activities ${launcher}`)).stdout;
    assert.match(full, /^\d+ activities found:\n {2}Activity #0:\n/);
    assert.match(full, /^ {6}packageName=com\.android\.settings$/m);
    assert.equal(
      (await run('cmd package query-activities -a android.intent.action.VIEW')).stdout,
      'No activities found\n',
    );
    // A bare last word is the intent's package (AOSP Intent.parseCommandArgs): that app's launcher activities only.
    const one = (await run(`cmd package query-activities --brief ${launcher} com.android.settings`)).stdout;
    assert.match(one, /^1 activities found:\n/);
    assert.match(one, /^ {4}com\.android\.settings\/\.\S+$/m);
    assert.equal(
      (await run(`cmd package query-activities --brief ${launcher} com.nothing.here`)).stdout,
      'No activities found\n',
    );
  });

  it('has no clipboard shell command unless the build implements one', async () => {
    const { device, run } = testShell();
    const stock = await run('cmd clipboard get-primary-clip');
    assert.equal(stock.stderr, 'No shell command implementation.\n');
    assert.equal(stock.code, 0);
    device.props.set('svc.sim.clipboard_shell', '1');
    await run("cmd clipboard set-primary-clip 'hello world'");
    assert.equal((await run('cmd clipboard get-primary-clip')).stdout, 'hello world\n');
  });

  it('shows the last GPS fix in dumpsys location', async () => {
    const { device, run } = testShell();
    assert.match((await run('dumpsys location')).stdout, /gps: null/);
    setGpsFix(device, { longitude: 139.7, latitude: 35.6, altitude: 0 });
    assert.match((await run('dumpsys location')).stdout, /gps: Location\[gps 35\.600000,139\.700000 /);
  });
});
