// Issue 19, item 5: screenshot paths that come with a request are confined to the screenshots folder: no escape
// (`..`, absolute, a linked folder), no folder created, no link followed, no file that is not a PNG overwritten;
// without a path the PNG gets an unpredictable name in a private folder (0700), not a guessable one in /tmp where
// another user can plant a link. Over real HTTP with a simulated device behind real adb.
import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isolatedEnv, runCliJson } from '../run-cli.ts';
import { type LabServer, postJson, startLabServer } from '../server-helpers.ts';

describe('screenshot paths of HTTP requests', () => {
  let env: LabServer;
  let shots: string;
  let outside: string;
  before(async () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-sec-shots-'));
    shots = join(root, 'shots');
    outside = join(root, 'outside');
    mkdirSync(outside);
    // The server as `svc serve --screenshots-dir <shots>` runs it (the folder is made on first use).
    env = await startLabServer([{}], { screenshotsDir: shots });
  });
  after(() => env?.close());

  const shoot = (path?: string) => postJson(env.url, '/screenshot', path === undefined ? {} : { path });
  const stepOf = (body: Record<string, unknown>) =>
    (body.envelope as { stepResults: { success: boolean; data: Record<string, string> }[] }).stepResults[0];

  it('writes an unnamed screenshot under a random name in a private screenshots folder', async () => {
    const answer = await shoot();
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const path = stepOf(answer.body)?.data.path ?? '';
    assert.match(path, new RegExp(`^${shots}/screenshot-[0-9a-f]{24}\\.png$`));
    assert.equal(statSync(shots).mode & 0o777, 0o700);
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('keeps a re-encoded screenshot (JPEG, scaled) private too', async () => {
    const answer = await postJson(env.url, '/screenshot', { format: 'jpeg', maxSize: 256 });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const path = stepOf(answer.body)?.data.path ?? '';
    assert.match(path, new RegExp(`^${shots}/screenshot-[0-9a-f]{24}\\.jpg$`));
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });

  it('resolves a relative name inside the folder', async () => {
    const answer = await shoot('mine.png');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(stepOf(answer.body)?.data.path, join(shots, 'mine.png'));
  });

  it('refuses paths outside the folder, folders that do not exist, and names that are not .png, creating nothing', async () => {
    for (const path of [
      join(outside, 'x.png'),
      '../outside/x.png',
      '/etc/x.png',
      'missing/x.png',
      join(shots, 'missing', 'deeper', 'x.png'),
      'notes.txt',
    ]) {
      const answer = await shoot(path);
      assert.equal(answer.status, 403, `${path}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.error?.code, 'PATH_FORBIDDEN');
      assert.equal(answer.body.error?.details?.path, 'path');
    }
    assert.deepEqual(readdirSync(outside), []);
    assert.ok(!existsSync(join(shots, 'missing')));
  });

  it('does not follow a planted link, to a file or through a folder', async () => {
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(shots, 'planted.png'));
    symlinkSync(outside, join(shots, 'linked'));
    const viaFile = await shoot('planted.png');
    assert.equal(viaFile.status, 200);
    assert.equal(stepOf(viaFile.body)?.success, false);
    assert.equal(stepOf(viaFile.body)?.data.error, 'SCREENSHOT_CAPTURE_FAILED');
    assert.match(stepOf(viaFile.body)?.data.message ?? '', /symbolic link/);
    const viaFolder = await shoot('linked/x.png');
    assert.equal(viaFolder.status, 403);
    assert.equal(readFileSync(victim, 'utf8'), 'precious\n');
    assert.ok(!existsSync(join(outside, 'x.png')));
  });

  it('does not overwrite a file that is not a PNG, but replaces an earlier screenshot', async () => {
    writeFileSync(join(shots, 'notes.png'), 'not a picture\n');
    const refused = await shoot('notes.png');
    assert.equal(stepOf(refused.body)?.data.error, 'SCREENSHOT_CAPTURE_FAILED');
    assert.match(stepOf(refused.body)?.data.message ?? '', /not a PNG/);
    assert.equal(readFileSync(join(shots, 'notes.png'), 'utf8'), 'not a picture\n');
    assert.equal(stepOf((await shoot('mine.png')).body)?.success, true);
  });

  it('confines take_screenshot paths inside POST /execute the same way', async () => {
    const execution = {
      commandId: 'shot-escape',
      taskId: 'shot-escape',
      source: 's',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [{ id: 'shot', type: 'take_screenshot', params: { path: join(outside, 'y.png') } }],
    };
    const answer = await postJson(env.url, '/execute', { execution });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.error?.details?.path, 'actions[0].params.path');
    assert.ok(!existsSync(join(outside, 'y.png')));
  });
});

describe('svc serve with a screenshots folder others may write to', () => {
  it('refuses to start, naming the flag, before it listens', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-sec-home-'));
    const shared = mkdtempSync(join(tmpdir(), 'svc-sec-shared-'));
    chmodSync(shared, 0o777);
    const run = await runCliJson(['serve', '--port', '0', '--screenshots-dir', shared], {
      env: isolatedEnv({ HOME: home }),
    });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.json.code, 'PATH_FORBIDDEN');
    assert.equal(run.json.details.path, '--screenshots-dir');
    assert.match(run.json.hint, /chmod 700/);
    assert.doesNotMatch(run.stderr, /listening on/);
  });
});
