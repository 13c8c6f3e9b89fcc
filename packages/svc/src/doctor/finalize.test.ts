// nextActions construction (SPEC 4.6: order, --fix, dedup) and how --fix runs steps: argv only, best-effort.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FakeAdb } from '../adapters/adb/fake-adb.test-helper.ts';
import { nodeProcessRunner, type ProcessRunner, plainOutcome } from '../adapters/process/process-runner.ts';
import { createContext } from '../core/context.ts';
import { finalize } from './finalize.ts';
import { adbShellStep, fix, manual, svcStep } from './fixes.ts';
import type { CheckResult } from './types.ts';

const pass = (id: string): CheckResult => ({ id, status: 'pass', summary: 'ok' });
const guidance = { screen: 'Accessibility Settings', steps: ['Turn it on'] };

function recordingRunner(codes: number[] = []): ProcessRunner & { calls: { file: string; args: readonly string[] }[] } {
  const calls: { file: string; args: readonly string[] }[] = [];
  return {
    ...nodeProcessRunner,
    calls,
    async run(file, args) {
      calls.push({ file, args });
      return plainOutcome('', '', codes.shift() ?? 0);
    },
    async which(name) {
      return name === 'adb' ? '/fake/bin/adb' : undefined;
    },
  };
}

const failing: CheckResult[] = [
  pass('host.node.version'),
  {
    id: 'readiness.settings.dev_options',
    status: 'warn',
    summary: 'off',
    fix: fix('Enable', [
      adbShellStep('dev-1', ['settings', 'put', 'global', 'development_settings_enabled', '1']),
      manual('svc doctor'),
    ]),
    deviceGuidance: { screen: 'About phone', steps: ['Tap Build number'] },
  },
  {
    id: 'readiness.handshake',
    status: 'fail',
    summary: 'no service',
    fix: fix('Grant', [svcStep(['grant-device-permissions', '--device', 'dev-1']), manual('svc doctor')]),
    deviceGuidance: guidance,
  },
  {
    id: 'readiness.other',
    status: 'warn',
    summary: 'also needs the grant',
    fix: fix('Grant', [svcStep(['grant-device-permissions', '--device', 'dev-1'])]),
    deviceGuidance: guidance,
  },
];

describe('doctor finalization', () => {
  test('every check passed: a first command, with a placeholder when no device resolved (no link to a docs site)', async () => {
    const ctx = createContext({ env: {}, adb: new FakeAdb() });
    const report = await finalize(ctx, [pass('host.node.version')], {}, false);
    assert.deepEqual(report.nextActions, ['Try: svc snapshot --device <device-serial>']);
    assert.equal(report.ok, true);
    assert.equal(report.fixesRun, undefined);
  });

  test('without --fix: every step value in check order, then the device guidance lines, duplicates removed', async () => {
    const ctx = createContext({ env: {}, adb: new FakeAdb() });
    const report = await finalize(ctx, failing, { deviceId: 'dev-1', operatorPackage: 'p' }, false);
    assert.deepEqual(report.nextActions, [
      'adb -s dev-1 shell settings put global development_settings_enabled 1',
      'svc doctor',
      'svc grant-device-permissions --device dev-1',
      'On device, open About phone and follow the listed steps.',
      'On device, open Accessibility Settings and follow the listed steps.',
    ]);
    assert.equal(report.criticalOk, false, 'readiness.handshake is critical');
    assert.equal(report.ok, report.criticalOk);
    // The public report carries { kind, value } steps only, never the argv.
    assert.deepEqual(report.checks[2]?.fix?.steps, [
      { kind: 'shell', value: 'svc grant-device-permissions --device dev-1' },
      { kind: 'manual', value: 'svc doctor' },
    ]);
  });

  test('with --fix: shell steps run once each as argv (failures swallowed), only manual values are listed', async () => {
    const processes = recordingRunner([1, 0]);
    const ctx = createContext({ env: { ANDROID_ADB_SERVER_PORT: '5099' }, adb: new FakeAdb(), processes });
    const report = await finalize(ctx, failing, { deviceId: 'dev-1' }, true);
    assert.equal(processes.calls.length, 2, 'the same grant step of two checks runs once');
    assert.deepEqual(processes.calls[0], {
      file: '/fake/bin/adb',
      args: ['-P', '5099', '-s', 'dev-1', 'shell', "'settings' 'put' 'global' 'development_settings_enabled' '1'"],
    });
    assert.equal(processes.calls[1]?.file, process.execPath);
    assert.match(String(processes.calls[1]?.args[0]), /src[/\\]main\.ts$/);
    assert.deepEqual(processes.calls[1]?.args.slice(1), ['grant-device-permissions', '--device', 'dev-1']);
    assert.deepEqual(
      report.fixesRun?.map((r) => [r.checkId, r.ok, r.exitCode]),
      [
        ['readiness.settings.dev_options', false, 1],
        ['readiness.handshake', true, 0],
      ],
    );
    assert.deepEqual(report.nextActions, [
      'svc doctor',
      'On device, open About phone and follow the listed steps.',
      'On device, open Accessibility Settings and follow the listed steps.',
    ]);
  });

  test('a hostile value in a step stays one argv word and is shown quoted', async () => {
    const step = svcStep(['grant-device-permissions', '--operator-package', "x'; touch /tmp/pwned; '"]);
    assert.equal(step.kind, 'shell');
    assert.equal(step.value, `svc grant-device-permissions --operator-package 'x'"'"'; touch /tmp/pwned; '"'"''`);
    const processes = recordingRunner();
    const ctx = createContext({ env: {}, adb: new FakeAdb(), processes });
    await finalize(ctx, [{ id: 'readiness.handshake', status: 'fail', summary: 's', fix: fix('t', [step]) }], {}, true);
    assert.deepEqual(processes.calls[0]?.args.slice(1), [
      'grant-device-permissions',
      '--operator-package',
      "x'; touch /tmp/pwned; '",
    ]);
  });
});
