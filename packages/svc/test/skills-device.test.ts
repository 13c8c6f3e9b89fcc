// The required proof of issue 8: a skill script calls `svc exec` against the simulated device through real adb and
// returns a framed `[svc-Skill-Result]` — run from the CLI (`svc skills run`) and from POST /skills/:skillId/run.
// The skill is the one `svc skills new` scaffolds (it compiles its recipe with `svc skills compile-artifact`, then
// runs it with `svc exec`), plus a bash script that reaches svc only through $SVC_BIN.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';
import { createFixtureRepo, type FIXTURE_SKILLS, type FixtureRepo } from './skills-fixture.ts';

const SCAFFOLDED = 'com.android.settings.open-and-snapshot';
const BASH_SKILL = 'com.android.settings.bash-snapshot';

// Takes a snapshot with `$SVC_BIN snapshot` (svc's own entry, found through the PATH svc hands the script) and frames
// the step result it got back.
const bashSkill: (typeof FIXTURE_SKILLS)[number] = {
  id: BASH_SKILL,
  applicationId: 'com.android.settings',
  intent: 'bash-snapshot',
  summary: 'Snapshots the screen from a bash script',
  path: `skills/${BASH_SKILL}`,
  skillFile: `skills/${BASH_SKILL}/SKILL.md`,
  scripts: [`skills/${BASH_SKILL}/run.sh`],
  artifacts: [],
  files: {
    'SKILL.md': '# bash snapshot\n',
    'run.sh': `set -e
result=$("$SVC_BIN" snapshot --device "$1")
echo "snapshot done on $1"
echo "[svc-Skill-Result]"
printf '%s' "$result" | node -e '
let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
  const run = JSON.parse(text);
  const step = run.envelope.stepResults[0];
  console.log(JSON.stringify({ status: run.envelope.status, deviceId: run.deviceId, step: step.actionType,
    hasUi: (step.data.text ?? "").includes("<hierarchy") }));
});'
`,
  },
};

describe('a skill drives the simulator through svc and real adb', () => {
  let lab: Lab;
  let repo: FixtureRepo;
  let serial: string;
  let env: Record<string, string>;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
    repo = createFixtureRepo([bashSkill]);
    // Direct dispatch: this suite proves the skill path, not the daemon's.
    env = { ...lab.env, SVC_SKILLS_REGISTRY: repo.registryPath, SVC_NO_DAEMON: '1' };
    const created = await runCliJson(['skills', 'new', SCAFFOLDED], { env });
    assert.equal(created.code, 0, created.stdout);
  });
  after(async () => {
    await lab?.close();
    if (repo) rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('svc skills run: the scaffolded script compiles its recipe, runs it with svc exec and frames the result', async () => {
    const run = await runCliJson(['skills', 'run', SCAFFOLDED, '--device', serial], { env });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.json.ok, true);
    assert.deepEqual(run.json.skillResult.steps, [
      { id: 'open', success: true },
      { id: 'snap', success: true },
    ]);
    assert.equal(run.json.skillResult.ok, true);
    assert.ok(run.json.skillResult.snapshotBytes > 100, JSON.stringify(run.json.skillResult));
  });

  it('svc skills run: the scaffolded script fails when a step fails, though the envelope status stays success', async () => {
    // The recipe opens the app its first argument names: one the device does not have fails the open step only.
    const run = await runCliJson(['skills', 'run', SCAFFOLDED, '--device', serial, '--', 'com.example.not.installed'], {
      env,
    });
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.json.code, 'SKILL_EXECUTION_FAILED', run.stdout);
    assert.equal(run.json.details.skillResult.ok, false);
    assert.equal(run.json.details.skillResult.failedStepId, 'open');
    assert.deepEqual(run.json.details.skillResult.steps[0], { id: 'open', success: false });
  });

  it('svc skills run: a bash script calls $SVC_BIN snapshot on the device given first', async () => {
    const run = await runCliJson(['skills', 'run', BASH_SKILL, '--device', serial, '--expect-contains', serial], {
      env,
    });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(run.json.skillResult, { status: 'success', deviceId: serial, step: 'snapshot_ui', hasUi: true });
    assert.equal(run.json.expectedSubstring, serial);
  });

  it('an unknown device is refused before the script starts', async () => {
    const run = await runCliJson(['skills', 'run', BASH_SKILL, '--device', 'nope:1'], { env });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'DEVICE_NOT_FOUND');
    assert.deepEqual(run.json.details.connected, [serial]);
  });

  describe('over HTTP', () => {
    let server: RunningServer;
    before(async () => {
      const ctx = createContext({ env: { ...process.env, ...env }, cwd: lab.home });
      server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
        host: '127.0.0.1',
        port: 0,
      });
    });
    after(async () => {
      await server?.close();
    });

    it('POST /skills/:skillId/run runs the scaffolded skill against the device and returns its skillResult', async () => {
      const response = await postJson(server.url, `/skills/${SCAFFOLDED}/run`, {
        deviceId: serial,
        args: ['com.android.settings'],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.exitCode, 0);
      const skillResult = response.body.skillResult as { ok: boolean; steps: { id: string; success: boolean }[] };
      assert.equal(skillResult.ok, true);
      assert.deepEqual(
        skillResult.steps.map((step) => step.success),
        [true, true],
      );
    });
  });
});
