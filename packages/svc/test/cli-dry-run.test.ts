// The CLI process without a device: --dry-run and --validate-only show exactly what would be dispatched.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { executionJsonSchema } from '../src/contracts/schema.ts';
import { runCli, runCliJson } from './run-cli.ts';

const ID = /^cli-[a-z-]+-\d+-[0-9a-f]{24}$/;

async function dry(args: string[], env?: Record<string, string>) {
  const run = await runCliJson([...args, '--dry-run'], env ? { env } : {});
  assert.equal(run.code, 0, run.stdout);
  assert.equal(run.json.dryRun, true);
  assert.match(run.json.execution.commandId, ID);
  assert.equal(run.json.execution.taskId, run.json.execution.commandId);
  assert.equal(run.json.execution.source, 'svc-cli');
  assert.equal(run.json.execution.expectedFormat, 'android-ui-automator');
  return run.json;
}

test('flat click prints the exact normalized execution without dispatching', async () => {
  const out = await dry(['click', '--text', 'Network & internet', '--long']);
  assert.equal(out.execution.timeoutMs, 30000);
  assert.deepEqual(out.execution.actions, [
    { id: 'click', type: 'click', params: { matcher: { textEquals: 'Network & internet' }, clickType: 'long_click' } },
  ]);
});

test('tap is an alias of click and --coordinate takes two values', async () => {
  const out = await dry(['tap', '--coordinate', '10', '20']);
  assert.deepEqual(out.execution.actions[0].params, { coordinate: { x: 10, y: 20 } });
});

test('global options work before and after the command, in both spellings', async () => {
  const before = await dry(['--device', 'emulator-5554', '--receiver-package', 'com.svc.operator.dev', 'snapshot']);
  const after = await dry(['snapshot', '--device-id', 'emulator-5554', '--operator-package', 'com.svc.operator.dev']);
  for (const out of [before, after]) {
    assert.equal(out.deviceId, 'emulator-5554');
    assert.equal(out.operatorPackage, 'com.svc.operator.dev');
  }
  assert.equal((await dry(['--timeout', '5000', 'snapshot'])).execution.timeoutMs, 5000);
  assert.equal((await dry(['snapshot', '--timeout-ms', '6000'])).execution.timeoutMs, 6000);
});

test('a global flag given twice, even through its alias, is a usage error', async () => {
  const run = await runCliJson(['snapshot', '--device', 'a', '--device-id', 'b', '--dry-run']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'CLI_USAGE_ERROR');
});

test('operator package comes from the flag, then SVC_OPERATOR_PACKAGE, then SVC_RECEIVER_PACKAGE, then the default', async () => {
  assert.equal((await dry(['snapshot'])).operatorPackage, 'com.svc.operator');
  assert.equal((await dry(['snapshot'], { SVC_RECEIVER_PACKAGE: 'r.pkg' })).operatorPackage, 'r.pkg');
  assert.equal(
    (await dry(['snapshot'], { SVC_OPERATOR_PACKAGE: 'o.pkg', SVC_RECEIVER_PACKAGE: 'r.pkg' })).operatorPackage,
    'o.pkg',
  );
  assert.equal(
    (await dry(['snapshot'], { SVC_OPERATOR_PACKAGE: '  ', SVC_RECEIVER_PACKAGE: 'r.pkg' })).operatorPackage,
    'r.pkg',
  );
  assert.equal(
    (await dry(['snapshot', '--operator-package', 'f.pkg'], { SVC_OPERATOR_PACKAGE: 'o.pkg' })).operatorPackage,
    'f.pkg',
  );
});

test('ANDROID_SERIAL is the device when --device is not given', async () => {
  assert.equal((await dry(['snapshot'], { ANDROID_SERIAL: 'serial-1' })).deviceId, 'serial-1');
  assert.equal((await dry(['snapshot', '--device', 'x'], { ANDROID_SERIAL: 'serial-1' })).deviceId, 'x');
});

test('wait maps --timeout to the action and the execution timeout to max(t + 5000, 30000)', async () => {
  const out = await dry(['wait', '--text', 'A', '--timeout', '40000']);
  assert.equal(out.execution.timeoutMs, 45000);
  assert.equal(out.execution.actions[0].params.timeoutMs, 40000);
});

test('sleep uses max(duration + 5000, global timeout, 30000)', async () => {
  assert.equal((await dry(['sleep', '1e3', '--timeout', '60000'])).execution.timeoutMs, 60000);
  assert.equal((await dry(['sleep', '50000'])).execution.timeoutMs, 55000);
});

test('scroll-until --click builds scroll_and_click and the flat CLI never emits clickAfter', async () => {
  const out = await dry(['scroll-until', '--text', 'About phone', '--click']);
  assert.deepEqual(out.execution.actions[0], {
    id: 'scroll-until',
    type: 'scroll_and_click',
    params: { target: { textEquals: 'About phone' }, direction: 'down' },
  });
});

