// Every way `uiautomator dump` fails on a real phone, met by the adb driver through real adb on a simulated stock
// phone whose dump fails with the device's exact text (svc-sim's dump faults: ERROR: null root node returned by
// UiTestAutomationBridge. / ERROR: could not get idle state. / an empty crash / ...already registered! / Killed /
// the success line without XML; sources in packages/sim/src/faults/dump-faults.ts). The failures that pass are
// retried within the step's time, the others are named at once, a stale dump file is never read, and dumps of one
// device never overlap.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { DeviceShell } from '../src/device-shell/device-shell.ts';
import { DUMP_FILE, dumpWindow } from '../src/device-shell/dump.ts';
import { dumpsIn, NOTES, runAdb, step } from './adb-driver-helpers.ts';
import { labContext } from './executions-helpers.ts';

const snapshot = [{ id: 'snap', type: 'snapshot_ui' }];

describe('the adb driver meets every dump failure', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }, { operator: false, timing: 'phone' }] });
  });
  after(() => lab?.close());
  const faults = () => lab.devices[0]!.faults;

  test('a null root once is retried: the snapshot succeeds with a second dump', async () => {
    faults().set('dump_null_root', 1);
    const run = await runAdb(lab, 0, snapshot);
    assert.equal(step(run, 'snap').success, true, JSON.stringify(run.steps));
    assert.equal(dumpsIn(run.commands).length, 2);
  });

  for (const [fault, code, meaning] of [
    ['dump_null_root', 'UI_DUMP_NULL_ROOT', /no accessibility root/],
    ['dump_crash', 'UI_DUMP_CRASHED', /crashed walking the tree/],
    ['dump_killed', 'UI_DUMP_KILLED', /killed/],
    ['dump_no_xml', 'UI_DUMP_EMPTY', /wrote no XML/],
  ] as const) {
    test(`${fault} that persists: retried until the time is up, then the step fails with ${code}`, async () => {
      faults().set(fault);
      try {
        const run = await runAdb(lab, 0, snapshot, { timeoutMs: 2000 });
        const snap = step(run, 'snap');
        assert.equal(snap.success, false);
        assert.equal(snap.data.error, code);
        assert.match(snap.data.message ?? '', meaning);
        assert.ok(dumpsIn(run.commands).length > 1, 'it tried again');
      } finally {
        faults().clear(fault);
      }
    });
  }

  test('another UiAutomation client: UI_AUTOMATION_IN_USE at once, without retrying, saying what to stop', async () => {
    faults().set('dump_already_registered');
    try {
      const run = await runAdb(lab, 0, snapshot);
      assert.equal(step(run, 'snap').data.error, 'UI_AUTOMATION_IN_USE');
      assert.match(step(run, 'snap').data.message ?? '', /Appium or uiautomator2 server/);
      assert.equal(dumpsIn(run.commands).length, 1);
    } finally {
      faults().clear('dump_already_registered');
    }
  });

  test('a screen that never goes idle: UI_DUMP_NOT_IDLE', async () => {
    faults().set('dump_not_idle', 400);
    try {
      const run = await runAdb(lab, 0, snapshot, { timeoutMs: 1500 });
      assert.equal(step(run, 'snap').data.error, 'UI_DUMP_NOT_IDLE');
    } finally {
      faults().clear('dump_not_idle');
    }
  });

  test('a stale dump file from an earlier dump is never read as this one', async () => {
    const stale = `<?xml version='1.0' ?><hierarchy rotation="0"><node text="STALE" bounds="[0,0][10,10]" /></hierarchy>`;
    await lab.adb('-s', lab.devices[0]!.serial, 'shell', `echo '${stale}' > ${DUMP_FILE}`);
    faults().set('dump_null_root');
    try {
      const run = await runAdb(
        lab,
        0,
        [{ id: 'read', type: 'read_text', params: { matcher: { textEquals: 'STALE' }, retry: { maxAttempts: 1 } } }],
        { timeoutMs: 1500 },
      );
      assert.equal(step(run, 'read').success, false);
      assert.equal(step(run, 'read').data.error, 'UI_DUMP_NULL_ROOT');
    } finally {
      faults().clear('dump_null_root');
    }
  });

  test('dumps of one device run one at a time, so none meets another as "already registered"', async () => {
    // The phone timing makes each dump last ~1 s; overlapping ones would fail on the device.
    const ctx = labContext(lab);
    const shell = new DeviceShell(ctx, lab.devices[1]!.serial);
    await lab.adb('-s', lab.devices[1]!.serial, 'shell', `am start -n ${NOTES}/.MainActivity`);
    const deadline = ctx.clock.monotonic() + 30_000;
    const xmls = await Promise.all([1, 2, 3].map(() => dumpWindow(ctx, shell, deadline)));
    for (const xml of xmls) assert.match(xml, /com\.svc\.notes:id\/last_note/);
  });
});
