// The other spellings of the CLI, end to end through real adb and a simulated device: every payload form of
// execute/exec, observe snapshot / inspect ui / observe screenshot, the tap and close-app aliases, open with a URI,
// and each `action` subcommand (issues 4 and 5).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCli, runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

describe('CLI forms against a simulated device', () => {
  let lab: Lab;
  let serial: string;
  let counter = 0;
  const execution = (actions: unknown[]) => ({
    commandId: `forms-${process.pid}-${++counter}`,
    taskId: 'forms',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30000,
    actions,
  });
  /** Runs a command that must fully succeed; returns its step results. */
  const steps = async (args: string[], opts: { cwd?: string; input?: string } = {}) => {
    // Direct mode: these tests are about the CLI's forms, not the daemon transport (its own suites cover that).
    const run = await runCliJson([...args, '--device-id', serial, '--no-daemon'], { env: lab.env, ...opts });
    assert.equal(run.code, 0, `${args.join(' ')} → ${run.stdout}`);
    assert.equal(run.json.ok, true);
    return run.json.envelope.stepResults as { id: string; actionType: string; data: Record<string, string> }[];
  };

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
  });
  after(async () => {
    await lab?.close();
  });

  test('execute --execution <file>, exec --payload <path>, exec <json> and exec - all run the payload', async () => {
    const dir = await mkdtemp(join(lab.home, 'payload-'));
    const file = join(dir, 'execution.json');
    await writeFile(file, JSON.stringify(execution([{ id: 'o', type: 'open_app', params: { app: SETTINGS } }])));
    assert.equal((await steps(['execute', '--execution', file]))[0]?.actionType, 'open_app');
    await writeFile(file, JSON.stringify(execution([{ id: 's', type: 'sleep', params: { durationMs: 1 } }])));
    assert.equal((await steps(['exec', '--payload', 'execution.json'], { cwd: dir }))[0]?.data.duration_ms, '1');
    const inline = JSON.stringify(execution([{ id: 'k', type: 'key_press', params: { key: 'HOME' } }]));
    assert.deepEqual((await steps(['execute', '--execution', inline]))[0]?.data, { key: 'home' });
    const piped = JSON.stringify(execution([{ id: 'snap', type: 'snapshot' }]));
    assert.equal((await steps(['exec', '-'], { input: piped }))[0]?.actionType, 'snapshot_ui');
  });

  test('observe snapshot and inspect ui return the hierarchy; observe screenshot writes the PNG', async () => {
    await steps(['open', SETTINGS]);
    for (const form of [
      ['observe', 'snapshot'],
      ['inspect', 'ui'],
    ]) {
      const [snap] = await steps(form);
      assert.equal(snap?.actionType, 'snapshot_ui', form.join(' '));
      assert.match(snap?.data.text ?? '', /<hierarchy[\s\S]*text="Settings"/);
    }
    const dir = await mkdtemp(join(lab.home, 'shot-'));
    const [shot] = await steps(['observe', 'screenshot', '--path', 'a.png'], { cwd: dir });
    assert.equal(shot?.data.path, join(dir, 'a.png'));
    assert.ok(existsSync(join(dir, 'a.png')));
    const [temp] = await steps(['screenshot']);
    assert.ok(existsSync(temp?.data.path ?? ''), 'without --path the PNG goes to a temp file');
  });

  test('tap and close-app are aliases; open with a URI opens it with its handler', async () => {
    await steps(['open', SETTINGS]);
    const [tap] = await steps(['tap', '--text', 'Network & internet']);
    assert.equal(tap?.actionType, 'click');
    const [closed] = await steps(['close-app', SETTINGS]);
    assert.deepEqual([closed?.actionType, closed?.data.application_id], ['close_app', SETTINGS]);
    const [uri] = await steps(['open', 'https://example.com/page']);
    assert.deepEqual([uri?.actionType, uri?.data.uri], ['open_uri', 'https://example.com/page']);
  });

  test('each action subcommand runs its canonical action', async () => {
    const [uri] = await steps(['action', 'open-uri', '--uri', 'https://example.com/x']);
    assert.equal(uri?.actionType, 'open_uri');
    await steps(['action', 'open-app', '--app', SETTINGS]);
    const [wait] = await steps(['action', 'wait', '--selector', '{"text":"Settings"}']);
    assert.equal(wait?.actionType, 'wait_for_node');
    const [read] = await steps(['action', 'read', '--selector', '{"resource_id":"com.android.settings:id/title"}']);
    assert.deepEqual([read?.actionType, read?.data.text], ['read_text', 'Network & internet']);
    const [typed] = await steps([
      'action',
      'type',
      '--selector',
      '{"id":"com.android.settings:id/search_src_text"}',
      '--text',
      'bluetooth',
    ]);
    // The typed text is not echoed back, only its length.
    assert.deepEqual(
      [typed?.actionType, typed?.data.text, typed?.data.text_length, typed?.data.submit],
      ['enter_text', undefined, '9', 'false'],
    );
    const [key] = await steps(['action', 'press-key', '--key', 'back']);
    assert.deepEqual([key?.actionType, key?.data.key], ['press_key', 'back']);
  });

  test('pretty output prints the device table and a step table, with no color codes off a TTY', async () => {
    const devices = await runCli(['devices', '--output', 'pretty'], { env: lab.env });
    assert.equal(devices.code, 0);
    assert.match(
      devices.stdout,
      new RegExp(
        `^serial\\s+state\\s+driver\\s+model\\s+product\\n${serial.replaceAll('.', '\\.')}\\s+device\\s+operator\\s+Pixel_7\\s+pixel_7\\n$`,
      ),
    );
    const slept = await runCli(['sleep', '0', '--format', 'pretty', '--device', serial, '--no-daemon'], {
      env: lab.env,
    });
    assert.equal(slept.code, 0);
    assert.match(slept.stdout, /^ok cli-sleep-/);
    assert.match(slept.stdout, /✔\s+sleep\s+sleep\s+duration_ms=0/);
    assert.doesNotMatch(devices.stdout + slept.stdout, /\u001b\[/);
  });
});
