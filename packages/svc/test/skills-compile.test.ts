// compile-artifact over the fixture repository's recipes (SPEC 4.4, DECISIONS 10 and 21).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SvcError } from '../src/contracts/errors.ts';
import { compileArtifact } from '../src/skills/compile-artifact.ts';
import { useLoadedFixture } from './skills-fixture.ts';

const skillId = 'com.example.notes.create-note';
const vars = { APP: 'com.example.notes', FIELD: 'com.example.notes:id/body', TEXT: 'hello', NAP_MS: 0 };

const failsWith =
  (code: string, check: (details: Record<string, unknown>) => void = () => {}) =>
  (error: unknown) => {
    assert.ok(error instanceof SvcError, String(error));
    assert.equal(error.code, code, error.message);
    check(error.details ?? {});
    return true;
  };

describe('skills compile-artifact', () => {
  const fixture = useLoadedFixture();

  it('compiles a recipe into a validated execution in mode artifact_compiled', async () => {
    const compiled = await compileArtifact(fixture.registry, { skillId, artifact: 'create-note', vars });
    assert.equal(compiled.ok, true);
    assert.equal(compiled.skillId, skillId);
    assert.equal(compiled.artifact, 'create-note.recipe.json');
    assert.equal(compiled.execution.mode, 'artifact_compiled');
    assert.equal(compiled.execution.source, 'skill-test');
    assert.deepEqual(compiled.execution.actions[1]?.params, { matcher: { resourceId: vars.FIELD }, text: 'hello' });
    assert.deepEqual(compiled.execution.actions[2]?.params, { durationMs: 0 });
  });

  it('accepts the artifact name with the .recipe.json suffix', async () => {
    const compiled = await compileArtifact(fixture.registry, { skillId, artifact: 'create-note.recipe.json', vars });
    assert.equal(compiled.artifact, 'create-note.recipe.json');
  });

  it('fills COMMAND_ID and TASK_ID with fresh unique ids when not given, and keeps given ones', async () => {
    const first = await compileArtifact(fixture.registry, { skillId, artifact: 'create-note', vars });
    const second = await compileArtifact(fixture.registry, { skillId, artifact: 'create-note', vars });
    assert.notEqual(first.execution.commandId, second.execution.commandId);
    assert.notEqual(first.execution.commandId, first.execution.taskId);
    assert.ok(first.execution.commandId.startsWith(skillId));
    assert.ok(first.execution.commandId.length <= 128);
    const given = await compileArtifact(fixture.registry, {
      skillId,
      artifact: 'create-note',
      vars: { ...vars, COMMAND_ID: 'c-1', TASK_ID: 't-1' },
    });
    assert.equal(given.execution.commandId, 'c-1');
    assert.equal(given.execution.taskId, 't-1');
  });

  it('keeps text with quotes, newlines and backslashes exactly, without breaking the JSON', async () => {
    const text = 'He said "stop"\n\\path\\to\t{"x":1}\u0000 $(rm -rf /) 😀';
    const compiled = await compileArtifact(fixture.registry, {
      skillId,
      artifact: 'create-note',
      vars: { ...vars, TEXT: text },
    });
    const typed = compiled.execution.actions[1];
    assert.equal(typed?.type === 'enter_text' ? typed.params.text : undefined, text);
  });

  it('fails with SKILL_VARS_MISSING listing every missing variable at once', async () => {
    await assert.rejects(
      compileArtifact(fixture.registry, { skillId, artifact: 'create-note', vars: { APP: 'x' } }),
      failsWith('SKILL_VARS_MISSING', (details) => {
        assert.deepEqual(details.missing, ['FIELD', 'TEXT', 'NAP_MS']);
        assert.equal(details.skillId, skillId);
        assert.equal(details.artifact, 'create-note.recipe.json');
      }),
    );
  });

  it('fails with SKILL_ARTIFACT_NOT_FOUND listing the available artifacts', async () => {
    await assert.rejects(
      compileArtifact(fixture.registry, { skillId, artifact: 'nope', vars }),
      failsWith('SKILL_ARTIFACT_NOT_FOUND', (details) => {
        assert.deepEqual(details.available, [
          'create-note.recipe.json',
          'bad-json.recipe.json',
          'invalid-execution.recipe.json',
        ]);
      }),
    );
  });

  it('fails with SKILL_NOT_FOUND for an unknown skill', async () => {
    await assert.rejects(
      compileArtifact(fixture.registry, { skillId: 'x.y', artifact: 'a' }),
      failsWith('SKILL_NOT_FOUND'),
    );
  });

  it('fails with EXECUTION_VALIDATION_FAILED when the recipe is not JSON', async () => {
    await assert.rejects(
      compileArtifact(fixture.registry, { skillId, artifact: 'bad-json' }),
      failsWith('EXECUTION_VALIDATION_FAILED', (details) => assert.equal(details.artifact, 'bad-json.recipe.json')),
    );
  });

  it('fails with EXECUTION_VALIDATION_FAILED naming the path when the compiled execution is invalid', async () => {
    await assert.rejects(
      compileArtifact(fixture.registry, { skillId, artifact: 'invalid-execution' }),
      failsWith('EXECUTION_VALIDATION_FAILED', (details) => assert.equal(details.path, 'actions')),
    );
  });
});
