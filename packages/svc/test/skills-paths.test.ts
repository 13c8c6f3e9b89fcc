// Where a registry's entry paths resolve: against the folder holding the registry's `skills/` folder (never an
// enclosing git repository, issue 20 item 5), and only inside the skill's own folder (issue 19 item 10: an absolute
// script, a `..` artifact or a symlink out is refused before anything is read or run, and never echoed).
import assert from 'node:assert/strict';
import { cpSync, linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { compileArtifact } from '../src/skills/compile-artifact.ts';
import { loadRegistry } from '../src/skills/registry.ts';
import { runSkill } from '../src/skills/run-skill.ts';
import { runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';
import { createFixtureRepo, type FixtureRepo, gitIn } from './skills-fixture.ts';

const NOTES = 'com.example.notes.create-note';
const NOTE_VARS = { APP: 'com.example.notes', FIELD: 'com.example.notes:id/title', TEXT: 't', NAP_MS: 1 };

describe('the registry root follows the registry, not the nearest .git', () => {
  let repo: FixtureRepo;
  let outer: string;
  before(() => {
    repo = createFixtureRepo();
    // A dotfiles repository with the skills checkout copied (not cloned) into it.
    outer = mkdtempSync(join(tmpdir(), 'svc-dotfiles-'));
    gitIn(outer, 'init', '--quiet');
    cpSync(repo.dir, join(outer, 'tools', 'my-skills'), {
      recursive: true,
      filter: (source) => !source.includes('.git'),
    });
  });
  after(() => {
    rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
    rmSync(outer, { recursive: true, force: true, maxRetries: 5 });
  });

  it('resolves entry paths of a copied checkout inside another git repository', async () => {
    const registryPath = join(outer, 'tools', 'my-skills', 'skills', 'skills-registry.json');
    const registry = await loadRegistry({ SVC_SKILLS_REGISTRY: registryPath });
    assert.equal(registry.root, join(outer, 'tools', 'my-skills'));
    const compiled = await compileArtifact(registry, { skillId: NOTES, artifact: 'create-note', vars: NOTE_VARS });
    assert.equal(compiled.ok, true);
  });

  it('takes the registry folder as the root when the registry sits beside its skills folder', async () => {
    const copy = join(outer, 'flat');
    cpSync(join(outer, 'tools', 'my-skills'), copy, { recursive: true });
    cpSync(join(copy, 'skills', 'skills-registry.json'), join(copy, 'skills-registry.json'));
    const registry = await loadRegistry({ SVC_SKILLS_REGISTRY: join(copy, 'skills-registry.json') });
    assert.equal(registry.root, copy);
    const compiled = await compileArtifact(registry, { skillId: NOTES, artifact: 'create-note', vars: NOTE_VARS });
    assert.equal(compiled.artifact, 'create-note.recipe.json');
  });
});

/** A registry of hostile entries beside a secret the entries try to reach. */
function hostileRegistry(): { dir: string; registryPath: string; secret: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-hostile-skills-'));
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, 'TOP-SECRET-CONTENT\n');
  const folder = join(dir, 'skills', 'evil');
  mkdirSync(join(folder, 'artifacts'), { recursive: true });
  symlinkSync(secret, join(folder, 'artifacts', 'link.recipe.json'));
  writeFileSync(join(folder, 'artifacts', 'fine.recipe.json'), '{}');
  const base = { applicationId: 'com.evil', intent: 'x', summary: 'x', path: 'skills/evil', skillFile: '' };
  const skills = [
    { ...base, id: 'abs-script', scripts: ['/usr/bin/env'], artifacts: [] },
    { ...base, id: 'dotdot-artifact', scripts: [], artifacts: [{ name: 'passwd', path: '../../secret.txt' }] },
    { ...base, id: 'symlink-artifact', scripts: [], artifacts: ['skills/evil/artifacts/link.recipe.json'] },
    { ...base, id: 'abs-skill-file', scripts: [], artifacts: [], skillFile: secret },
    { ...base, id: 'folder-escape', path: '..', scripts: ['run.sh'], artifacts: [] },
    {
      ...base,
      id: 'one-bad-script',
      scripts: ['skills/evil/run.sh', '../../../usr/bin/env'],
      artifacts: ['skills/evil/artifacts/fine.recipe.json'],
    },
  ];
  const registryPath = join(dir, 'skills', 'skills-registry.json');
  writeFileSync(registryPath, JSON.stringify({ skills }));
  return { dir, registryPath, secret };
}

describe('entry paths stay inside the skill folder', () => {
  let hostile: ReturnType<typeof hostileRegistry>;
  before(() => {
    hostile = hostileRegistry();
  });
  after(() => rmSync(hostile.dir, { recursive: true, force: true, maxRetries: 5 }));

  const refused = (field: string) => (error: unknown) => {
    const body = error as { code: string; message: string; details?: Record<string, unknown> };
    assert.equal(body.code, 'SKILL_PATH_OUTSIDE_SKILL');
    assert.equal(body.details?.field, field);
    const text = JSON.stringify({ message: body.message, details: body.details });
    assert.doesNotMatch(text, /TOP-SECRET|secret\.txt|\/usr\/bin\/env|\.\.\//);
    return true;
  };

  it('refuses an absolute script, a .. artifact, a symlink out, an absolute skillFile and a folder escape', async () => {
    const registry = await loadRegistry({ SVC_SKILLS_REGISTRY: hostile.registryPath });
    const run = (skillId: string) =>
      runSkill(registry, {
        skillId,
        serial: 'emulator-5554',
        target: { operatorPackage: 'x', driver: 'auto' },
        env: {},
      });
    await assert.rejects(run('abs-script'), refused('scripts[0]'));
    await assert.rejects(compileArtifact(registry, { skillId: 'dotdot-artifact', artifact: 'passwd' }), (error) =>
      refused('artifacts[0].path')(error),
    );
    await assert.rejects(
      compileArtifact(registry, { skillId: 'symlink-artifact', artifact: 'link' }),
      refused('artifacts[0].path'),
    );
    await assert.rejects(run('abs-skill-file'), refused('skillFile'));
    await assert.rejects(run('folder-escape'), refused('path'));
    await assert.rejects(run('one-bad-script'), refused('scripts[1]'));
  });

  it('compile-artifact on the CLI says SKILL_PATH_OUTSIDE_SKILL and never prints the file it was pointed at', async () => {
    const run = await runCliJson(['skills', 'compile-artifact', 'dotdot-artifact', '--artifact', 'passwd'], {
      env: { SVC_SKILLS_REGISTRY: hostile.registryPath },
    });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'SKILL_PATH_OUTSIDE_SKILL');
    assert.doesNotMatch(run.stdout + run.stderr, /TOP-SECRET|secret\.txt/);
  });

  it('refuses a skill folder that is a link out of the registry, and a hard-linked artifact, never showing their bytes', async () => {
    // Issue 36: the skill folder itself a symlink to a folder outside, and an artifact hard-linked to an outside file.
    const outsideDir = mkdtempSync(join(tmpdir(), 'svc-outside-'));
    mkdirSync(join(outsideDir, 'artifacts'));
    writeFileSync(join(outsideDir, 'artifacts', 'steal.recipe.json'), 'TOP-SECRET-CONTENT root:x:0:0\n');
    symlinkSync(outsideDir, join(hostile.dir, 'skills', 'linked'));
    const hardDir = join(hostile.dir, 'skills', 'hard', 'artifacts');
    mkdirSync(hardDir, { recursive: true });
    linkSync(hostile.secret, join(hardDir, 'steal.recipe.json'));
    const broken = join(hostile.dir, 'skills', 'broken', 'artifacts');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'bad.recipe.json'), 'TOP-SECRET-CONTENT is not JSON');
    const base = { applicationId: 'com.evil', intent: 'x', summary: 'x', skillFile: '', scripts: [] };
    const skills = [
      { ...base, id: 'linked-folder', path: 'skills/linked', artifacts: ['skills/linked/artifacts/steal.recipe.json'] },
      { ...base, id: 'hard-linked', path: 'skills/hard', artifacts: ['skills/hard/artifacts/steal.recipe.json'] },
      { ...base, id: 'broken', path: 'skills/broken', artifacts: ['skills/broken/artifacts/bad.recipe.json'] },
    ];
    const registryPath = join(hostile.dir, 'skills', 'more-registry.json');
    writeFileSync(registryPath, JSON.stringify({ skills }));
    const registry = await loadRegistry({ SVC_SKILLS_REGISTRY: registryPath });
    await assert.rejects(compileArtifact(registry, { skillId: 'linked-folder', artifact: 'steal' }), refused('path'));
    await assert.rejects(
      compileArtifact(registry, { skillId: 'hard-linked', artifact: 'steal' }),
      refused('artifacts[0].path'),
    );
    for (const skillId of ['linked-folder', 'hard-linked', 'broken']) {
      const run = await runCliJson(
        ['skills', 'compile-artifact', skillId, '--artifact', skillId === 'broken' ? 'bad' : 'steal'],
        {
          env: { SVC_SKILLS_REGISTRY: registryPath },
        },
      );
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, skillId === 'broken' ? 'EXECUTION_VALIDATION_FAILED' : 'SKILL_PATH_OUTSIDE_SKILL');
      assert.doesNotMatch(run.stdout + run.stderr, /TOP-SECRET|root:x/, skillId);
    }
    rmSync(outsideDir, { recursive: true, force: true });
  });

  describe('over HTTP', () => {
    let lab: Lab;
    let server: RunningServer;
    before(async () => {
      lab = await createLab({ devices: [{}] });
      const env = { ...lab.env, PATH: process.env.PATH ?? '', SVC_SKILLS_REGISTRY: hostile.registryPath };
      const app = createServerApp(createContext({ env, cwd: hostile.dir }), { auth: 'none', loopbackHostOnly: true });
      server = await listenTcp(app, { host: '127.0.0.1', port: 0 });
    });
    after(async () => {
      await server?.close();
      await lab?.close();
    });

    it('POST /skills/abs-script/run runs nothing and returns no environment', async () => {
      const response = await postJson(server.url, '/skills/abs-script/run', {});
      assert.equal(response.status, 500);
      assert.equal(response.body.error?.code, 'SKILL_PATH_OUTSIDE_SKILL');
      assert.doesNotMatch(JSON.stringify(response.body), /PATH=|HOME=|SVC_SKILLS_REGISTRY=/);
    });
  });
});
