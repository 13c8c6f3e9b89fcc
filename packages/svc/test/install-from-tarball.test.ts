// What a user gets without a clone: `npm pack` of svc and svc-sim, `npm i -g --prefix <tmp>` of the two tarballs (no
// registry: they carry no dependencies), then the installed commands. Everything started here (a simulated device,
// its adb server, a daemon) is stopped at the end.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../../sim/src/testing/free-port.ts';
import {
  type BackgroundSim,
  type PackedFile,
  packWorkspaces,
  REPO_ROOT,
  run,
  SVC_PACKAGE,
  startSim,
  userEnv,
} from './install-helpers.ts';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const SVC_VERSION = String(readJson(join(REPO_ROOT, 'packages', 'svc', 'package.json')).version);

test('svc and svc-sim carry one version: the simulated operator reports its own, and svc checks major.minor', () => {
  assert.equal(readJson(join(REPO_ROOT, 'packages', 'sim', 'package.json')).version, SVC_VERSION);
});

/** Every path a manifest points at: `exports` targets under every condition, `bin`, `main`, `types`. */
function pointedAt(pkg: Record<string, unknown>): string[] {
  const targets: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') targets.push(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(pkg.exports);
  walk(pkg.bin);
  walk(pkg.main);
  walk(pkg.types);
  return targets;
}

