// The `svc-sim` command: `start -n 2` puts two devices on this suite's adb server, and the control commands of a
// second invocation (list, set-state, latency, fault, disconnect, stop) change them as real adb then sees.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DeviceSummary } from '../src/cli/control-server.ts';
import { readRunRecords } from '../src/cli/registry.ts';
import { FAULT_NAMES } from '../src/faults.ts';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { eventually } from './helpers.ts';
import { execute } from './operator-adb-helpers.ts';

const BIN = join(import.meta.dirname, '..', 'bin', 'svc-sim.js');

describe('the svc-sim command', () => {
  let lab: Lab;
  let simHome: string;
  let server: ChildProcess | undefined;
  let output = '';
  let env: NodeJS.ProcessEnv;

  const svcSim = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  const list = async () => JSON.parse((await svcSim('list', '--json')).stdout) as DeviceSummary[];

  before(async () => {
    lab = await createLab();
    simHome = await mkdtemp(join(tmpdir(), 'svc-sim-cli-'));
    env = { ...process.env, ...lab.env, SVC_SIM_HOME: simHome };
    server = spawn(
      process.execPath,
      [BIN, 'start', '-n', '2', '--model', 'Cli Phone', '--adb-port', `${lab.adbPort}`],
      {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    server.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    await eventually(() => output.includes('control: http://127.0.0.1:'), 'svc-sim start to be ready');
  });
  after(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await lab?.close();
    await rm(simHome, { recursive: true, force: true, maxRetries: 5 });
  });

  it('starts N devices that adb lists and drives, and lists them with their state', async () => {
    const devices = await list();
    assert.deepEqual(
      devices.map((d) => [d.model, d.state, d.latencyMs]),
      [
        ['Cli Phone 1', 'device', 0],
        ['Cli Phone 2', 'device', 0],
      ],
    );
    for (const d of devices) {
      assert.match(output, new RegExp(`connected to ${d.serial.replaceAll('.', '\\.')}`));
      await lab.waitForState(d.serial, 'device');
      const model = await lab.adb('-s', d.serial, 'shell', 'getprop ro.product.model');
      assert.equal(model.stdout, `${d.model}\n`);
    }
  });

  it('answers its control HTTP only with the run token, never a web page or a rebound host name', async () => {
    const [record] = readRunRecords(env);
    assert.ok(record);
    const url = new URL('/devices', record.controlUrl);
    const get = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(url, { headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const bearer = `Bearer ${record.token}`;
    assert.equal(await get({ authorization: bearer }), 200);
    assert.equal(await get({}), 401);
    assert.equal(await get({ authorization: 'Bearer wrong' }), 401);
    assert.equal(await get({ authorization: bearer, origin: 'http://evil.example' }), 403);
    assert.equal(await get({ authorization: bearer, host: `evil.example:${url.port}` }), 403);
    assert.equal((await list()).length, 2, 'the svc-sim client sends the token itself');
  });

  it('set-state switches to unauthorized, a boot mode and back; --accept-after taps Allow later', async () => {
    const [first] = await list();
    const serial = first!.serial;
    assert.equal((await svcSim('set-state', serial, 'unauthorized')).code, 0);
    await lab.waitForState(serial, 'unauthorized');
    assert.equal((await svcSim('set-state', serial, 'device')).code, 0);
    await lab.waitForState(serial, 'device');
    // Allow is tapped 4 s after adb offers its key: the window in which this poll must see `unauthorized` (1.5 s was
    // shorter than adb's reconnect on a loaded machine, so the device went from device to device unseen).
    assert.equal((await svcSim('set-state', serial, 'unauthorized', '--accept-after', '4000')).code, 0);
    await lab.waitForState(serial, 'unauthorized');
    await lab.waitForState(serial, 'device');
    assert.equal((await lab.adb('-s', serial, 'shell', 'exit 4')).code, 4);
    // A boot mode: the device answers the handshake as `recovery::…`, which adb lists as recovery (adb.cpp
    // parse_banner), and comes back as a device.
    assert.equal((await svcSim('set-state', serial, 'recovery')).code, 0);
    await lab.waitForState(serial, 'recovery');
    assert.equal((await svcSim('set-state', serial, 'device')).code, 0);
    await lab.waitForState(serial, 'device');
    const bad = await svcSim('set-state', serial, 'sleepy');
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /state must be one of device, unauthorized, offline, recovery, sideload, bootloader, rescue/,
    );
  });

  it('set-state offline makes adb see the device offline', async () => {
    const [, second] = await list();
    assert.equal((await svcSim('set-state', second!.serial, 'offline')).code, 0);
    await lab.waitForState(second!.serial, 'offline');
    assert.equal((await svcSim('set-state', second!.serial, 'device')).code, 0);
    await lab.waitForState(second!.serial, 'device');
  });

  it('latency adds to every shell command and shows in the list', async () => {
    const [first] = await list();
    assert.equal((await svcSim('latency', first!.serial, '300')).code, 0);
    assert.equal((await list())[0]!.latencyMs, 300);
    const started = Date.now();
    assert.equal((await lab.adb('-s', first!.serial, 'shell', 'true')).code, 0);
    assert.ok(Date.now() - started >= 300, 'the command waited for the injected latency');
    assert.equal((await svcSim('latency', first!.serial, '0')).code, 0);
  });

  it('fault switches any fault on (a dropped envelope is really dropped) and --clear switches them off', async () => {
    const [first] = await list();
    const sim = { serial: first!.serial } as SimDevice;
    assert.equal((await svcSim('fault', sim.serial, 'delay_envelope', '50')).code, 0);
    assert.equal((await svcSim('fault', sim.serial, 'drop_next_envelope')).code, 0);
    assert.deepEqual((await list())[0]!.faults, { delay_envelope: 50, drop_next_envelope: true });
    const sleep0 = [{ id: 's', type: 'sleep', params: { durationMs: 0 } }];
    assert.equal((await execute(lab, sim, sleep0, { waitMs: 1500 })).envelope, undefined);
    assert.equal((await execute(lab, sim, sleep0)).envelope?.status, 'success');
    assert.equal((await svcSim('fault', sim.serial, '--clear')).code, 0);
    assert.deepEqual((await list())[0]!.faults, {});
    const switched = await Promise.all(FAULT_NAMES.map((name) => svcSim('fault', sim.serial, name)));
    assert.deepEqual(
      switched.map((r) => r.code),
      FAULT_NAMES.map(() => 0),
    );
    assert.deepEqual(Object.keys((await list())[0]!.faults).sort(), [...FAULT_NAMES].sort());
    assert.equal((await svcSim('fault', sim.serial, '--clear')).code, 0);
    const unknown = await svcSim('fault', sim.serial, 'no_such_fault');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown fault no_such_fault/);
  });

  it('a dump fault switched on by svc-sim fault makes the next uiautomator dump fail as a phone does', async () => {
    const [first] = await list();
    assert.equal((await svcSim('fault', first!.serial, 'dump_killed', '1')).code, 0);
    const killed = await lab.adb('-s', first!.serial, 'shell', 'uiautomator dump /data/local/tmp/d.xml');
    assert.deepEqual([killed.code, killed.stderr], [137, 'Killed\n']);
    const next = await lab.adb('-s', first!.serial, 'shell', 'uiautomator dump /data/local/tmp/d.xml');
    assert.deepEqual([next.code, next.stdout], [0, 'UI hierchary dumped to: /data/local/tmp/d.xml\n']);
  });

  it('inputs prints the input events the device received as JSON lines (where a tap landed), and --clear empties them', async () => {
    const [first] = await list();
    await svcSim('inputs', first!.serial, '--clear');
    await lab.adb('-s', first!.serial, 'shell', 'am start -n com.svc.notes/.MainActivity');
    await lab.adb('-s', first!.serial, 'shell', "input tap 200 728; input keyevent 4; input text 'hi%sthere'");
    // A refused injection is not received: no event (Genymobile/scrcpy#1865: nothing is injected).
    assert.equal((await svcSim('fault', first!.serial, 'input_inject_denied', '1')).code, 0);
    const denied = await lab.adb('-s', first!.serial, 'shell', 'input swipe 1 2 3 4');
    assert.match(denied.stderr, /INJECT_EVENTS permission/);
    const printed = await svcSim('inputs', first!.serial);
    assert.equal(printed.code, 0, printed.stderr);
    const events = printed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      events.map(({ time, ...event }) => {
        assert.equal(typeof time, 'number');
        return event;
      }),
      [
        {
          kind: 'tap',
          x: 200,
          y: 728,
          node: {
            resourceId: 'com.svc.notes:id/archive_row',
            text: '',
            contentDesc: '',
            className: 'android.widget.LinearLayout',
            bounds: events[0].node.bounds,
          },
        },
        { kind: 'keyevent', code: '4' },
        { kind: 'text', text: 'hi there' },
      ],
    );
    assert.equal((await svcSim('inputs', first!.serial, '--clear')).stdout.trim().split('\n').length, 3);
    assert.equal((await svcSim('inputs', first!.serial)).stdout, '');
  });

  it('screen shows a uiautomator dump captured on a real phone: dumped as it is, taps land on its nodes, --clear ends it', async () => {
    const [, second] = await list();
    const serial = second!.serial;
    const node = (attrs: string, inner = '') =>
      `<node index="0" text="" ${attrs} checkable="false" checked="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false"${inner ? `>${inner}</node>` : ' />'}`;
    const dump =
      "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" +
      node(
        'resource-id="" class="android.widget.FrameLayout" package="com.real.app" content-desc="" clickable="false" bounds="[0,0][720,1280]"',
        node(
          'resource-id="com.real.app:id/ok" class="android.widget.Button" package="com.real.app" content-desc="Ok" clickable="true" bounds="[100,200][300,260]"',
        ),
      ) +
      '</hierarchy>';
    const file = join(simHome, 'captured.xml');
    // Captured with `adb exec-out uiautomator dump /dev/tty`: the status line is glued on; the device prints its own.
    await writeFile(file, `${dump}UI hierchary dumped to: /dev/tty\n`);
    const shown = await svcSim('screen', serial, file);
    assert.equal(shown.code, 0, shown.stderr);
    const dumped = await lab.adb('-s', serial, 'exec-out', 'uiautomator dump /dev/tty');
    assert.equal(dumped.stdout, `${dump}UI hierchary dumped to: /dev/tty\n`);
    assert.equal((await lab.adb('-s', serial, 'shell', 'wm size')).stdout, 'Physical size: 720x1280\n');
    await svcSim('inputs', serial, '--clear');
    await lab.adb('-s', serial, 'shell', 'input tap 150 230');
    const [tap] = (await svcSim('inputs', serial)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(tap.node, {
      resourceId: 'com.real.app:id/ok',
      text: '',
      contentDesc: 'Ok',
      className: 'android.widget.Button',
      bounds: '[100,200][300,260]',
    });

    await writeFile(file, 'not a dump');
    const refused = await svcSim('screen', serial, file);
    assert.deepEqual(
      [refused.code, refused.stderr],
      [1, 'svc-sim: not a uiautomator dump: no <hierarchy> … </hierarchy>\n'],
    );
    assert.equal((await svcSim('screen', serial, '--clear')).code, 0);
    const apps = await lab.adb('-s', serial, 'exec-out', 'uiautomator dump /dev/tty');
    assert.doesNotMatch(apps.stdout, /com\.real\.app/);
    assert.equal((await lab.adb('-s', serial, 'shell', 'wm size')).stdout, 'Physical size: 1080x2400\n');
  });

  it('commands prints the shell commands (argv as the shell ran them) and broadcasts the device received, and --clear empties them', async () => {
    const [first] = await list();
    await svcSim('commands', first!.serial, '--clear');
    await lab.adb(
      '-s',
      first!.serial,
      'shell',
      "am broadcast -a 'x.Y' --es 'k' 'a b' -p com.android.settings; echo done",
    );
    const printed = await svcSim('commands', first!.serial);
    assert.equal(printed.code, 0, printed.stderr);
    const entries = printed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      entries.map(({ time, ...entry }) => {
        assert.equal(typeof time, 'number');
        return entry;
      }),
      [
        {
          kind: 'shell',
          line: "am broadcast -a 'x.Y' --es 'k' 'a b' -p com.android.settings; echo done",
          argv: [
            ['am', 'broadcast', '-a', 'x.Y', '--es', 'k', 'a b', '-p', 'com.android.settings'],
            ['echo', 'done'],
          ],
        },
        { kind: 'broadcast', action: 'x.Y', package: 'com.android.settings', extras: { k: 'a b' }, receivers: 0 },
      ],
    );
    assert.equal((await svcSim('commands', first!.serial, '--clear')).stdout.trim().split('\n').length, 2);
    assert.equal((await svcSim('commands', first!.serial)).stdout, '');
  });

  it('start --operator clawperator --operator-version installs that build of the published operator', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'start', '--operator', 'clawperator', '--operator-version', '0.6.1', '--adb-port', `${lab.adbPort}`],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
    });
    try {
      await eventually(() => out.includes('control: http://127.0.0.1:'), 'the second svc-sim start');
      const serial = /connected to (\S+)/.exec(out)![1]!;
      await lab.waitForState(serial, 'device');
      const dumpsys = await lab.adb('-s', serial, 'shell', 'dumpsys package com.clawperator.operator');
      assert.match(dumpsys.stdout, /versionCode=601900\b/);
      assert.match(dumpsys.stdout, /versionName=0\.6\.1\n/);
      const bad = await svcSim('start', '--operator', 'acme');
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--operator svc\|clawperator/);
      assert.match(bad.stderr, /^svc-sim start: --operator must be svc or clawperator \(got acme\)/);
      // Each bad value is named, not only the usage printed (an API level that is no number was taken as 35).
      const numbers = await svcSim('start', '--api-level', 'x', '--count', 'abc');
      assert.equal(numbers.code, 2);
      assert.match(numbers.stderr, /--count must be a whole number of 1 or more \(got abc\)/);
      assert.match(numbers.stderr, /--api-level must be a whole number, such as 35 \(got x\)/);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('notify posts a notification that dumpsys notification prints, as the phone would, and the shade shows', async () => {
    const [first] = await list();
    const serial = first!.serial;
    const usage = await svcSim('notify', serial, '--title', 'No app');
    assert.equal(usage.code, 1);
    assert.match(usage.stderr, /usage: svc-sim notify <serial> --app <pkg>/);
    const posted = await svcSim(
      'notify',
      serial,
      ...['--app', 'com.svc.login', '--title', 'Login', '--text', 'Your code is 482913', '--category', 'msg'],
      ...['--action', 'Copy', '--reply-action', 'Reply'],
    );
    assert.equal(posted.code, 0, posted.stderr);
    // Android 15 (the default level): the Notification nested under notification=, text shown with --noredact.
    const dump = (await lab.adb('-s', serial, 'shell', 'dumpsys', 'notification', '--noredact')).stdout;
    assert.match(
      dump,
      /^ {4}NotificationRecord\(0x[0-9a-f]{8}: pkg=com\.svc\.login user=UserHandle\{0\} id=\d+ tag=null importance=4 key=0\|com\.svc\.login\|/m,
    );
    assert.match(dump, /^ {6}notification=\n {12}fullscreenIntent=null/m);
    assert.match(dump, /^ {16}android\.text=String \(Your code is 482913\)$/m);
    assert.match(dump, /^ {16}\[1\] "Reply" -> PendingIntent\{/m);
    assert.match(dump, / category=msg actions=2 /);
    const redacted = (await lab.adb('-s', serial, 'shell', 'dumpsys', 'notification')).stdout;
    assert.match(redacted, /android\.text=String \[length=19\]/);
    assert.doesNotMatch(redacted, /482913/);
    await lab.adb('-s', serial, 'shell', 'cmd', 'statusbar', 'expand-notifications');
    assert.match(
      (await lab.adb('-s', serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty')).stdout,
      /Your code is 482913/,
    );
    await lab.adb('-s', serial, 'shell', 'cmd', 'statusbar', 'collapse');
  });

  it('disconnect drops the transport and adb connects again', async () => {
    const [first] = await list();
    assert.equal((await svcSim('disconnect', first!.serial)).code, 0);
    await eventually(async () => (await lab.adb('-s', first!.serial, 'shell', 'true')).code === 0, 'a reconnect');
  });

  it('stop <serial> stops one device; stop stops the rest and the start process exits', async () => {
    const [first, second] = await list();
    assert.equal((await svcSim('stop', first!.serial)).code, 0);
    assert.deepEqual(
      (await list()).map((d) => d.serial),
      [second!.serial],
    );
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    assert.equal((await svcSim('stop')).code, 0);
    assert.equal(await exited, 0);
    assert.deepEqual(await list(), []);
  });
});
