// The device toolbox through the CLI, through real adb, on simulated devices: each tool's answer, what it did on
// the device, and its errors. What the device prints for each command (crash buffer, dropbox, dumpsys display,
// query-activities, cmd clipboard, console geo fix) follows the sources cited in packages/sim/src/shell/commands.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { reportAppAnr, reportAppCrash, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { waitFor } from './reliability-helpers.ts';
import { isolatedEnv, MAIN, runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

describe('device toolbox on the command line', () => {
  let lab: Lab;
  let sim: SimDevice;
  let dir: string;
  const svc = (...args: string[]) => runCliJson([...args, '--device', sim.serial], { env: lab.env, cwd: dir });
  before(async () => {
    lab = await createLab({ devices: [{}] });
    sim = lab.devices[0] as SimDevice;
    dir = await mkdtemp(join(tmpdir(), 'svc-toolbox-'));
  });
  after(async () => {
    await lab?.close();
  });

  test('foreground names the app and activity in front', async () => {
    assert.equal((await svc('open', SETTINGS)).code, 0);
    const run = await svc('foreground');
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.package, SETTINGS);
    assert.match(run.json.activity, /^com\.android\.settings\./);
    assert.equal(run.json.locked, false);
    assert.equal(run.json.deviceId, sim.serial);
  });

  test('screen reports size, density and orientation; rotate turns the screen and back', async () => {
    const screen = await svc('screen');
    assert.deepEqual(
      [screen.json.width, screen.json.height, screen.json.density, screen.json.orientation],
      [1080, 2400, 420, 'portrait'],
    );
    const rotated = await svc('rotate', 'landscape');
    assert.equal(rotated.code, 0, rotated.stdout);
    assert.deepEqual([rotated.json.width, rotated.json.height, rotated.json.rotation], [2400, 1080, 1]);
    assert.equal(sim.device.settings.system.get('user_rotation'), '1');
    assert.equal(sim.device.settings.system.get('accelerometer_rotation'), '0');
    assert.equal((await svc('rotate', 'portrait')).json.orientation, 'portrait');
    const bad = await svc('rotate', 'sideways');
    assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(bad.json.details.path, 'orientation');
  });

  test('apps lists launchable apps; --all adds every package and says which are launchable', async () => {
    const launchable = await svc('apps');
    const settings = launchable.json.apps.find((a: { package: string }) => a.package === SETTINGS);
    assert.match(settings.activity, /^com\.android\.settings\./);
    const all = await svc('apps', '--all');
    assert.ok(all.json.count > launchable.json.count);
    assert.ok(all.json.apps.some((a: { launchable: boolean }) => a.launchable === false));
  });

  test('install pushes an APK and installs it; uninstall removes it; each failure has its code', async () => {
    const apk = join(dir, 'demo.apk');
    const manifest = { svcSimApk: 1, package: 'com.example.demo', versionName: '1.0', versionCode: 1 };
    await writeFile(apk, `${JSON.stringify({ ...manifest, launcherActivity: '.Main' })}\n${'x'.repeat(200_000)}`);
    const installed = await svc('install', 'demo.apk');
    assert.equal(installed.code, 0, installed.stdout);
    assert.equal(installed.json.apk, apk);
    assert.ok(sim.device.packages.has('com.example.demo'));
    assert.ok(![...sim.device.files.keys()].some((f) => f.includes('svc-install')), 'the pushed copy is removed');
    assert.equal((await svc('uninstall', 'com.example.demo')).json.uninstalled, true);
    assert.equal((await svc('uninstall', 'com.example.demo')).json.code, 'APP_NOT_INSTALLED');
    assert.equal((await svc('uninstall', 'com.android.settings')).json.code, 'UNINSTALL_FAILED');
    assert.equal((await svc('install', 'missing.apk')).json.code, 'APK_NOT_FOUND');
    const refused = join(dir, 'refused.apk');
    await writeFile(refused, `${JSON.stringify({ ...manifest, fail: 'INSTALL_FAILED_INSUFFICIENT_STORAGE' })}\n`);
    const failed = await svc('install', refused);
    assert.equal(failed.json.code, 'INSTALL_FAILED');
    assert.equal(failed.json.details.reason, 'INSTALL_FAILED_INSUFFICIENT_STORAGE');
  });

  test('install shows its progress on a terminal (stderr), stdout keeps the JSON; none without a terminal', async () => {
    const apk = join(dir, 'big.apk');
    const manifest = { svcSimApk: 1, package: 'com.example.big', versionName: '1.0', versionCode: 1 };
    await writeFile(apk, `${JSON.stringify(manifest)}\n${'x'.repeat(3_000_000)}`);
    const quote = (value: string) => `'${value.replaceAll("'", `'"'"'`)}'`;
    const command = [process.execPath, MAIN, 'install', apk, '--device', sim.serial].map(quote).join(' ');
    const output = await new Promise<string>((resolve, reject) => {
      // `script` runs the CLI on a pseudo-terminal, so stderr.isTTY is true as in an interactive shell.
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: isolatedEnv(lab.env),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    // Each line redraws the last one (carriage return, erase line).
    assert.match(output, /\r\x1b\[Kpushing \d+% \(\d\.\d of 3\.0 MB\)/);
    assert.match(output, /pushing 100% \(3\.0 of 3\.0 MB\)/);
    assert.match(output, /installing\r?\n/);
    assert.match(output, /"installed": true/);
    const piped = await svc('install', apk);
    assert.equal(piped.json.installed, true);
    assert.doesNotMatch(piped.stderr, /pushing/, 'no progress when stderr is not a terminal');
    await svc('uninstall', 'com.example.big');
  });

  test('logs keeps the lines of the app, filtered by level and text, newest last and bounded', async () => {
    await svc('open', SETTINGS);
    const pid = Number((await lab.adb('-s', sim.serial, 'shell', 'pidof', SETTINGS)).stdout.trim());
    for (const [priority, message] of [
      ['I', 'hello one'],
      ['W', 'hello two'],
      ['E', 'other three'],
    ] as const) {
      sim.device.log.write({ pid, tid: pid, priority, tag: 'SettingsTest', message });
    }
    sim.device.log.write({ pid: 1, tid: 1, priority: 'W', tag: 'Elsewhere', message: 'hello not mine' });
    const run = await svc('logs', '--package', SETTINGS, '--grep', 'HELLO', '--since', '10m');
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(
      run.json.lines.map((l: string) => l.replace(/^\S+ /, '')),
      [`${pid} I SettingsTest: hello one`, `${pid} W SettingsTest: hello two`],
    );
    const warnings = await svc('logs', '--package', SETTINGS, '--level', 'W', '--max-lines', '1');
    assert.deepEqual(
      warnings.json.lines.map((l: string) => l.replace(/^\S+ /, '')),
      [`${pid} E SettingsTest: other three`],
    );
    assert.equal(warnings.json.truncated, true);
    assert.equal((await svc('logs', '--package', 'com.example.notrunning')).json.running, false);
    const bad = await svc('logs', '--since', 'yesterday');
    assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
    // Said in the command's terms (the flag), as an action's flags are; the param is its executionPath.
    assert.equal(bad.json.details.path, '--since');
    assert.equal(bad.json.details.executionPath, 'since');
  });

  test('crashes lists a crash once (crash buffer and dropbox) and an ANR; crash gives one in full', async () => {
    reportAppCrash(sim.device, {
      package: 'com.example.crashy',
      exception: 'java.lang.IllegalStateException: boom',
      frames: ['com.example.crashy.Main.onClick(Main.java:7)'],
    });
    reportAppAnr(sim.device, { package: 'com.example.slow' });
    const list = await svc('crashes');
    assert.equal(list.code, 0, list.stdout);
    const kinds = list.json.crashes.map((c: { kind: string; package: string }) => `${c.kind} ${c.package}`);
    assert.deepEqual(kinds.sort(), ['anr com.example.slow', 'crash com.example.crashy']);
    const crash = list.json.crashes.find((c: { kind: string }) => c.kind === 'crash');
    assert.equal(crash.summary, 'java.lang.IllegalStateException: boom');
    const full = await svc('crash', crash.id);
    assert.match(full.json.text, /\tat com\.example\.crashy\.Main\.onClick\(Main\.java:7\)/);
    // Blanks a caller leaves around an id or a time are no part of it.
    assert.equal((await svc('crash', ` ${crash.id} `)).json.id, crash.id);
    assert.equal((await svc('crashes', '--package', 'com.example.slow')).json.count, 1);
    assert.equal((await svc('crashes', '--package', 'com.example.slow', '--since', ' 1h ')).json.count, 1);
    const unknown = await svc('crash', 'data_app_crash@1');
    assert.equal(unknown.json.code, 'CRASH_NOT_FOUND');
  });

  test('the clipboard is refused on a stock build and round-trips where the build allows it', async () => {
    const refused = await svc('clipboard', 'get');
    assert.equal(refused.json.code, 'CLIPBOARD_UNAVAILABLE');
    sim.device.props.set('svc.sim.clipboard_shell', '1');
    try {
      assert.equal((await svc('clipboard', 'set', "it's a test")).code, 0);
      assert.equal((await svc('clipboard', 'get')).json.text, "it's a test");
    } finally {
      sim.device.props.delete('svc.sim.clipboard_shell');
    }
  });

  test('location sets an emulator GPS fix and refuses a device that is not an emulator', async () => {
    assert.equal((await svc('location', '35.6', '139.7')).json.code, 'LOCATION_UNSUPPORTED');
    await withDevice(lab, { emulator: true }, async (emulator) => {
      const run = await runCliJson(['location', '35.6', '139.7', '--device', emulator.serial], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      const shown = await lab.adb('-s', emulator.serial, 'shell', 'dumpsys', 'location');
      assert.match(shown.stdout, /gps: Location\[gps 35\.600000,139\.700000 /);
    });
    const bad = await svc('location', '95', '0');
    assert.equal(bad.json.details.path, 'latitude');
  });

  test('record start, stop and pull give a finished MP4 on this computer; each misuse has its code', async () => {
    const started = await svc('record', 'start', '--time-limit-s', '30');
    assert.equal(started.code, 0, started.stdout);
    assert.equal((await svc('record', 'start')).json.code, 'RECORDING_IN_PROGRESS');
    assert.equal((await svc('record', 'pull')).json.code, 'RECORDING_IN_PROGRESS');
    const stopped = await svc('record', 'stop');
    assert.equal(stopped.json.recordingId, started.json.recordingId);
    const pulled = await svc('record', 'pull', '--out', 'clip.mp4');
    assert.equal(pulled.code, 0, pulled.stdout);
    const bytes = readFileSync(join(dir, 'clip.mp4'));
    assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp');
    assert.ok(bytes.includes(Buffer.from('moov')), 'the file was finished (moov box written on SIGINT)');
    assert.equal(existsSync(join(dir, 'clip.mp4')), true);
    assert.equal(statSync(join(dir, 'clip.mp4')).mode & 0o777, 0o600, 'private, as a screenshot: it shows the screen');
    assert.equal((await svc('record', 'pull', started.json.recordingId)).json.code, 'RECORDING_NOT_FOUND');
    assert.equal((await svc('record', 'stop')).json.code, 'RECORDING_NOT_IN_PROGRESS');
  });

  // Android 5 has neither `pidof` (API 23) nor `killall` (API 24), Android 6 no `killall`: the recording tools and the
  // app filter of logs find processes with `ps` there and signal them by pid (AOSP system/core
  // shell_and_utilities/README.md lists which toolbox/toybox command came with which release).
  for (const apiLevel of [21, 23]) {
    test(`on API ${apiLevel} a recording stops with its file finished, and logs finds the app's process`, async () => {
      await withDevice(lab, { operator: false, apiLevel }, async (old) => {
        const on = (...args: string[]) => runCliJson([...args, '--device', old.serial], { env: lab.env, cwd: dir });
        const started = await on('record', 'start', '--time-limit-s', '30');
        assert.equal(started.code, 0, started.stdout);
        const stopped = await on('record', 'stop');
        assert.equal(stopped.code, 0, stopped.stdout);
        const running = await lab.adb('-s', old.serial, 'shell', 'ps');
        assert.doesNotMatch(running.stdout, /screenrecord/, 'screenrecord is gone after the stop');
        const pulled = await on('record', 'pull', '--out', `clip-${apiLevel}.mp4`);
        assert.equal(pulled.code, 0, pulled.stdout);
        assert.ok(readFileSync(join(dir, `clip-${apiLevel}.mp4`)).includes(Buffer.from('moov')), 'file finished');
        assert.equal((await on('open', SETTINGS)).code, 0);
        const logs = await on('logs', '--package', SETTINGS);
        assert.equal(logs.code, 0, logs.stdout);
        assert.equal(logs.json.running, true);
        assert.equal(logs.json.pids.length, 1);
        // Its logcat knows no `-v epoch` (Android 7.0 brought it): the lines are read in threadtime, timed by the
        // device's clock, and since is applied to them.
        await lab.adb('-s', old.serial, 'shell', 'log', '-t', 'SvcOld', `written on API ${apiLevel}`);
        const written = await on('logs', '--grep', `written on API ${apiLevel}`, '--since', '10m');
        assert.equal(written.code, 0, written.stdout);
        assert.equal(written.json.count, 1, written.stdout);
        const [, time] = /^(\S+) \d+ I SvcOld: written on API \d+$/.exec(written.json.lines[0]) ?? [];
        assert.ok(Math.abs(Date.parse(time ?? '') - Date.now()) < 120_000, `${time} is now`);
        const later = new Date(Date.now() + 3_600_000).toISOString();
        assert.equal((await on('logs', '--grep', `written on API ${apiLevel}`, '--since', later)).json.count, 0);
      });
    });
  }

  test('a locking tool refuses a device busy with an execution (EXECUTION_CONFLICT_IN_FLIGHT), or waits with --wait-device-ms', async () => {
    const busy = svc('sleep', '6000');
    // Until the execution holds the device's lock (its file exists while held), however slow the machine.
    const locks = join(lab.home, '.svc', 'locks');
    await waitFor('the execution to hold the device', () =>
      existsSync(locks) ? readdirSync(locks).some((name) => name.endsWith('.lock')) : false,
    );
    const tap = await svc('rotate', 'portrait');
    assert.equal(tap.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    assert.equal((await svc('foreground')).code, 0, 'a reading tool does not wait for the lock');
    // With --wait-device-ms it runs once the execution ends, as an execution command does.
    const waited = await svc('rotate', 'portrait', '--wait-device-ms', '60000');
    assert.equal(waited.code, 0, waited.stdout);
    assert.equal((await busy).code, 0);
  });
});

describe('installs and the driver auto picks', () => {
  let lab: Lab;
  let sim: SimDevice;
  const svc = (...args: string[]) => runCliJson([...args, '--device', sim.serial], { env: lab.env });
  before(async () => {
    lab = await createLab({ devices: [{}] });
    sim = lab.devices[0] as SimDevice;
  });
  after(async () => {
    await runCliJson(['daemon', 'stop', '--device', sim.serial], { env: lab.env }).catch(() => undefined);
    await lab?.close();
  });

  test('after svc uninstall removes the operator app, the device daemon picks the adb driver for the next execution', async () => {
    const before = await svc('sleep', '10');
    assert.equal(before.json.driver, 'operator', before.stdout);
    assert.equal((await svc('uninstall', 'com.svc.operator')).code, 0);
    const next = await svc('sleep', '10');
    assert.equal(next.code, 0, next.stdout);
    assert.equal(next.json.driver, 'adb');
  });
});
