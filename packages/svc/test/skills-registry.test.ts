// Loading, listing, getting and searching the registry of a fixture skills repository (a real git repository).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SvcError } from '../src/contracts/errors.ts';
import { getSkill, hasAnyFilter, searchSkills } from '../src/skills/find-skills.ts';
import { loadRegistry } from '../src/skills/registry.ts';
import { resolveSkillPath } from '../src/skills/skill-paths.ts';
import { useLoadedFixture } from './skills-fixture.ts';

const readFailed = (path: string, reason: RegExp) => (error: unknown) => {
  assert.ok(error instanceof SvcError, String(error));
  assert.equal(error.code, 'REGISTRY_READ_FAILED');
  assert.equal(error.details?.path, path);
  assert.match(String(error.details?.reason), reason);
  return true;
};

describe('skills registry', () => {
  const fixture = useLoadedFixture();

  it('loads every entry and takes the folder holding skills/ as the root of entry paths', () => {
    assert.equal(fixture.registry.registryPath, fixture.repo.registryPath);
    assert.equal(fixture.registry.root, fixture.repo.dir);
    assert.equal(fixture.registry.skills.length, 8);
    const skill = getSkill(fixture.registry, 'com.example.notes.create-note');
    assert.equal(
      resolveSkillPath(fixture.registry, skill, skill.skillFile, 'skillFile'),
      join(fixture.repo.dir, 'skills', skill.id, 'SKILL.md'),
    );
  });

  it('accepts bare-string artifacts and names them by file name (DECISIONS 9)', async () => {
    const path = join(fixture.repo.dir, 'other-registry.json');
    const entry = { ...getSkill(fixture.registry, 'com.example.notes.create-note'), artifacts: ['a/b/x.recipe.json'] };
    writeFileSync(path, JSON.stringify({ skills: [entry] }));
    const loaded = await loadRegistry({ SVC_SKILLS_REGISTRY: path });
    assert.deepEqual(loaded.skills[0]?.artifacts, [{ name: 'x.recipe.json', path: 'a/b/x.recipe.json' }]);
  });

  it('fails with REGISTRY_READ_FAILED naming the path when the file is missing', async () => {
    const path = join(fixture.repo.dir, 'nope.json');
    await assert.rejects(loadRegistry({ SVC_SKILLS_REGISTRY: path }), readFailed(path, /file not found/));
  });

  it('says how to start a registry or install one when SVC_SKILLS_REGISTRY is unset and nothing is installed', async () => {
    const home = join(fixture.repo.dir, 'empty-home');
    const path = join(home, '.svc', 'skills', 'skills-registry.json');
    await assert.rejects(loadRegistry({ HOME: home }), (error: unknown) => {
      readFailed(path, /SVC_SKILLS_REGISTRY is not set/)(error);
      const hint = (error as SvcError).toBody().hint;
      assert.match(hint ?? '', /export SVC_SKILLS_REGISTRY=.*svc skills new <skill-id> --app <package>/);
      assert.match(hint ?? '', /svc skills install --repo <url>/);
      return true;
    });
  });

  it('finds the installed checkout registry when SVC_SKILLS_REGISTRY is unset', async () => {
    const home = join(fixture.repo.dir, 'home');
    const installed = join(home, '.svc', 'skills', 'skills');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'skills-registry.json'), '{"skills":[]}');
    const loaded = await loadRegistry({ HOME: home });
    assert.equal(loaded.registryPath, join(installed, 'skills-registry.json'));
  });

  for (const [name, text, reason] of [
    ['invalid JSON', '{"skills": [', /invalid JSON/],
    ['no skills array', '{"items": []}', /^skills: /],
    ['an entry without an id', '{"skills": [{"applicationId": "a"}]}', /^skills\.0\.id: /],
    [
      'scripts that are not strings',
      '{"skills": [{"id":"a","applicationId":"","intent":"","summary":"","path":"","skillFile":"","scripts":[1],"artifacts":[]}]}',
      /^skills\.0\.scripts\.0: /,
    ],
    [
      'duplicate ids',
      JSON.stringify({
        skills: [0, 1].map(() => ({
          id: 'a',
          applicationId: '',
          intent: '',
          summary: '',
          path: '',
          skillFile: '',
          scripts: [],
          artifacts: [],
        })),
      }),
      /duplicate skill id "a"/,
    ],
  ] as const) {
    it(`fails with REGISTRY_READ_FAILED and the reason for ${name}`, async () => {
      const path = join(fixture.repo.dir, `broken-${name.replaceAll(' ', '-')}.json`);
      writeFileSync(path, text);
      await assert.rejects(loadRegistry({ SVC_SKILLS_REGISTRY: path }), readFailed(path, reason));
    });
  }

  it('fails with SKILL_NOT_FOUND for an unknown id', () => {
    assert.throws(
      () => getSkill(fixture.registry, 'no.such.skill'),
      (error: unknown) => {
        return (
          error instanceof SvcError && error.code === 'SKILL_NOT_FOUND' && error.details?.skillId === 'no.such.skill'
        );
      },
    );
  });

  const ids = (filters: Parameters<typeof searchSkills>[1], keywordOverApp = false) =>
    searchSkills(fixture.registry, filters, { keywordOverApp }).map((skill) => skill.id);

  it('filters by exact applicationId and exact intent, both together', () => {
    assert.deepEqual(ids({ app: 'com.example.broken' }), ['com.example.broken.bad-frame', 'com.example.broken.fails']);
    assert.deepEqual(ids({ app: 'com.example' }), []);
    assert.deepEqual(ids({ app: 'com.example.broken', intent: 'fails' }), ['com.example.broken.fails']);
    assert.deepEqual(ids({ intent: 'fail' }), []);
  });

  it('matches the keyword case-insensitively in the id or the summary', () => {
    assert.deepEqual(ids({ keyword: 'WI-FI' }), ['com.example.settings.read-wifi']);
    assert.deepEqual(ids({ keyword: 'read-WIFI' }), ['com.example.settings.read-wifi']);
  });

  it('matches the keyword in the applicationId only when asked (HTTP), not on the CLI', () => {
    assert.deepEqual(ids({ keyword: 'android.settings' }), []);
    assert.deepEqual(ids({ keyword: 'android.settings' }, true), ['com.example.settings.read-wifi']);
  });

  it('treats blank filters as absent', () => {
    assert.equal(hasAnyFilter({ app: ' ', keyword: '' }), false);
    assert.equal(hasAnyFilter({ intent: 'x' }), true);
    assert.equal(ids({ keyword: '  ' }).length, 8);
  });
});
