// `adb shell log -t TAG message` writes one entry as the shell (uid 2000) under a pid of its own, and `logcat -v uid`
// prints the writer's uid the way liblog's logprint.cpp does (name when at most 5 characters, else the number; in
// threadtime the colon becomes a space). The operator app writes under its own package uid and the pid `pidof`
// reports. These are the facts the host uses to tell the operator's lines from forged ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLab, type Lab } from '../src/testing/lab.ts';

describe('the device log command and logcat -v uid', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  it('writes a line as the shell with `log -t`, which logcat -v uid shows under uid shell', async () => {
    const serial = lab.devices[0]?.serial as string;
    // adb joins its arguments into one command line for the device's sh, so the message is quoted for it.
    const wrote = await lab.adb('-s', serial, 'shell', `log -t SvcOperator '[svc-Result] {"x":1}'`);
    assert.equal(wrote.code, 0, wrote.stderr);
    const out = await lab.adb(
      '-s',
      serial,
      'logcat',
      '-d',
      '-v',
      'epoch',
      '-v',
      'usec',
      '-v',
      'uid',
      '-s',
      'SvcOperator',
    );
    const line = out.stdout.split('\n').find((l) => l.includes('[svc-Result] {"x":1}'));
    assert.ok(line, out.stdout);
    // `<sec>.<usec> shell <pid> <tid> I SvcOperator: ...`
    assert.match(line, /^\s*\d+\.\d{6} shell \d+ +\d+ I SvcOperator: \[svc-Result\] \{"x":1\}$/);
  });

  it('prints distinct -v usec times for entries written within one millisecond, and -T replays from that one', async () => {
    const sim = lab.devices[0];
    assert.ok(sim);
    const now = Date.now();
    for (let i = 0; i < 50; i++) {
      sim.device.log.write({ pid: 1, tid: 1, priority: 'I', tag: 'Burst', message: `b${i}`, epochMs: now });
    }
    const out = await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'epoch', '-v', 'usec', '-s', 'Burst');
    const times = out.stdout
      .split('\n')
      .filter((l) => l.includes('Burst'))
      .map((l) => l.trim().split(/\s+/)[0]);
    assert.equal(times.length, 50);
    assert.equal(new Set(times).size, 50, 'one microsecond apart at least');
    const from = await lab.adb(
      '-s',
      sim.serial,
      'logcat',
      '-d',
      '-v',
      'epoch',
      '-v',
      'usec',
      '-T',
      times[30] as string,
      '-s',
      'Burst',
    );
    assert.equal(
      from.stdout
        .split('\n')
        .filter((l) => l.includes('Burst'))[0]
        ?.trim()
        .split(/\s+/)[0],
      times[30],
    );
    assert.equal(from.stdout.split('\n').filter((l) => l.includes('Burst')).length, 20);
  });

  it('refuses a bad priority and a missing message like toybox', async () => {
    const serial = lab.devices[0]?.serial as string;
    const bad = await lab.adb('-s', serial, 'shell', 'log', '-p', 'x', 'hello');
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr + bad.stdout, /bad -p 'x'/);
    const none = await lab.adb('-s', serial, 'shell', 'log', '-t', 'T');
    assert.notEqual(none.code, 0);
  });

  it("writes the operator's lines under its package uid and the pid pidof reports", async () => {
    const sim = lab.devices[0];
    assert.ok(sim);
    const uidLine = await lab.adb('-s', sim.serial, 'shell', 'pm', 'list', 'packages', '-U', 'com.svc.operator');
    const uid = /^package:com\.svc\.operator uid:(\d+)$/m.exec(uidLine.stdout)?.[1];
    assert.ok(uid, uidLine.stdout);
    const payload = JSON.stringify({
      commandId: 'c-uid',
      taskId: 'c-uid',
      source: 't',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 'a', type: 'sleep', params: { durationMs: 0 } }],
    });
    const sent = await lab.adb(
      '-s',
      sim.serial,
      'shell',
      `am broadcast -a app.svc.operator.ACTION_AGENT_COMMAND -p com.svc.operator --es payload '${payload}'`,
    );
    assert.equal(sent.code, 0, sent.stderr);
    let line: string | undefined;
    for (let i = 0; i < 100 && line === undefined; i++) {
      // No tag filter: the app logs under class-derived tags (action/log/Log.kt @ v0.5.2).
      const out = await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'uid');
      line = out.stdout.split('\n').find((l) => l.includes('[svc-Result] {"commandId":"c-uid"'));
      if (line === undefined) await sleep(50);
    }
    assert.ok(line);
    const columns = /^\S+ \S+\s+(\d+)\s+(\d+)\s+\d+ I/.exec(line);
    assert.equal(columns?.[1], uid, line);
    const pidof = await lab.adb('-s', sim.serial, 'shell', 'pidof', 'com.svc.operator');
    if (pidof.code === 0) assert.equal(columns?.[2], pidof.stdout.trim());
  });
});
