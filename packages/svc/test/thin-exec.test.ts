// The thin client of `svc exec <json>` (cli/thin-exec.ts): with the device's daemon running, the call loads neither
// the CLI bundle nor commander, and what the caller gets (stdout, exit code) is what the full CLI prints for the same
// call. Whatever it declines (no daemon yet, a daemon of another build or environment, a payload that does not
// validate, a snapshot-only execution, any other flag) the full CLI takes, with nothing run twice. Which bundle files
// a call loaded is read from the process itself (a --require probe prints them at exit).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { executeLines, firstSerial, stopDaemonsOf, svcIn } from './daemon-helpers.ts';

const { bundleIsFresh } = createRequire(import.meta.url)('../bin/svc.js') as { bundleIsFresh: () => boolean };
/** Said when a call loaded nothing of dist/: bin/svc.js runs the sources when one changed after the build. */
const STALE =
  'the bundle is older than a source it was made from (a file changed after the build), so every call runs the ' +
  'sources and no bundle file shows: rebuild (`npm run build`) and do not edit sources while this test runs';

const probeDir = mkdtempSync(join(tmpdir(), 'svc-thin-'));
const PROBE = join(probeDir, 'loaded.cjs');
writeFileSync(
  PROBE,
  `process.on('exit', () => {
  const dist = Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.lastIndexOf('/') + 1));
  process.stderr.write('LOADED ' + JSON.stringify(dist) + '\\n');
});\n`,
);

let calls = 0;
const payload = (actions: unknown[] = [{ id: 's', type: 'sleep', params: { durationMs: 0 } }]) =>
  JSON.stringify({
    commandId: `thin-${++calls}`,
    taskId: 'thin',
    source: 'thin-exec-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions,
  });
const missingClick = [{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Nothing like this' } } }];

describe('svc exec through a running daemon, by the thin client', () => {
  let lab: Lab;
  let svc: ReturnType<typeof svcIn>;

  before(async () => {
    lab = await createLab({ devices: [{}] });
    svc = svcIn(lab, { NODE_OPTIONS: `--require=${PROBE}` });
  });
  after(async () => {
    await svc.json(['daemon', 'stop', '--all']);
    const leaked = await stopDaemonsOf(lab.home);
    await lab.close();
    rmSync(probeDir, { recursive: true, force: true, maxRetries: 5 });
    assert.deepEqual(leaked, []);
  });

  /** `svc exec` with these args: its exit code, stdout as JSON, and the bundle files it loaded. */
  async function exec(args: string[], env: Record<string, string> = {}) {
    const run = await svc.json(['exec', ...args], { env });
    const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
    assert.ok(line, `no probe line in stderr:\n${run.stderr}`);
    assert.ok(bundleIsFresh(), STALE);
    return { code: run.code, json: run.json, loaded: JSON.parse(line.slice('LOADED '.length)) as string[] };
  }

  test('no daemon yet: the full CLI takes the call and starts one; then the thin client alone answers', async () => {
    const serial = firstSerial(lab);
    const first = await exec([payload()]);
    assert.equal(first.code, 0, JSON.stringify(first.json));
    assert.ok(first.loaded.includes('main.js'), 'the CLI started the daemon');
    for (const args of [[payload()], [payload(), '--device', serial], [`--device=${serial}`, payload()]]) {
      const thin = await exec(args);
      assert.equal(thin.code, 0, JSON.stringify(thin.json));
      assert.deepEqual(thin.loaded, ['thin-exec.js'], `${args.join(' ')} loaded only the thin client`);
      assert.equal(thin.json.ok, true);
      assert.equal(thin.json.succeeded, true);
    }
    const fromEnv = await exec([payload()], { ANDROID_SERIAL: serial });
    assert.deepEqual(fromEnv.loaded, ['thin-exec.js']);
    // The same call answered by the full CLI (`--output json`, the default spelled out, is a flag it declines): the
    // result has the same fields, so nothing the CLI adds to a result is missing from the thin client's.
    const full = await exec([payload(), '--output', 'json']);
    assert.equal(full.code, 0, JSON.stringify(full.json));
    assert.ok(full.loaded.includes('main.js'));
    assert.deepEqual(Object.keys(fromEnv.json), Object.keys(full.json));
    assert.deepEqual(Object.keys(fromEnv.json.envelope), Object.keys(full.json.envelope));
    assert.equal(executeLines(lab, serial).length, 6, 'every call ran once, in the daemon');
  });

  test('a failed step: the same result and exit code as the full CLI prints', async () => {
    const thin = await exec([payload(missingClick)]);
    // `--output json` is the default spelled out: the thin client declines any flag, so the full CLI answers.
    const full = await exec([payload(missingClick), '--output', 'json']);
    assert.deepEqual(thin.loaded, ['thin-exec.js']);
    assert.ok(full.loaded.includes('main.js'));
    assert.equal(thin.code, 1);
    assert.equal(full.code, 1);
    const shape = (json: Record<string, unknown>) => ({
      keys: Object.keys(json),
      succeeded: json.succeeded,
      failedCode: json.failedCode,
      hint: json.hint,
    });
    // A click on no node ends the execution, as the app does (envelope ACTION_FAILED), named by the step's own code.
    assert.equal(thin.json.envelope.errorCode, 'ACTION_FAILED');
    assert.equal(thin.json.failedCode, 'NODE_NOT_FOUND');
    assert.deepEqual(shape(thin.json), shape(full.json));
  });

  test('what it declines, the full CLI answers in its own words, and nothing runs twice', async () => {
    const serial = firstSerial(lab);
    const before = executeLines(lab, serial).length;
    const invalid = await exec(['{"actions": []}']);
    assert.equal(invalid.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.ok(invalid.loaded.includes('main.js'));
    const snapshot = await exec([payload([{ id: 'u', type: 'snapshot_ui' }])]);
    assert.equal(snapshot.code, 0, JSON.stringify(snapshot.json));
    assert.ok(snapshot.loaded.includes('main.js'), 'a snapshot-only execution is the full CLI’s (its re-run rule)');
    const file = join(probeDir, 'payload.json');
    writeFileSync(file, payload());
    const fromFile = await exec([file]);
    assert.equal(fromFile.code, 0, JSON.stringify(fromFile.json));
    assert.ok(fromFile.loaded.includes('main.js'));
    assert.equal(executeLines(lab, serial).length, before + 2, 'the snapshot and the file ran once each');
  });

  test('a daemon of another environment refuses the thin client before running; the CLI restarts it', async () => {
    const serial = firstSerial(lab);
    const before = executeLines(lab, serial).length;
    // Where temp files go is part of a daemon's identity: another TMPDIR needs another daemon.
    const other = await exec([payload()], { TMPDIR: mkdtempSync(join(tmpdir(), 'svc-thin-tmp-')) });
    assert.equal(other.code, 0, JSON.stringify(other.json));
    assert.ok(other.loaded.includes('main.js'), 'the thin client was refused and the CLI took the call');
    assert.ok(
      other.loaded.some((file) => file.startsWith('lifecycle-')),
      'the CLI restarted the daemon',
    );
    assert.equal(executeLines(lab, serial).length, before + 1, 'the call ran once, in the new daemon');
  });
});
