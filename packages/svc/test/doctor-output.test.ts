// doctor's pretty output (SPEC 4.6) through the real CLI, and the renderer's colors.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { renderDoctorReport } from '../src/doctor/render-pretty.ts';
import type { DoctorReport } from '../src/doctor/types.ts';
import { withDevice } from './lab-device.ts';
import { runCli } from './run-cli.ts';

const ESC = '\u001b[';

describe('doctor pretty output', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('a failing handshake shows summary, detail, fix, step values, Docs and On device guidance, then Next actions', async () => {
    await withDevice(lab, { operator: { accessibility: false } }, async (sim) => {
      await lab.adb('-s', sim.serial, 'shell', 'settings put global adb_enabled 0');
      const run = await runCli(['doctor', '--output', 'pretty'], { env: lab.env });
      assert.equal(run.code, 1);
      const out = run.stdout;
      assert.ok(!out.includes(ESC), 'no colors when stdout is not a TTY');
      const order = [
        'Critical checks:',
        '✗ readiness.handshake: the accessibility service of com.svc.operator is not running [DEVICE_ACCESSIBILITY_NOT_RUNNING]',
        'The operator received the command but cannot act without its accessibility service.',
        'Fix: Grant the operator its permissions',
        `$ svc grant-device-permissions --device ${sim.serial} --operator-package com.svc.operator`,
        'On device (Accessibility Settings):',
        '1. Open Settings > Accessibility',
        'Advisory checks:',
        '! readiness.settings.usb_debugging: USB debugging disabled (adb_enabled=0) [DEVICE_USB_DEBUGGING_DISABLED]',
        'On device (Developer options):',
        '8 other checks passed.',
        'Summary: NOT OK: 10 checks, 8 passed, 1 warning, 1 failed.',
        'Next actions:',
        '  - On device, open Developer options and follow the listed steps.',
        '  - On device, open Accessibility Settings and follow the listed steps.',
      ];
      let at = 0;
      for (const piece of order) {
        const found = out.indexOf(piece, at);
        assert.ok(found >= 0, `missing or out of order: ${piece}\n---\n${out}`);
        at = found + piece.length;
      }
    });
  });

  test('a healthy device prints only the count of passed checks, the summary and a first command', async () => {
    await withDevice(lab, {}, async () => {
      const run = await runCli(['doctor', '--output', 'pretty'], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.ok(!run.stdout.includes('Critical checks:'));
      assert.ok(!run.stdout.includes('Advisory checks:'));
      assert.match(run.stdout, /^10 checks passed\.$/m);
      assert.match(run.stdout, /^Summary: OK: 10 checks, 10 passed, 0 warnings, 0 failed\.$/m);
      // No link to a documentation site that does not exist.
      assert.doesNotMatch(run.stdout, /Docs:|https:\/\/docs\./);
      assert.match(run.stdout, /- Try: svc snapshot --device /);
      const verbose = await runCli(['doctor', '--output', 'pretty', '--verbose'], { env: lab.env });
      assert.match(verbose.stdout, /Passed checks:\n {2}✓ host\.node\.version: Node\.js /);
      // --fix with nothing to fix says so, rather than nothing at all (or that it could not fix anything).
      const fix = await runCli(['doctor', '--output', 'pretty', '--fix'], { env: lab.env });
      assert.match(fix.stdout, /^--fix: every check passed; there was nothing to fix\.$/m);
    });
  });

  test('--fix says which fixes ran, and that the checks above predate them', async () => {
    await withDevice(lab, {}, async (sim) => {
      await lab.adb('-s', sim.serial, 'shell', 'settings put global development_settings_enabled 0');
      const run = await runCli(['doctor', '--output', 'pretty', '--fix'], { env: lab.env });
      assert.match(run.stdout, /^Fix ran: adb -s \S+ shell settings put global development_settings_enabled 1$/m);
      assert.match(run.stdout, /^--fix: the checks above were taken before the fixes; run `svc doctor` again/m);
    });
  });

  test('the renderer colors marks and codes when asked, and prints plain text otherwise', () => {
    const report: DoctorReport = {
      ok: false,
      criticalOk: false,
      checks: [
        { id: 'host.node.version', status: 'pass', summary: 'Node.js 24' },
        { id: 'device.discovery', status: 'fail', code: 'NO_DEVICES', summary: 'no devices are connected' },
      ],
      nextActions: [],
    };
    const colored = renderDoctorReport(report, { colors: true });
    assert.ok(colored.includes(`${ESC}31m✗${ESC}0m`), colored);
    assert.ok(colored.includes(`${ESC}31m[NO_DEVICES]${ESC}0m`));
    assert.ok(colored.includes(`${ESC}31mNOT OK${ESC}0m`));
    const plain = renderDoctorReport(report, { colors: false });
    assert.ok(!plain.includes(ESC));
    assert.ok(plain.includes('✗ device.discovery: no devices are connected [NO_DEVICES]'));
    assert.ok(!plain.includes('Next actions:'), 'an empty list prints no heading');
    // --fix that found a failure but nothing it could run says so; with every check passed, that nothing needed it.
    const unfixable = renderDoctorReport({ ...report, fixesRun: [] }, { colors: false });
    assert.match(unfixable, /^--fix: no fix could run by itself here/m);
    const healthy = renderDoctorReport(
      {
        ...report,
        ok: true,
        criticalOk: true,
        checks: [report.checks[0] as DoctorReport['checks'][number]],
        fixesRun: [],
      },
      { colors: false },
    );
    assert.match(healthy, /^--fix: every check passed; there was nothing to fix\.$/m);
  });
});
