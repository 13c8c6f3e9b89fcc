// A fixture skills repository: a real git repository in a temp dir with a registry (in `skills/`, as the upstream
// layout has it) and skills whose scripts exercise every path of `skills run`. Tests point SVC_SKILLS_REGISTRY at it.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { loadRegistry } from '../src/skills/registry.ts';
import type { SkillsRegistry } from '../src/skills/types.ts';

export interface FixtureRepo {
  dir: string;
  registryPath: string;
  /** An env with only what a skill needs: PATH, HOME and the registry. */
  env: Record<string, string>;
}

type Files = Record<string, string>;

const entry = (
  id: string,
  applicationId: string,
  intent: string,
  summary: string,
  files: Files,
  scripts: string[],
) => ({
  id,
  applicationId,
  intent,
  summary,
  path: `skills/${id}`,
  skillFile: `skills/${id}/SKILL.md`,
  scripts: scripts.map((script) => `skills/${id}/${script}`),
  artifacts: Object.keys(files)
    .filter((name) => name.startsWith('artifacts/'))
    .map((name) => ({ name: name.slice('artifacts/'.length), path: `skills/${id}/${name}` })),
  files,
});

const recipe = (extra: string) => `{
  "commandId": "{{COMMAND_ID}}",
  "taskId": "{{TASK_ID}}",
  "source": "skill-test",
  "expectedFormat": "android-ui-automator",
  "timeoutMs": 30000,
  "actions": [${extra}]
}
`;

const FRAME_SAME_LINE = `
const out = { argv: process.argv.slice(2), cwd: process.cwd(), env: {
  SVC_BIN: process.env.SVC_BIN, SVC_OPERATOR_PACKAGE: process.env.SVC_OPERATOR_PACKAGE,
  SVC_DRIVER: process.env.SVC_DRIVER, ANDROID_SERIAL: process.env.ANDROID_SERIAL ?? null, SVC_SKILL_ID: process.env.SVC_SKILL_ID } };
console.log('hello from echo');
console.error('a note on stderr');
console.log('[svc-Skill-Result] ' + JSON.stringify(out));
`;

export const FIXTURE_SKILLS = [
  entry(
    'com.example.notes.create-note',
    'com.example.notes',
    'create-note',
    'Creates a note with a title and body',
    {
      'SKILL.md': '# Create a note\n',
      'scripts/run.js': FRAME_SAME_LINE,
      'scripts/helper.sh': 'echo helper should not be chosen\n',
      'artifacts/create-note.recipe.json': recipe(`
    { "id": "open", "type": "open_app", "params": { "applicationId": "{{APP}}" } },
    { "id": "type", "type": "enter_text", "params": { "matcher": { "resourceId": "{{FIELD}}" }, "text": "{{TEXT}}" } },
    { "id": "nap", "type": "sleep", "params": { "durationMs": {{NAP_MS}} } }`),
      'artifacts/bad-json.recipe.json': '{ "commandId": "{{COMMAND_ID}}", ',
      'artifacts/invalid-execution.recipe.json': recipe(''),
    },
    ['scripts/helper.sh', 'scripts/run.js'],
  ),
  entry(
    'com.example.settings.read-wifi',
    'com.android.settings',
    'read-wifi',
    'Reads the Wi-Fi network name',
    {
      'SKILL.md': '# Read Wi-Fi\n',
      'run.sh': 'echo "args: $*"\necho "[svc-Skill-Result]"\necho \'{"network":"HomeNet","n":2}\'\n',
    },
    ['run.sh'],
  ),
  entry(
    'com.example.broken.bad-frame',
    'com.example.broken',
    'bad-frame',
    'Prints a malformed result frame',
    {
      'scripts/run.js': "console.log('[svc-Skill-Result] {not json');\n",
    },
    ['scripts/run.js'],
  ),
  entry(
    'com.example.broken.fails',
    'com.example.broken',
    'fails',
    'Exits with code 3 after a partial result',
    {
      'scripts/run.sh': 'echo partial\necho "went wrong" >&2\necho \'[svc-Skill-Result] {"stage":"login"}\'\nexit 3\n',
    },
    ['scripts/run.sh'],
  ),
  entry(
    'com.example.slow.sleeper',
    'com.example.slow',
    'sleeper',
    'Starts a grandchild and waits forever',
    {
      // The grandchild pid goes to a file named by the argument after the serial, so the test can check it is gone.
      'scripts/run.sh': 'sleep 1000 &\necho $! > "$2"\necho started\nwait\n',
    },
    ['scripts/run.sh'],
  ),
  entry(
    'com.example.stream.two-lines',
    'com.example.stream',
    'two-lines',
    'Prints, waits for a go file, prints',
    {
      'scripts/run.js': `import { existsSync } from 'node:fs';
console.log('first line');
const go = process.argv[3];
const wait = () => existsSync(go) ? console.log('second line') : setTimeout(wait, 20);
wait();
`,
    },
    ['scripts/run.js'],
  ),
  entry(
    'com.example.direct.exec',
    'com.example.direct',
    'exec',
    'A script without an extension, run directly',
    {
      'scripts/run-direct': '#!/bin/sh\necho "direct $# $1"\n',
    },
    ['scripts/run-direct'],
  ),
  entry('com.example.empty.no-scripts', 'com.example.empty', 'no-scripts', 'Lists no script at all', {}, []),
];

