// What a new user met on the command line (issue 31): scroll-until that never finds its target, pretty output that
// collapsed whitespace, a screenshot help that named a temp file, and `--path notes.txt`. Through the real CLI,
// real adb and a simulated device.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCli, runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

describe('papercuts of the command line', () => {
  let lab: Lab;
  let serial: string;
  const svc = (...args: string[]) => runCliJson([...args, '--device', serial, '--no-daemon'], { env: lab.env });

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    assert.equal((await svc('open', SETTINGS)).code, 0);
  });
  after(() => lab?.close());

  test('scroll-until whose target never shows exits 1 saying so (TARGET_NOT_FOUND)', async () => {
    const missing = await svc('scroll-until', '--text', 'No such entry', '--max-scrolls', '3');
    assert.equal(missing.code, 1, missing.stdout);
    assert.equal(missing.json.succeeded, false);
    // The operator app fails a scroll_until whose matcher never showed (TARGET_NOT_FOUND on the step): the command
    // says so with that code (a step that succeeded without its target would be NODE_NOT_FOUND, scroll-after.ts).
    assert.equal(missing.json.failedCode, 'TARGET_NOT_FOUND');
    assert.equal(missing.json.failedStepId, 'scroll-until');
    const step = missing.json.envelope.stepResults[0];
    assert.equal(step.data.error, 'TARGET_NOT_FOUND');
    assert.notEqual(step.data.termination_reason, 'TARGET_FOUND');
    const pretty = await runCli(
      [
        'scroll-until',
        '--text',
        'No such entry',
        '--max-scrolls',
        '3',
        '--device',
        serial,
        '--no-daemon',
        '--output',
        'pretty',
      ],
      { env: lab.env },
    );
    assert.equal(pretty.code, 1);
    assert.match(pretty.stdout, /^failed /);
    // From the top of the list again, the entry that is there is found: exit 0.
    assert.equal((await svc('close', SETTINGS)).code, 0);
    assert.equal((await svc('open', SETTINGS)).code, 0);
    const found = await svc('scroll-until', '--text', 'About phone', '--direction', 'down');
    assert.equal(found.code, 0, found.stdout);
    assert.equal(found.json.envelope.stepResults[0].data.termination_reason, 'TARGET_FOUND');
  });

  test('--output pretty shows a value with its whitespace', async () => {
    const field = `${SETTINGS}:id/search_src_text`;
    assert.equal((await svc('type', '--id', field, '--text', 'two  spaces ')).code, 0);
    const read = await runCli(['read', '--id', field, '--device', serial, '--no-daemon', '--output', 'pretty'], {
      env: lab.env,
    });
    assert.equal(read.code, 0, read.stdout);
    assert.ok(read.stdout.includes('text="two  spaces "'), read.stdout);
  });

  test('screenshot --help says where the file goes without --path', async () => {
    const help = await runCli(['screenshot', '--help'], { env: lab.env });
    assert.doesNotMatch(help.stdout, /temp file/);
    assert.match(help.stdout, /~\/\.svc\/screenshots/);
  });

  test('screenshot --path refuses a name that is not an image of its format, writing nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-shot-name-'));
    for (const [path, extra] of [
      ['notes.txt', []],
      ['shot', []],
      ['shot.png', ['--format', 'jpeg']],
    ] as const) {
      const run = await runCliJson(['screenshot', '--path', path, ...extra, '--device', serial, '--no-daemon'], {
        env: lab.env,
        cwd: dir,
      });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal(run.json.details.path, '--path');
      assert.ok(!existsSync(join(dir, path)), `${path} was not written`);
    }
    const jpeg = await runCliJson(
      ['screenshot', '--path', 'shot.jpg', '--format', 'jpeg', '--device', serial, '--no-daemon'],
      { env: lab.env, cwd: dir },
    );
    assert.equal(jpeg.code, 0, jpeg.stdout);
  });

  test('an unknown selector key names itself and every key a selector takes, ref and the short forms included', async () => {
    const run = await svc('click', '--selector', '{"rf":"e4"}');
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.match(run.json.message, /unknown selector key "rf"; allowed: resourceId, role, textEquals/);
    assert.match(run.json.message, /short forms: id, text, desc, descContains\), or ref alone/);
    assert.doesNotMatch(run.json.message, /a selector key/);
  });

  test('screenshot --path where no folder can be made fails at once, saying why, and leaves the device free', async () => {
    // Node's recursive mkdir never returns under /proc; this hung the CLI and held the device's lock for good.
    for (const how of [['--no-daemon'], []]) {
      const run = await runCliJson(['screenshot', '--path', '/proc/svc-nope/shot.png', '--device', serial, ...how], {
        env: lab.env,
      });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.failedCode, 'SCREENSHOT_CAPTURE_FAILED', run.stdout);
      const message = run.json.envelope.stepResults[0].data.message;
      assert.match(message, /captured but could not be saved to \/proc\/svc-nope\/shot\.png/);
      assert.match(run.json.hint, /a folder you can write to/);
      const after = await runCliJson(['snapshot', '--format', 'compact', '--device', serial, ...how], {
        env: lab.env,
      });
      assert.equal(after.code, 0, `the device is free again: ${after.stdout}`);
    }
    await runCliJson(['daemon', 'stop', '--all'], { env: lab.env });
    // A folder where the file should go: said in words, not as the system's EISDIR.
    const folder = await mkdtemp(join(tmpdir(), 'svc-shot-dir-'));
    await mkdir(join(folder, 'a.png'));
    const dir = await svc('screenshot', '--path', join(folder, 'a.png'));
    assert.equal(dir.code, 1);
    assert.match(dir.json.envelope.stepResults[0].data.message, /could not be saved to .*a\.png: it is a folder/);
  });
});
