// The bundle's V8 code cache (bin/svc.js, decision P-7): written after the first call of a command word, private to
// the user, used by later calls with the same output, ignored when it is not trustworthy or not valid.
import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from './run-cli.ts';

const buildId = () =>
  (JSON.parse(readFileSync(new URL('../dist/build.json', import.meta.url), 'utf8')) as { buildId: string }).buildId;

describe('code cache of the bundle', () => {
  let home: string;
  const cacheDir = () => join(home, '.svc', 'code-cache', `${process.version}-${buildId()}`);
  const version = () => runCli(['version'], { env: { HOME: home } });

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'svc-code-cache-'));
  });
  after(() => rmSync(home, { recursive: true, force: true, maxRetries: 5 }));

  test('the first call of a command word writes its cache (0700 directory, 0600 files); later calls read it', async () => {
    const first = await version();
    assert.equal(first.code, 0);
    const files = readdirSync(cacheDir());
    assert.ok(
      files.some((name) => /^main\.js\.[\d.]+\.version\.bin$/.test(name)),
      `no cache of main.js: ${files.join(', ')}`,
    );
    assert.equal(statSync(cacheDir()).mode & 0o777, 0o700);
    for (const name of files) assert.equal(statSync(join(cacheDir(), name)).mode & 0o777, 0o600, name);
    const written = statSync(join(cacheDir(), files[0] as string)).mtimeMs;
    const second = await version();
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr, '');
    assert.equal(statSync(join(cacheDir(), files[0] as string)).mtimeMs, written, 'a valid cache is not rewritten');
  });

  test('a cache file V8 rejects (garbage) changes nothing for the user and is replaced', async () => {
    const name = readdirSync(cacheDir()).find((file) => file.startsWith('main.js.')) as string;
    writeFileSync(join(cacheDir(), name), 'not a V8 code cache');
    const run = await version();
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout), { version: JSON.parse((await version()).stdout).version });
    assert.notEqual(readFileSync(join(cacheDir(), name), 'utf8'), 'not a V8 code cache');
  });

  test('a cache directory that others can write to is neither read nor written', async () => {
    rmSync(join(home, '.svc'), { recursive: true, force: true, maxRetries: 5 });
    mkdirSync(cacheDir(), { recursive: true });
    chmodSync(cacheDir(), 0o777);
    const run = await runCli(['snapshot', '--dry-run'], { env: { HOME: home } });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(readdirSync(cacheDir()), []);
  });

  test('a new build keeps the caches of the two most recent other builds and removes older ones', async () => {
    rmSync(join(home, '.svc'), { recursive: true, force: true, maxRetries: 5 });
    const root = join(home, '.svc', 'code-cache');
    const ages = { oldest: 3000, older: 2000, recent: 1000 };
    for (const [name, age] of Object.entries(ages)) {
      const dir = join(root, `${process.version}-${name}`);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(dir, 'main.js.1.version.bin'), name);
      const when = new Date(Date.now() - age * 1000);
      utimesSync(dir, when, when);
    }
    assert.equal((await version()).code, 0);
    assert.deepEqual(
      readdirSync(root).sort(),
      [`${process.version}-${buildId()}`, `${process.version}-older`, `${process.version}-recent`].sort(),
    );
  });
});
