// The `svc skills` commands as a user runs them (real CLI process, fixture skills repository in a real git repo):
// list, get, search, compile-artifact, run and new, their JSON shapes (SPEC 4.2, DECISIONS 10) and every error code.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { MAIN, runCli, runCliJson } from './run-cli.ts';
import { BROKEN_SKILL_DETAILS, createFixtureRepo, type FixtureRepo } from './skills-fixture.ts';
import { isAlive, waitUntil } from './skills-process.ts';

const NOTES = 'com.example.notes.create-note';
const NOTE_VARS = { APP: 'com.example.notes', FIELD: 'com.example.notes:id/body', TEXT: 'hi', NAP_MS: 0 };

describe('svc skills CLI', () => {
  let repo: FixtureRepo;
  // `skills run` resolves its device like every device command: one simulated device, on a private adb server.
  let lab: Lab;
  let serial: string;
  const envOf = (env: Record<string, string> = {}) => ({ ...lab.env, ...repo.env, ...env });
  const svc = (args: string[], env: Record<string, string> = {}) => runCliJson(args, { env: envOf(env) });
  before(async () => {
    repo = createFixtureRepo();
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
  });
  after(async () => {
    rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
    await lab.close();
  });

  it('lists every skill as { ok, skills, count } and shows a table in pretty mode', async () => {
    const run = await svc(['skills', 'list']);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.ok, true);
    assert.equal(run.json.count, 8);
    assert.equal(run.json.skills.length, 8);
    assert.deepEqual(run.json.skills[1].artifacts, []);
    const pretty = await runCli(['skills', 'list', '--output', 'pretty'], { env: repo.env });
    assert.match(pretty.stdout, /^ID +APP +INTENT +SUMMARY/);
    assert.match(pretty.stdout, /com\.example\.settings\.read-wifi +com\.android\.settings +read-wifi/);
  });

  it('gets one entry with its normalized artifacts, and SKILL_NOT_FOUND for an unknown id', async () => {
    const run = await svc(['skills', 'get', NOTES]);
    assert.equal(run.code, 0);
    assert.deepEqual(Object.keys(run.json), ['ok', 'skill']);
    assert.equal(run.json.skill.id, NOTES);
    assert.deepEqual(run.json.skill.artifacts[0], {
      name: 'create-note.recipe.json',
      path: `skills/${NOTES}/artifacts/create-note.recipe.json`,
    });
    const missing = await svc(['skills', 'get', 'no.such.skill']);
    assert.equal(missing.code, 1);
    assert.equal(missing.json.code, 'SKILL_NOT_FOUND');
    assert.equal(missing.json.details.skillId, 'no.such.skill');
  });

  it('searches by exact app and intent and by case-insensitive keyword over id and summary only', async () => {
    const ids = async (...flags: string[]) => {
      const run = await svc(['skills', 'search', ...flags]);
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.count, run.json.skills.length);
      return run.json.skills.map((skill: { id: string }) => skill.id);
    };
    assert.deepEqual(await ids('--app', 'com.example.broken', '--intent', 'fails'), ['com.example.broken.fails']);
    assert.deepEqual(await ids('--keyword', 'WI-FI NETWORK'), ['com.example.settings.read-wifi']);
    assert.deepEqual(await ids('--keyword', 'CREATE-NOTE'), [NOTES]);
    // SPEC 4.4: on the CLI the keyword does not look at applicationId (HTTP does, SPEC 4.1).
    assert.deepEqual(await ids('--keyword', 'android.settings'), []);
  });

  it('refuses a search without any filter with CLI_USAGE_ERROR', async () => {
    for (const flags of [[], ['--keyword', '  ']]) {
      const run = await svc(['skills', 'search', ...flags]);
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'CLI_USAGE_ERROR');
    }
  });

  it('fails with REGISTRY_READ_FAILED naming the path and the reason when the registry is missing or broken', async () => {
    const missingPath = join(repo.dir, 'absent.json');
    const missing = await svc(['skills', 'list'], { SVC_SKILLS_REGISTRY: missingPath });
    assert.equal(missing.code, 1);
    assert.equal(missing.json.code, 'REGISTRY_READ_FAILED');
    assert.deepEqual(missing.json.details, { path: missingPath, reason: 'file not found' });
    const brokenPath = join(repo.dir, 'broken.json');
    writeFileSync(brokenPath, '{"skills": [{"id": 3}]}');
    for (const args of [
      ['skills', 'get', NOTES],
      ['skills', 'run', NOTES],
      ['skills', 'search', '--app', 'x'],
    ]) {
      const broken = await svc(args, { SVC_SKILLS_REGISTRY: brokenPath });
      assert.equal(broken.json.code, 'REGISTRY_READ_FAILED', args.join(' '));
      assert.equal(broken.json.details.path, brokenPath);
      assert.match(broken.json.details.reason, /^skills\.0\.id: /);
    }
  });

  it('compiles an artifact given by position or --skill-id, with or without .recipe.json', async () => {
    const vars = JSON.stringify(NOTE_VARS);
    const byPosition = await svc(['skills', 'compile-artifact', NOTES, '--artifact', 'create-note', '--vars', vars]);
    assert.equal(byPosition.code, 0, byPosition.stdout);
    assert.deepEqual(Object.keys(byPosition.json), ['ok', 'skillId', 'artifact', 'execution']);
    assert.equal(byPosition.json.artifact, 'create-note.recipe.json');
    assert.equal(byPosition.json.execution.mode, 'artifact_compiled');
    assert.equal(byPosition.json.execution.actions[0].params.applicationId, 'com.example.notes');
    const byFlag = await svc([
      'skills',
      'compile-artifact',
      '--skill-id',
      NOTES,
      '--artifact',
      'create-note.recipe.json',
      '--vars',
      vars,
    ]);
    assert.equal(byFlag.code, 0, byFlag.stdout);
    assert.notEqual(byFlag.json.execution.commandId, byPosition.json.execution.commandId);
  });

  it('keeps a variable with quotes, braces and newlines exactly without breaking the JSON', async () => {
    const text = 'a "quoted" }, {"x": 1}\nline two \\ {{APP}}';
    const vars = JSON.stringify({ ...NOTE_VARS, TEXT: text });
    const run = await svc(['skills', 'compile-artifact', NOTES, '--artifact', 'create-note', '--vars', vars]);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.execution.actions[1].params.text, text);
    assert.equal(run.json.execution.actions.length, 3);
  });

  it('fails with SKILL_VARS_MISSING listing every missing variable', async () => {
    const run = await svc(['skills', 'compile-artifact', NOTES, '--artifact', 'create-note', '--vars', '{"APP":"a"}']);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'SKILL_VARS_MISSING');
    assert.deepEqual(run.json.details.missing, ['FIELD', 'TEXT', 'NAP_MS']);
    assert.match(run.json.message, /FIELD, TEXT, NAP_MS/);
  });

  it('rejects bad compile-artifact input with the matching code', async () => {
    const cases: [string[], string][] = [
      [['--artifact', 'create-note', '--vars', '[1]'], 'EXECUTION_VALIDATION_FAILED'],
      [['--artifact', 'create-note', '--vars', '{oops'], 'EXECUTION_VALIDATION_FAILED'],
      [[], 'CLI_USAGE_ERROR'],
      [['--artifact', 'nope'], 'SKILL_ARTIFACT_NOT_FOUND'],
      [['--artifact', 'create-note', '--skill-id', 'other.skill'], 'CLI_USAGE_ERROR'],
    ];
    for (const [flags, code] of cases) {
      const run = await svc(['skills', 'compile-artifact', NOTES, ...flags]);
      assert.equal(run.code, 1, flags.join(' '));
      assert.equal(run.json.code, code, `${flags.join(' ')}: ${run.stdout}`);
    }
    const noSkill = await svc(['skills', 'compile-artifact', '--artifact', 'x']);
    assert.equal(noSkill.json.code, 'CLI_USAGE_ERROR');
  });

  it('runs a skill with the device serial first and the args after --, in the SPEC 4.2 success shape', async () => {
    const run = await svc(['skills', 'run', NOTES, '--device', serial, '--', '--flag', 'two words']);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(Object.keys(run.json).sort(), [
      'durationMs',
      'exitCode',
      'ok',
      'output',
      'skillId',
      'skillResult',
      'timeoutMs',
    ]);
    assert.equal(run.json.exitCode, 0);
    assert.equal(run.json.timeoutMs, 120000);
    assert.deepEqual(run.json.skillResult.argv, [serial, '--flag', 'two words']);
    assert.equal(run.json.skillResult.env.ANDROID_SERIAL, serial);
    // The script can call svc back: SVC_BIN is a runnable svc entry and the operator package is passed on.
    assert.ok(existsSync(run.json.skillResult.env.SVC_BIN), run.json.skillResult.env.SVC_BIN);
    assert.equal(run.json.skillResult.env.SVC_OPERATOR_PACKAGE, 'com.svc.operator');
  });

  it('takes the device from ANDROID_SERIAL and the operator package from the flag', async () => {
    const run = await svc(['skills', 'run', NOTES, '--operator-package', 'com.svc.operator.dev', '--', 'x'], {
      ANDROID_SERIAL: serial,
    });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.json.skillResult.argv, [serial, 'x']);
    assert.equal(run.json.skillResult.env.SVC_OPERATOR_PACKAGE, 'com.svc.operator.dev');
  });

  it('puts the only connected device first when none is named, so the args after -- never shift', async () => {
    const run = await svc(['skills', 'run', NOTES, '--', 'extra', 'args']);
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.json.skillResult.argv, [serial, 'extra', 'args']);
  });

  it('refuses a device that is not connected before starting the script', async () => {
    const run = await svc(['skills', 'run', NOTES, '--device', 'no-such-serial', '--', 'x']);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'DEVICE_NOT_FOUND');
  });

  it('echoes expectedSubstring and the timeout, and fails SKILL_OUTPUT_ASSERTION_FAILED when text is absent', async () => {
    const wifi = 'com.example.settings.read-wifi';
    const ok = await svc(['skills', 'run', wifi, '--expect-contains', 'HomeNet', '--timeout-ms', '9000']);
    assert.equal(ok.code, 0, ok.stdout);
    assert.equal(ok.json.expectedSubstring, 'HomeNet');
    assert.equal(ok.json.timeoutMs, 9000);
    const bad = await svc(['skills', 'run', wifi, '--expect-contains', 'Elsewhere']);
    assert.equal(bad.code, 1);
    assert.equal(bad.json.code, 'SKILL_OUTPUT_ASSERTION_FAILED');
    assert.deepEqual(Object.keys(bad.json.details).sort(), [
      'expectedSubstring',
      'output',
      'skillId',
      'skillResult',
      'timeoutMs',
    ]);
    assert.match(bad.json.details.output, /HomeNet/);
    assert.deepEqual(bad.json.details.skillResult, { network: 'HomeNet', n: 2 });
  });

  it('fails SKILL_EXECUTION_FAILED with exit code, stdout, stderr and the partial skillResult', async () => {
    const run = await svc(['skills', 'run', 'com.example.broken.fails']);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'SKILL_EXECUTION_FAILED');
    assert.deepEqual(run.json.details, BROKEN_SKILL_DETAILS.fails);
  });

  it('fails SKILL_RESULT_PARSE_FAILED on a malformed frame and SKILL_NOT_FOUND on an unknown skill', async () => {
    const parse = await svc(['skills', 'run', 'com.example.broken.bad-frame']);
    assert.equal(parse.code, 1);
    assert.equal(parse.json.code, 'SKILL_RESULT_PARSE_FAILED');
    assert.deepEqual(parse.json.details, BROKEN_SKILL_DETAILS.badFrame);
    const unknown = await svc(['skills', 'run', 'nope.nope']);
    assert.equal(unknown.json.code, 'SKILL_NOT_FOUND');
  });

  it('rejects a timeout that is not a positive integer before running anything', async () => {
    for (const value of ['0', '-5', '1.5', 'ten']) {
      const run = await svc(['skills', 'run', NOTES, '--timeout-ms', value]);
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', `${value}: ${run.stdout}`);
    }
  });

  it('kills the script and its grandchild when --timeout-ms passes', async () => {
    const pidFile = join(repo.dir, 'cli-grandchild.pid');
    const run = await svc(['skills', 'run', 'com.example.slow.sleeper', '--timeout-ms', '2500', '--', pidFile]);
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'SKILL_EXECUTION_FAILED');
    assert.match(run.json.message, /timed out after 2500 ms/);
    assert.equal(run.json.details.exitCode, null);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(await waitUntil(() => !isAlive(grandchild)), `grandchild ${grandchild} still runs`);
  });

  it('streams the script output to the terminal as it arrives in pretty mode', async () => {
    // The script prints its second line only once the go file exists; we create it when the first line reaches
    // the CLI's stdout, so the run can only finish if output is streamed before the script ends.
    const go = join(repo.dir, 'pretty-go');
    const child = spawn(
      process.execPath,
      [MAIN, 'skills', 'run', 'com.example.stream.two-lines', '--output', 'pretty', '--', go],
      {
        env: envOf({ NO_COLOR: '1' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('first line') && !existsSync(go)) writeFileSync(go, '');
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    assert.match(stdout, /^first line\nsecond line\nok skill com\.example\.stream\.two-lines finished in \d+ ms\n$/);
  });

  it('prints a pretty failure without repeating the streamed output', async () => {
    const run = await runCli(['skills', 'run', 'com.example.broken.fails', '--output', 'pretty'], { env: envOf() });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, 'went wrong\n');
    const lines = run.stdout.split('\n');
    assert.deepEqual(lines.slice(0, 2), ['partial', '[svc-Skill-Result] {"stage":"login"}']);
    assert.match(lines[2] ?? '', /^error SKILL_EXECUTION_FAILED: .*exited with code 3/);
    assert.equal(run.stdout.match(/partial/g)?.length, 1);
  });

  it('scaffolds a skill with `skills new` that compiles with no --vars: the app comes from the id', async () => {
    const scratch = createFixtureRepo();
    try {
      const env = { ...scratch.env };
      const created = await runCliJson(['skills', 'new', 'com.android.settings.open-page', '--summary', 'Opens'], {
        env,
      });
      assert.equal(created.code, 0, created.stdout);
      assert.equal(created.json.skill.applicationId, 'com.android.settings');
      assert.equal(created.json.skill.intent, 'open-page');
      for (const file of created.json.files) assert.ok(existsSync(file), file);
      const got = await runCliJson(['skills', 'get', 'com.android.settings.open-page'], { env });
      assert.equal(got.json.skill.scripts[0], 'skills/com.android.settings.open-page/scripts/run.js');
      const compiled = await runCliJson(
        ['skills', 'compile-artifact', 'com.android.settings.open-page', '--artifact', 'open-and-snapshot'],
        { env },
      );
      assert.equal(compiled.code, 0, compiled.stdout);
      assert.equal(compiled.json.execution.actions[0].params.applicationId, 'com.android.settings');
      const other = await runCliJson(
        ['skills', 'compile-artifact', 'com.android.settings.open-page', '--artifact', 'open-and-snapshot'].concat([
          '--vars',
          '{"APPLICATION_ID":"com.svc.thermostat"}',
        ]),
        { env },
      );
      assert.equal(other.json.execution.actions[0].params.applicationId, 'com.svc.thermostat');
      const registryBefore = readFileSync(scratch.registryPath, 'utf8');
      const again = await runCliJson(['skills', 'new', 'com.android.settings.open-page'], { env });
      assert.equal(again.code, 1);
      assert.equal(again.json.code, 'SKILL_ALREADY_EXISTS', again.stdout);
      assert.equal(again.json.details.path, 'skillId');
      // It says what to do (another id, or the existing skill), not "send it again".
      assert.match(again.json.hint, /another id.*svc skills get com\.android\.settings\.open-page/);
      assert.doesNotMatch(again.json.hint, /send it again/);
      assert.equal(readFileSync(scratch.registryPath, 'utf8'), registryBefore, 'nothing written');
      const bad = await runCliJson(['skills', 'new', '../escape'], { env });
      assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
      // An id without an app would scaffold a recipe that never compiles: refused, unless --app names the app.
      const appless = await runCliJson(['skills', 'new', 'wifi'], { env });
      assert.equal(appless.json.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal(appless.json.details.path, 'applicationId');
      assert.match(appless.json.message, /--app/);
      const named = await runCliJson(['skills', 'new', 'wifi', '--app', 'com.android.settings'], { env });
      assert.equal(named.code, 0, named.stdout);
    } finally {
      rmSync(scratch.dir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});