test('--selector with a shorthand flag fails with the mutual-exclusion message and exit 1', async () => {
  const run = await runCliJson(['click', '--selector', '{"textEquals":"a"}', '--text', 'b', '--dry-run']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
  assert.match(run.json.message, /--selector or the simple selector flags.*not both/);
});

test('a --selector that is not a JSON object names the flag as details.path, and the hint points at it', async () => {
  for (const [value, reason] of [
    ['{bad', 'notJson'],
    ['[1]', 'notAnObject'],
  ] as const) {
    const run = await runCliJson(['click', '--selector', value, '--dry-run']);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(run.json.details.path, '--selector');
    assert.equal(run.json.details.reason, reason);
    assert.match(run.json.hint, /details\.path/);
  }
  const both = await runCliJson(['click', '--selector', '{"textEquals":"a"}', '--text', 'b', '--dry-run']);
  assert.equal(both.json.details.path, '--selector');
  const blank = await runCliJson(['click', '--text', ' ', '--dry-run']);
  assert.equal(blank.json.details.path, '--text');
});

test('a repeated selector flag, an unknown flag, a missing value and an extra positional are usage errors', async () => {
  for (const args of [
    ['click', '--text', 'a', '--text', 'b'],
    ['click', '--text', 'a', '--bogus'],
    ['click', '--text'],
    ['on-screen-log', 'set', '--text', 'a', 'extra'],
    ['on-screen-log', 'set', '--text', 'a', '--ttl-ms', '1', '--ttl-ms', '2'],
    ['on-screen-log', 'set', '--text', 'a', '--panel-size', '3'],
  ]) {
    const run = await runCliJson([...args, '--dry-run']);
    assert.equal(run.code, 1, args.join(' '));
    assert.equal(run.json.code, 'CLI_USAGE_ERROR', args.join(' '));
  }
});

test('on-screen-log set keeps zero offsets, omits absent flags, and accepts common options on either side', async () => {
  const out = await dry([
    '--device',
    'd1',
    'on-screen-log',
    'set',
    '--text',
    'hi',
    '--top-offset-dp',
    '0',
    '--width-dp',
    '1e2',
    '--timeout',
    '9000',
  ]);
  assert.equal(out.deviceId, 'd1');
  assert.equal(out.execution.timeoutMs, 9000);
  assert.deepEqual(out.execution.actions, [
    { id: 'on-screen-log', type: 'set_on_screen_log', params: { text: 'hi', topOffsetDp: 0, widthDp: 100 } },
  ]);
});

test('on-screen-log numeric tokens that are hex, fractional, suffixed or blank fail before dispatch', async () => {
  for (const bad of ['0x10', '1.5', '12px', '', 'Infinity']) {
    const run = await runCliJson(['on-screen-log', 'set', '--text', 'a', '--font-size-sp', bad]);
    assert.equal(run.code, 1, bad);
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', bad);
  }
});

test('on-screen-log parameter violations found by the validator give EXECUTION_VALIDATION_FAILED', async () => {
  const run = await runCliJson(['on-screen-log', 'set', '--text', 'a', '--anchor', 'middle', '--dry-run']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
  assert.match(JSON.stringify(run.json.details), /anchor/);
});

test('exec --validate-only needs no device and answers { ok: true, validated: true }', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
  const file = join(dir, 'payload.json');
  const payload = {
    commandId: 'c',
    taskId: 't',
    source: 's',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions: [{ id: 'a', type: 'snapshot' }],
  };
  await writeFile(file, JSON.stringify(payload));
  for (const args of [
    ['exec', file],
    ['execute', '--execution', JSON.stringify(payload)],
    ['exec', '--payload', 'payload.json'],
  ]) {
    const run = await runCliJson([...args, '--validate-only'], {
      cwd: dir,
      env: { ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1' },
    });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.json, { ok: true, validated: true });
  }
  const stdin = await runCliJson(['exec', '-', '--validate-only'], { input: JSON.stringify(payload) });
  assert.deepEqual(stdin.json, { ok: true, validated: true });
  const dryRun = await runCliJson(['exec', file, '--dry-run', '--timeout-ms', '7000']);
  assert.equal(dryRun.json.execution.actions[0].type, 'snapshot_ui');
  assert.equal(dryRun.json.execution.timeoutMs, 7000);
});

test('exec of an invalid payload names the failing path and exits 1', async () => {
  const payload = {
    commandId: 'c',
    taskId: 't',
    source: 's',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions: [{ id: 'a', type: 'click', params: { matcher: { textEquals: '' } } }],
  };
  const run = await runCliJson(['exec', JSON.stringify(payload), '--validate-only']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
  assert.match(run.json.details.path, /^actions\[0\]\.params\.matcher/);
});

test('exec of a missing file names the argument it came from and why, with a hint', async () => {
  for (const [args, path] of [
    [['exec', 'nosuch.json'], 'json-or-file'],
    [['exec', '--payload', 'nosuch.json'], '--payload'],
    [['exec', '--execution', 'nosuch.json'], '--execution'],
  ] as const) {
    const run = await runCliJson([...args, '--validate-only']);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(run.json.details.path, path);
    assert.equal(run.json.details.reason, 'fileNotFound');
    assert.match(run.json.message, /nosuch\.json: no such file/);
    assert.match(run.json.hint, /existing execution file/);
  }
});

test('exec with two payload sources is a usage error; execute best-effort is NOT_IMPLEMENTED', async () => {
  const twice = await runCliJson(['exec', '{}', '--payload', 'x.json']);
  assert.equal(twice.json.code, 'CLI_USAGE_ERROR');
  const bestEffort = await runCliJson(['execute', 'best-effort', '--goal', 'x']);
  assert.equal(bestEffort.code, 1);
  assert.equal(bestEffort.json.code, 'NOT_IMPLEMENTED');
});

test('an unknown command suggests the closest one', async () => {
  const run = await runCliJson(['snapshto']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'CLI_USAGE_ERROR');
  assert.equal(run.json.details.suggestion, 'snapshot');
});

test('pretty output off a TTY has no color codes; pretty version prints the plain version', async () => {
  const pretty = await runCli(['click', '--text', 'a', '--text', 'b', '--output', 'pretty']);
  assert.equal(pretty.code, 1);
  assert.match(pretty.stdout, /CLI_USAGE_ERROR/);
  assert.doesNotMatch(pretty.stdout, /\u001b\[/);
  const version = await runCli(['version', '--output', 'pretty']);
  assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
  assert.equal((await runCli(['--version'])).stdout, version.stdout);
});

test('observe snapshot, snapshot and inspect ui build the same snapshot_ui; screenshot aliases take --path', async () => {
  for (const args of [['observe', 'snapshot'], ['snapshot'], ['inspect', 'ui']]) {
    const out = await dry(args);
    assert.deepEqual(out.execution.actions, [{ id: 'snap', type: 'snapshot_ui' }], args.join(' '));
    assert.equal(out.execution.timeoutMs, 30000);
  }
  for (const args of [['observe', 'screenshot'], ['screenshot']]) {
    const out = await dry([...args, '--path', 'a.png']);
    assert.deepEqual(out.execution.actions, [{ id: 'shot', type: 'take_screenshot', params: { path: 'a.png' } }]);
  }
});

test('close-app is an alias of close, and open decides between open_app and open_uri', async () => {
  assert.deepEqual((await dry(['close-app', 'p.q'])).execution.actions[0], {
    id: 'close',
    type: 'close_app',
    params: { applicationId: 'p.q' },
  });
  assert.equal((await dry(['open', 'https://example.com'])).execution.actions[0].type, 'open_uri');
  assert.equal((await dry(['open', 'com.android.settings'])).execution.actions[0].type, 'open_app');
});

test('read-value and type accept their own flag sets through the CLI', async () => {
  assert.deepEqual((await dry(['read-value', '--label-id', 'p:id/l'])).execution.actions[0].params, {
    labelMatcher: { resourceId: 'p:id/l' },
  });
  assert.deepEqual(
    (await dry(['type', '--desc', 'Search', '--text', 'wifi', '--submit'])).execution.actions[0].params,
    {
      matcher: { contentDescEquals: 'Search' },
      text: 'wifi',
      submit: true,
    },
  );
});

test('schema prints the execution JSON Schema, which accepts what a dry run would send', async () => {
  const run = await runCliJson(['schema']);
  assert.equal(run.code, 0);
  assert.deepEqual(run.json, executionJsonSchema());
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const validate = new Ajv2020({ strict: false }).compile(run.json);
  const built = await dry(['scroll-until', '--text', 'About phone', '--click']);
  assert.equal(validate(built.execution), true, JSON.stringify(validate.errors));
  assert.equal(validate({ ...built.execution, timeoutMs: 999 }), false);
});

test('--validate-only and --dry-run have a readable pretty form', async () => {
  const valid = await runCli(['snapshot', '--validate-only', '--output', 'pretty']);
  assert.equal(valid.code, 0);
  assert.match(
    valid.stdout,
    /^valid cli-snapshot-\d+-[0-9a-f]{24}: 1 action\(s\) \(snapshot_ui\), timeout 30000 ms\n$/,
  );
  const dryRun = await runCli(['back', '--dry-run', '--format', 'pretty']);
  assert.match(dryRun.stdout, /^dry run cli-back-.*\(press_key\).* → com\.svc\.operator\n\{/);
  assert.doesNotMatch(valid.stdout + dryRun.stdout, /\u001b\[/);
});

test('a failure thrown outside an execution keeps its code: serve --port x is a bad value of --port', async () => {
  const run = await runCliJson(['serve', '--port', 'x']);
  assert.equal(run.code, 1);
  assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
  assert.equal(run.json.details.path, '--port');
});