function write(root: string, files: Files): void {
  for (const [name, text] of Object.entries(files)) {
    const file = join(root, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (name.includes('run')) chmodSync(file, 0o755);
  }
}

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  }).trim();
}

/** The error details every surface (runSkill, the CLI, HTTP) must report for the two broken fixture skills. */
export const BROKEN_SKILL_DETAILS = {
  fails: {
    skillId: 'com.example.broken.fails',
    exitCode: 3,
    stdout: 'partial\n[svc-Skill-Result] {"stage":"login"}\n',
    stderr: 'went wrong\n',
    skillResult: { stage: 'login' },
    timeoutMs: 120000,
  },
  badFrame: {
    skillId: 'com.example.broken.bad-frame',
    stdout: '[svc-Skill-Result] {not json\n',
    skillResult: null,
  },
};

/** Creates the fixture repository (one commit on `main`) under a fresh temp dir. */
export function createFixtureRepo(extraSkills: typeof FIXTURE_SKILLS = []): FixtureRepo {
  const dir = mkdtempSync(join(tmpdir(), 'svc-skills-repo-'));
  const skills = [...FIXTURE_SKILLS, ...extraSkills];
  for (const skill of skills) write(join(dir, skill.path), skill.files);
  const registry = { skills: skills.map(({ files: _files, ...rest }) => rest) };
  const registryPath = join(dir, 'skills', 'skills-registry.json');
  mkdirSync(dirname(registryPath), { recursive: true });
  writeFileSync(registryPath, `${JSON.stringify(registry, null, 2)}\n`);
  gitIn(dir, 'init', '--quiet', '--initial-branch=main');
  gitIn(dir, 'add', '.');
  gitIn(dir, 'commit', '--quiet', '-m', 'fixture skills');
  return { dir, registryPath, env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_SKILLS_REGISTRY: registryPath } };
}

export interface LoadedFixture {
  repo: FixtureRepo;
  registry: SkillsRegistry;
}

/** Hooks for the enclosing suite: the fixture repository and its loaded registry before it, removal after it. */
export function useLoadedFixture(): LoadedFixture {
  const fixture = {} as LoadedFixture;
  before(async () => {
    fixture.repo = createFixtureRepo();
    fixture.registry = await loadRegistry(fixture.repo.env);
  });
  after(() => rmSync(fixture.repo.dir, { recursive: true, force: true, maxRetries: 5 }));
  return fixture;
}
