// skills run over the fixture repository's scripts (SPEC 4.2): argument order, environment, framed results, every
// failure code, live output, and timeouts that kill the whole process group.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SvcError } from '../src/contracts/errors.ts';
import { runSkill, type SkillRunRequest } from '../src/skills/run-skill.ts';
import { BROKEN_SKILL_DETAILS, useLoadedFixture } from './skills-fixture.ts';
import { isAlive, waitUntil } from './skills-process.ts';

describe('skills run', () => {
  const fixture = useLoadedFixture();
  const run = (skillId: string, extra: Partial<SkillRunRequest> = {}) =>
    runSkill(fixture.registry, {
      skillId,
      env: fixture.repo.env,
      serial: 'emulator-5554',
      target: { operatorPackage: 'com.svc.operator.dev', driver: 'auto' },
      svcBin: '/x/svc.js',
      ...extra,
    });
  const failure = async (promise: Promise<unknown>, code: string) => {
    const error = await promise.then(
      () => assert.fail('expected a failure'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof SvcError, String(error));
    assert.equal(error.code, code, error.message);
    return { message: error.message, details: error.details ?? {} };
  };

  it('runs the Node script with the device serial first, then the args, and returns the framed result', async () => {
    const result = await run('com.example.notes.create-note', {
      serial: 'emulator-5554',
      args: ['a b', '$(id)', '"q"'],
    });
    assert.deepEqual(Object.keys(result).sort(), [
      'durationMs',
      'exitCode',
      'ok',
      'output',
      'skillId',
      'skillResult',
      'timeoutMs',
    ]);
    assert.equal(result.ok, true);
    assert.equal(result.exitCode, 0);
    assert.equal(result.timeoutMs, 120000);
    assert.equal(typeof result.durationMs, 'number');
    assert.match(result.output, /^hello from echo\n/);
    assert.doesNotMatch(result.output, /a note on stderr/);
    assert.deepEqual(result.skillResult, {
      argv: ['emulator-5554', 'a b', '$(id)', '"q"'],
      cwd: join(fixture.repo.dir, 'skills', 'com.example.notes.create-note'),
      env: {
        SVC_BIN: '/x/svc.js',
        SVC_OPERATOR_PACKAGE: 'com.svc.operator.dev',
        SVC_DRIVER: 'auto',
        ANDROID_SERIAL: 'emulator-5554',
        SVC_SKILL_ID: 'com.example.notes.create-note',
      },
    });
  });

  it('always passes the resolved serial first, so the args of the caller never shift', async () => {
    const result = await run('com.example.notes.create-note', { serial: 'only-device', args: ['only'] });
    assert.deepEqual((result.skillResult as { argv: string[] }).argv, ['only-device', 'only']);
  });

  it('runs a .sh script with bash and reads a frame whose JSON is on the next line', async () => {
    const result = await run('com.example.settings.read-wifi', { serial: 'S1', args: ['x'] });
    assert.match(result.output, /^args: S1 x\n/);
    assert.deepEqual(result.skillResult, { network: 'HomeNet', n: 2 });
  });

  it('executes a script without a known extension directly, and gives null skillResult without a frame', async () => {
    const result = await run('com.example.direct.exec', { args: ['one'] });
    assert.equal(result.output, 'direct 2 emulator-5554\n');
    assert.equal(result.skillResult, null);
  });

  it('reports expectedSubstring when the output contains it', async () => {
    const result = await run('com.example.settings.read-wifi', { expectContains: 'HomeNet', timeoutMs: 5000 });
    assert.equal(result.expectedSubstring, 'HomeNet');
    assert.equal(result.timeoutMs, 5000);
  });

  it('fails with SKILL_OUTPUT_ASSERTION_FAILED when the output lacks the expected text', async () => {
    const { details } = await failure(
      run('com.example.settings.read-wifi', { expectContains: 'OtherNet' }),
      'SKILL_OUTPUT_ASSERTION_FAILED',
    );
    assert.equal(details.skillId, 'com.example.settings.read-wifi');
    assert.equal(details.expectedSubstring, 'OtherNet');
    assert.match(String(details.output), /HomeNet/);
    assert.equal(details.timeoutMs, 120000);
    assert.deepEqual(details.skillResult, { network: 'HomeNet', n: 2 });
  });

  it('fails with SKILL_EXECUTION_FAILED carrying exit code, stdout, stderr and the partial result', async () => {
    const { details } = await failure(run('com.example.broken.fails'), 'SKILL_EXECUTION_FAILED');
    assert.deepEqual(details, BROKEN_SKILL_DETAILS.fails);
  });

  it('fails with SKILL_RESULT_PARSE_FAILED when the frame is malformed', async () => {
    const { details } = await failure(run('com.example.broken.bad-frame'), 'SKILL_RESULT_PARSE_FAILED');
    assert.deepEqual(details, BROKEN_SKILL_DETAILS.badFrame);
  });

  it('fails with SKILL_EXECUTION_FAILED when the skill lists no script', async () => {
    const { details } = await failure(run('com.example.empty.no-scripts'), 'SKILL_EXECUTION_FAILED');
    assert.equal(details.exitCode, null);
  });

  it('fails with SKILL_NOT_FOUND for an unknown skill', async () => {
    await failure(run('com.example.nothing'), 'SKILL_NOT_FOUND');
  });

  it('fails with SKILL_EXECUTION_FAILED naming the path when the listed script file is missing', async () => {
    const skill = fixture.registry.skills.find((entry) => entry.id === 'com.example.direct.exec');
    assert.ok(skill);
    const broken = { ...fixture.registry, skills: [{ ...skill, scripts: ['skills/com.example.direct.exec/gone.sh'] }] };
    const { message, details } = await failure(
      runSkill(broken, {
        skillId: skill.id,
        env: fixture.repo.env,
        serial: 's',
        target: { operatorPackage: 'p', driver: 'auto' },
      }),
      'SKILL_EXECUTION_FAILED',
    );
    assert.match(message, /has no script at .*gone\.sh/);
    assert.equal(details.exitCode, null);
  });

  it('rejects a timeout that is not a positive integer before starting the script', async () => {
    for (const timeoutMs of [0, -1, 1.5, 2 ** 31, Number.NaN]) {
      const { details } = await failure(
        run('com.example.settings.read-wifi', { timeoutMs }),
        'EXECUTION_VALIDATION_FAILED',
      );
      assert.equal(details.path, 'timeoutMs');
    }
  });

  it('kills the script and its grandchild when the caller aborts the run', async () => {
    const pidFile = join(fixture.repo.dir, 'aborted-grandchild.pid');
    const controller = new AbortController();
    const pending = run('com.example.slow.sleeper', {
      args: [pidFile],
      signal: controller.signal,
      onStdout: () => controller.abort(),
    });
    const { message } = await failure(pending, 'SKILL_EXECUTION_FAILED');
    assert.match(message, /cancelled/);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(await waitUntil(() => !isAlive(grandchild)), `grandchild ${grandchild} still runs`);
  });

  it('kills the script and its grandchild when the timeout passes', async () => {
    const pidFile = join(fixture.repo.dir, 'grandchild.pid');
    const { message, details } = await failure(
      run('com.example.slow.sleeper', { args: [pidFile], timeoutMs: 1500 }),
      'SKILL_EXECUTION_FAILED',
    );
    assert.match(message, /timed out after 1500 ms/);
    assert.equal(details.exitCode, null);
    assert.equal(details.stdout, 'started\n');
    assert.equal(details.timeoutMs, 1500);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(grandchild > 0);
    assert.ok(await waitUntil(() => !isAlive(grandchild)), `grandchild ${grandchild} still runs`);
  });

  it('hands output to the caller as it arrives, before the script ends', async () => {
    const go = join(fixture.repo.dir, 'go-signal');
    const chunks: string[] = [];
    const result = await run('com.example.stream.two-lines', {
      args: [go],
      // The script prints its second line only after this file exists, which we write on seeing the first line.
      onStdout: (chunk) => {
        chunks.push(chunk);
        if (chunk.includes('first line') && !existsSync(go)) writeFileSync(go, '');
      },
    });
    assert.equal(result.output, 'first line\nsecond line\n');
    assert.ok(chunks.length >= 2);
  });
});
