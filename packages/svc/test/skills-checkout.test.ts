// `svc skills install | update | sync` with real git against a local bare repository named by SVC_SKILLS_REPO or
// --repo: the clone lands in ~/.svc/skills, the registry is then found without SVC_SKILLS_REGISTRY, the commit is
// pinned in ~/.svc/skills-pin.json, update moves forward along the followed branch (whatever its name) and refuses a
// rewritten one, sync pins a tag or commit, failures are SKILL_INSTALL_FAILED, and a TTY gets a progress line.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startProgress } from '../src/cli/commands/skills-checkout.ts';
import { MAIN, runCliJson } from './run-cli.ts';
import { createFixtureRepo, type FixtureRepo, gitIn } from './skills-fixture.ts';

describe('skills install, update and sync', () => {
  let repo: FixtureRepo;
  let scratch: string;
  let bare: string;
  let home: string;
  let firstCommit: string;
  let env: Record<string, string>;
  const svc = (...args: string[]) => runCliJson(['skills', ...args], { env });

  /** Adds a commit to `branch` of the bare repository (through the fixture working copy). */
  function pushCommit(branch: string, file: string): string {
    gitIn(repo.dir, 'checkout', '--quiet', '-B', branch);
    writeFileSync(join(repo.dir, file), `${file}\n`);
    gitIn(repo.dir, 'add', '.');
    gitIn(repo.dir, 'commit', '--quiet', '-m', file);
    gitIn(repo.dir, 'push', '--quiet', 'origin', branch);
    return gitIn(repo.dir, 'rev-parse', 'HEAD');
  }

  before(() => {
    repo = createFixtureRepo();
    scratch = mkdtempSync(join(tmpdir(), 'svc-skills-checkout-'));
    bare = join(scratch, 'skills.git');
    execFileSync('git', ['clone', '--quiet', '--bare', repo.dir, bare]);
    gitIn(repo.dir, 'remote', 'add', 'origin', bare);
    firstCommit = gitIn(repo.dir, 'rev-parse', 'HEAD');
    gitIn(repo.dir, 'tag', 'v1');
    gitIn(repo.dir, 'push', '--quiet', 'origin', 'v1');
    home = join(scratch, 'home');
    mkdirSync(home);
    env = { PATH: process.env.PATH ?? '', HOME: home, SVC_SKILLS_REPO: bare };
  });
  after(() => {
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5 });
    rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('update before install fails with SKILL_INSTALL_FAILED pointing at install', async () => {
    const run = await svc('update');
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'SKILL_INSTALL_FAILED');
    assert.match(run.json.message, /svc skills install/);
  });

  it('install without --repo or SVC_SKILLS_REPO says so: svc has no default skills repository', async () => {
    const run = await runCliJson(['skills', 'install'], {
      env: { PATH: env.PATH ?? '', HOME: join(scratch, 'no-repo') },
    });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'CLI_USAGE_ERROR');
    assert.equal(run.json.details.path, '--repo');
    assert.match(run.json.message, /--repo <git-url>.*SVC_SKILLS_REPO/);
  });

  it('install clones into ~/.svc/skills and prints the export line; the registry is then found by default', async () => {
    const run = await svc('install');
    assert.equal(run.code, 0, run.stdout);
    const dir = join(home, '.svc', 'skills');
    const registryPath = join(dir, 'skills', 'skills-registry.json');
    assert.equal(run.json.path, dir);
    assert.equal(run.json.repo, bare);
    assert.equal(run.json.commit, firstCommit);
    assert.equal(run.json.registryPath, registryPath);
    assert.equal(run.json.exportCommand, `export SVC_SKILLS_REGISTRY='${registryPath}'`);
    assert.equal(run.json.alreadyInstalled, false);
    assert.equal(run.json.follows, 'main');
    const pin = JSON.parse(readFileSync(join(home, '.svc', 'skills-pin.json'), 'utf8'));
    assert.deepEqual([pin.repo, pin.commit, pin.follows], [bare, firstCommit, 'main']);
    // No progress output without a terminal.
    assert.equal(run.stderr, '');
    const listed = await svc('list');
    assert.equal(listed.code, 0, listed.stdout);
    assert.equal(listed.json.count, 8);
    const again = await svc('install');
    assert.equal(again.json.alreadyInstalled, true);
  });

  it('update follows the branch of the checkout to the newest commit, and --ref follows another branch', async () => {
    const second = pushCommit('main', 'second.txt');
    const run = await svc('update');
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.ref, 'main');
    assert.equal(run.json.previousCommit, firstCommit);
    assert.equal(run.json.commit, second);
    assert.equal(run.json.changed, true);
    assert.equal(run.json.pinned, false);
    const unchanged = await svc('update');
    assert.equal(unchanged.json.changed, false);
    const beta = pushCommit('beta', 'beta.txt');
    const onBeta = await svc('update', '--ref', 'beta');
    assert.equal(onBeta.json.commit, beta);
    assert.equal(gitIn(onBeta.json.path, 'rev-parse', '--abbrev-ref', 'HEAD'), 'beta');
    gitIn(repo.dir, 'checkout', '--quiet', 'main');
    assert.equal((await svc('update', '--ref', 'main')).json.commit, second);
    const pin = JSON.parse(readFileSync(join(home, '.svc', 'skills-pin.json'), 'utf8'));
    assert.deepEqual([pin.commit, pin.follows], [second, 'main']);
  });

  it('update refuses a branch whose history was rewritten; sync pins it once the user chose to', async () => {
    const pinned = gitIn(repo.dir, 'rev-parse', 'origin/main');
    gitIn(repo.dir, 'checkout', '--quiet', 'main');
    gitIn(repo.dir, 'reset', '--quiet', '--hard', firstCommit);
    writeFileSync(join(repo.dir, 'rewritten.txt'), 'other history\n');
    gitIn(repo.dir, 'add', '.');
    gitIn(repo.dir, 'commit', '--quiet', '-m', 'rewritten');
    gitIn(repo.dir, 'push', '--quiet', '--force', 'origin', 'main');
    const rewritten = gitIn(repo.dir, 'rev-parse', 'HEAD');
    const refused = await svc('update');
    assert.equal(refused.code, 1);
    assert.equal(refused.json.code, 'SKILL_INSTALL_FAILED');
    assert.equal(refused.json.details.reason, 'historyRewritten');
    assert.equal(refused.json.details.pinnedCommit, pinned);
    assert.equal(refused.json.details.commit, rewritten);
    assert.equal(gitIn(join(home, '.svc', 'skills'), 'rev-parse', 'HEAD'), pinned);
    const synced = await svc('sync', '--ref', rewritten);
    assert.equal(synced.json.commit, rewritten);
    assert.equal(synced.json.previousCommit, pinned);
    assert.equal(synced.json.follows, null);
  });

  it('sync pins a tag or a commit (detached), and requires --ref', async () => {
    const tag = await svc('sync', '--ref', 'v1');
    assert.equal(tag.code, 0, tag.stdout);
    assert.equal(tag.json.commit, firstCommit);
    assert.equal(tag.json.pinned, true);
    assert.equal(gitIn(tag.json.path, 'rev-parse', '--abbrev-ref', 'HEAD'), 'HEAD');
    const main = await svc('sync', '--ref', 'main');
    assert.equal(main.json.pinned, true);
    assert.notEqual(main.json.commit, firstCommit);
    const byCommit = await svc('sync', '--ref', firstCommit.slice(0, 10));
    assert.equal(byCommit.json.commit, firstCommit);
    const missing = await svc('sync');
    assert.equal(missing.code, 1);
    assert.equal(missing.json.code, 'CLI_USAGE_ERROR');
  });

  it('an unknown ref, a ref that looks like an option and an unreachable repository fail cleanly', async () => {
    const unknown = await svc('sync', '--ref', 'no-such-ref');
    assert.equal(unknown.json.code, 'SKILL_INSTALL_FAILED');
    assert.equal(unknown.json.details.ref, 'no-such-ref');
    const option = await svc('update', '--ref=--upload-pack=touch');
    assert.equal(option.json.code, 'EXECUTION_VALIDATION_FAILED');
    const otherHome = join(scratch, 'other-home');
    const unreachable = await runCliJson(['skills', 'install'], {
      env: { ...env, HOME: otherHome, SVC_SKILLS_REPO: join(scratch, 'missing.git') },
    });
    assert.equal(unreachable.code, 1);
    assert.equal(unreachable.json.code, 'SKILL_INSTALL_FAILED');
    assert.match(unreachable.json.message, /git clone failed/);
  });

  it('shows a progress line on a terminal while git works, and the JSON result on stdout', async () => {
    // `script` gives the CLI a pseudo-terminal; its stdout and stderr both arrive on the pty.
    const command = [process.execPath, MAIN, 'skills', 'install'].map((arg) => `'${arg}'`).join(' ');
    const ttyHome = join(scratch, 'tty-home');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { ...env, HOME: ttyHome, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    assert.match(output, /\r\u001b\[K[|/\\-] cloning skills/);
    assert.match(output, /\r\u001b\[Kdone: cloning skills\r?\n/);
    assert.match(output, /"alreadyInstalled": false/);
  });
});

describe('skills update on a repository whose branch is not called main', () => {
  it('follows the branch the clone is on, and after a sync the repository default branch', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'svc-skills-trunk-'));
    try {
      const work = join(scratch, 'work');
      mkdirSync(work);
      gitIn(work, 'init', '--quiet', '--initial-branch=trunk');
      writeFileSync(join(work, 'skills-registry.json'), '{"skills":[]}\n');
      gitIn(work, 'add', '.');
      gitIn(work, 'commit', '--quiet', '-m', 'one');
      const bare = join(scratch, 'skills.git');
      execFileSync('git', ['clone', '--quiet', '--bare', work, bare]);
      gitIn(work, 'remote', 'add', 'origin', bare);
      const env = { PATH: process.env.PATH ?? '', HOME: join(scratch, 'home') };
      const svc = (...args: string[]) => runCliJson(['skills', ...args], { env });
      const installed = await svc('install', '--repo', bare);
      assert.equal(installed.code, 0, installed.stdout);
      assert.equal(installed.json.follows, 'trunk');
      const pushNext = (name: string) => {
        writeFileSync(join(work, name), name);
        gitIn(work, 'add', '.');
        gitIn(work, 'commit', '--quiet', '-m', name);
        gitIn(work, 'push', '--quiet', 'origin', 'trunk');
        return gitIn(work, 'rev-parse', 'HEAD');
      };
      const two = pushNext('two');
      const updated = await svc('update');
      assert.equal(updated.code, 0, updated.stdout);
      assert.deepEqual([updated.json.ref, updated.json.commit, updated.json.changed], ['trunk', two, true]);
      assert.equal((await svc('sync', '--ref', installed.json.commit)).json.pinned, true);
      const three = pushNext('three');
      const again = await svc('update');
      assert.deepEqual([again.json.ref, again.json.commit, again.json.follows], ['trunk', three, 'trunk']);
    } finally {
      rmSync(scratch, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});

describe('the progress indicator', () => {
  it('draws a spinner with the latest git progress line on a TTY and ends with the outcome', () => {
    const writes: string[] = [];
    const progress = startProgress({ isTTY: true, write: (text) => writes.push(text) }, 'cloning skills', 60_000);
    progress.onChunk?.('Receiving objects:  50% (1/2)\rReceiving objects: 100% (2/2), done.\n');
    progress.stop('done');
    assert.equal(writes[0], '\r\u001b[K| cloning skills');
    assert.equal(writes[1], '\r\u001b[K/ cloning skills Receiving objects: 100% (2/2), done.');
    assert.equal(writes.at(-1), '\r\u001b[Kdone: cloning skills\n');
  });

  it('writes nothing when the stream is not a terminal', () => {
    const writes: string[] = [];
    const progress = startProgress({ isTTY: false, write: (text) => writes.push(text) }, 'x');
    assert.equal(progress.onChunk, undefined);
    progress.stop('failed');
    assert.deepEqual(writes, []);
  });
});