describe('svc and svc-sim installed from their tarballs', () => {
  let work: string;
  let env: NodeJS.ProcessEnv;
  let packed: Map<string, PackedFile>;
  let prefix: string;
  const tarball = (name: string) => join(work, packed.get(name)?.filename ?? `${name}.tgz`);
  const installed = (name: string) => join(prefix, 'lib', 'node_modules', name);
  const svc = () => join(prefix, 'bin', 'svc');
  const cleanups: (() => Promise<unknown>)[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-install-'));
    prefix = join(work, 'prefix');
    mkdirSync(join(work, 'home'), { mode: 0o700 });
    env = userEnv(join(work, 'home'), join(prefix, 'bin'));
    packed = new Map((await packWorkspaces(work, env)).map((p) => [p.name, p]));
    const install = await run('npm', ['i', '-g', '--prefix', prefix, tarball(SVC_PACKAGE), tarball('svc-sim')], {
      env,
    });
    assert.equal(install.code, 0, install.stderr);
  });

  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  test('the tarballs hold the bundles, declarations, README and licence, and no tests or TypeScript sources', () => {
    const files = (name: string) => (packed.get(name)?.files ?? []).map((f) => f.path);
    for (const name of [SVC_PACKAGE, 'svc-sim']) {
      assert.ok(files(name).includes('README.md'), `${name} README`);
      const sources = files(name).filter((f) => /\.(m|c)?ts$/.test(f) && !f.endsWith('.d.ts'));
      assert.deepEqual(sources, [], `${name} ships TypeScript sources`);
      assert.deepEqual(
        files(name).filter((f) => /(^|\/)(test|tests)\/|\.test\.|test-helper/.test(f)),
        [],
        `${name} ships tests`,
      );
      assert.ok(files(name).includes('dist/THIRD-PARTY-LICENSES.txt'), `${name} licences of bundled packages`);
    }
    for (const file of ['bin/svc.js', 'dist/main.js', 'dist/cli.js', 'dist/build.json', 'dist/apps/settings.json']) {
      assert.ok(files(SVC_PACKAGE).includes(file), `svc ${file}`);
    }
    for (const entry of ['index', 'testing/lab', 'sdk/fake-sdk']) {
      assert.ok(files('svc-sim').includes(`dist/types/${entry}.d.ts`), `svc-sim declarations of ${entry}`);
    }
  });

  test('the installed manifests point only at files that exist, declare a licence and need no dependency', () => {
    for (const name of [SVC_PACKAGE, 'svc-sim']) {
      const pkg = readJson(join(installed(name), 'package.json'));
      const targets = pointedAt(pkg);
      assert.ok(targets.length > 1, `${name} points at nothing`);
      assert.deepEqual(
        targets.filter((target) => !existsSync(join(installed(name), target))),
        [],
        `${name} points at missing files`,
      );
      assert.equal(typeof pkg.license, 'string', `${name} licence`);
      assert.deepEqual(pkg.dependencies ?? {}, {}, `${name} has run-time dependencies (the bundle carries them)`);
      // svc's bundle runs on Node 22 and 24; svc-sim on 24.
      const node = name === 'svc-sim' ? '>=24' : '>=22';
      assert.equal((pkg.engines as Record<string, string> | undefined)?.node, node, name);
    }
  });

  test('svc --version prints the version, from the bundle, without sources beside it', async () => {
    const version = await run(svc(), ['--version'], { env });
    assert.deepEqual({ code: version.code, stdout: version.stdout }, { code: 0, stdout: `${SVC_VERSION}\n` });
    assert.equal(existsSync(join(installed(SVC_PACKAGE), 'src', 'main.ts')), false);
    // Only a bundle run leaves a V8 code cache, in a directory named after the bundle's build id.
    const { buildId } = readJson(join(installed(SVC_PACKAGE), 'dist', 'build.json'));
    assert.deepEqual(readdirSync(join(work, 'home', '.svc', 'code-cache')), [`${process.version}-${buildId}`]);
  });

  test('svc completion bash, as the README loads it, completes the installed command', async () => {
    const script = [
      'source <(svc completion bash)',
      'complete -p svc',
      'COMP_WORDS=(svc snaps); COMP_CWORD=1; _svc; printf "%s\\n" "$COMPREPLY"',
    ].join('\n');
    const shell = await run('bash', ['-c', script], { cwd: work, env });
    assert.deepEqual(
      { code: shell.code, stdout: shell.stdout },
      { code: 0, stdout: 'complete -F _svc svc\nsnapshot\n' },
    );
  });

  test('svc sim start, then svc snapshot and svc doctor against that device, all from the installed svc', async () => {
    const port = String(await freePort());
    const deviceEnv = { ...env, ANDROID_ADB_SERVER_PORT: port };
    cleanups.push(() => run('adb', ['-P', port, 'kill-server'], { env: deviceEnv, timeoutMs: 20_000 }));
    cleanups.push(() => run(svc(), ['daemon', 'stop'], { env: deviceEnv, timeoutMs: 20_000 }));
    const sim: BackgroundSim = await startSim(svc(), deviceEnv);
    cleanups.push(() => sim.stop());

    const snapshot = await run(svc(), ['snapshot', '--device', sim.serial], { env: deviceEnv });
    assert.equal(snapshot.code, 0, snapshot.stdout + snapshot.stderr);
    const result = JSON.parse(snapshot.stdout) as { ok: boolean; deviceId: string; envelope: unknown };
    assert.deepEqual([result.ok, result.deviceId], [true, sim.serial]);
    assert.match(JSON.stringify(result.envelope), /<hierarchy rotation=.*package=\\"com\.android\.launcher3\\"/);

    const doctor = await run(svc(), ['doctor', '--device', sim.serial], { env: deviceEnv });
    const report = JSON.parse(doctor.stdout) as { ok: boolean; checks: { id: string; status: string }[] };
    assert.deepEqual(
      report.checks.filter((check) => check.status !== 'pass'),
      [],
      doctor.stdout,
    );
    // The simulated operator's version (svc-sim's, inlined by its build) is one svc accepts.
    assert.ok(report.checks.some((c) => c.id === 'readiness.version.compatibility' && c.status === 'pass'));
    assert.deepEqual([doctor.code, report.ok], [0, true]);

    assert.equal(await sim.stop(), 0);
  });

  test('svc-sim/testing, installed in another project, starts a device from a plain ESM script and type-checks', async () => {
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "their-ci", "private": true, "type": "module" }\n');
    const add = await run('npm', ['i', tarball('svc-sim')], { cwd: project, env });
    assert.equal(add.code, 0, add.stderr);
    writeFileSync(
      join(project, 'lab.js'),
      `import { createLab } from 'svc-sim/testing';
const lab = await createLab({ devices: [{ model: 'their phone' }] });
try {
  const model = await lab.adb('-s', lab.devices[0].serial, 'shell', 'getprop', 'ro.product.model');
  console.log(JSON.stringify({ serial: lab.devices[0].serial, model: model.stdout.trim() }));
} finally {
  await lab.close();
}
`,
    );
    const lab = await run('node', ['lab.js'], { cwd: project, env });
    assert.equal(lab.code, 0, lab.stderr);
    assert.match(lab.stdout, /^\{"serial":"127\.0\.0\.1:\d+","model":"their phone"\}\n$/);

    // Their TypeScript sees the published declarations (strict, lib check on) and catches a wrong use.
    writeFileSync(
      join(project, 'check.ts'),
      `import { startDevice, FAULT_NAMES, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { createFakeSdk } from 'svc-sim/sdk';
export async function use(): Promise<[number, string, readonly string[], SimDevice]> {
  const lab: Lab = await createLab({ devices: [{ model: 'x' }] });
  const sdk = await createFakeSdk('/tmp/sdk');
  return [lab.adbPort, sdk.root, FAULT_NAMES, await startDevice()];
}
export const wrong: string = (await createLab()).adbPort;
`,
    );
    const tsconfig = {
      compilerOptions: {
        target: 'es2024',
        module: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
      },
      files: ['check.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', project], { cwd: project, env });
    assert.equal(
      checked.stdout.trim(),
      "check.ts(9,14): error TS2322: Type 'number' is not assignable to type 'string'.",
    );
  });

  test('npx svc-android@file:<tarball> runs the packaged svc with no registry', async () => {
    const npx = await run('npx', ['--yes', '--', `${SVC_PACKAGE}@file:${tarball(SVC_PACKAGE)}`, '--version'], {
      cwd: work,
      env,
    });
    assert.deepEqual({ code: npx.code, stdout: npx.stdout }, { code: 0, stdout: `${SVC_VERSION}\n` }, npx.stderr);
  });
});
