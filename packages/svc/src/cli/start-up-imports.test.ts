// Start-up cost is a product feature (agents call the CLI hundreds of times): an execution command must load the CLI
// core and the proxy client, and nothing of the adb stack, the servers, the SDKs or the other commands. Checked on
// the sources (which modules load) and on the bundle users run (which files load: the entry chunk, no more).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const MAIN = new URL('./main.ts', import.meta.url).href;
const PROXY = new URL('../submit/daemon-proxy.ts', import.meta.url).href;
const BIN = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));
const BUILD = fileURLToPath(new URL('../../../../scripts/build.ts', import.meta.url));

/** The module URLs a fresh process loads to run `svc <argv>` from the sources and then import the proxy client. */
async function modulesLoadedBy(argv: string[]): Promise<string[]> {
  const script = `
    import module from 'node:module';
    const loaded = [];
    module.registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
    const { main } = await import(${JSON.stringify(MAIN)});
    process.stdout.write = () => true;
    await main(${JSON.stringify(argv)});
    await import(${JSON.stringify(PROXY)});
    process.stderr.write(JSON.stringify(loaded));
  `;
  const { stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stderr) as string[];
}

/** The dist files and Node built-ins a `bin/svc.js <argv>` process loads (the bundle is built first if stale). */
function bundleLoadsOf(
  argv: string[],
  env: Record<string, string> = {},
): { dist: string[]; builtins: string[]; stdout: string } {
  const built = spawnSync(process.execPath, [BUILD, '--if-stale'], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  const dir = mkdtempSync(join(tmpdir(), 'svc-startup-'));
  try {
    const preload = join(dir, 'report.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeSync(2, '\\n' + JSON.stringify({
        files: Object.keys(require.cache), builtins: process.moduleLoadList })));`,
    );
    const run = spawnSync(process.execPath, ['--require', preload, BIN, ...argv], {
      encoding: 'utf8',
      env: { ...process.env, SVC_NO_DAEMON: '1', HOME: dir, ...env },
    });
    const report = JSON.parse(run.stderr.slice(run.stderr.lastIndexOf('\n') + 1)) as {
      files: string[];
      builtins: string[];
    };
    const dist = report.files
      .filter((file) => file.includes('/packages/svc/dist/'))
      .map((file) => file.replace(/.*\/dist\//, '').replace(/-[\w-]+\.js$/, '.js'));
    const builtins = report.builtins.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
    return { dist, builtins, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

// Allowed adapters: the raw device list of the proxy, the random ids of new executions and the private-folder check
// of ~/.svc with the folder maker it uses (each imports node:fs or node:net only).
const HEAVY =
  /@yume-chan|@modelcontextprotocol|hono|zod|\/src\/(server|mcp|skills|emulators|doctor|adapters\/(?!adb\/(quick-device-list|device-list|server-address)|random-id|fs\/(private-dir|make-folders))|executions|core\/context)/;

const EXECUTION_COMMANDS = ['actions.ts', 'execute.ts', 'observe.ts'];

test('an execution command loads the execution commands and no adb, server, SDK or other command code', async () => {
  const loaded = await modulesLoadedBy(['snapshot', '--dry-run']);
  assert.deepEqual(
    loaded.filter((url) => HEAVY.test(url)),
    [],
  );
  const commands = loaded.filter((url) => url.includes('/cli/commands/')).map((url) => url.replace(/.*\//, ''));
  assert.deepEqual(commands.sort(), EXECUTION_COMMANDS);
  assert.ok(loaded.some((url) => url.endsWith('/submit/daemon-proxy.ts')));
});

test('svc --version loads no lazily registered command module', async () => {
  const loaded = await modulesLoadedBy(['--version']);
  assert.deepEqual(
    loaded.filter((url) => url.includes('/cli/commands/') && !EXECUTION_COMMANDS.some((c) => url.endsWith(c))),
    [],
  );
});

test('through the bundle an execution command loads one file: the entry, with the hot path and without commander', () => {
  for (const argv of [
    ['snapshot', '--dry-run'],
    ['exec', '--validate-only', '{"commandId":"c","actions":[{"id":"s","type":"sleep","params":{"durationMs":0}}]}'],
    ['tap', '--text', 'OK', '--dry-run'],
  ]) {
    const { dist, builtins } = bundleLoadsOf(argv);
    assert.deepEqual(dist, ['main.js'], argv.join(' '));
    // commander's child_process stays unloaded (build.ts gives it a lazy stand-in).
    assert.ok(!builtins.includes('child_process'), `${argv[0]} loaded child_process`);
  }
});

test('through the bundle a non-execution command loads the command line and its own chunk on top of the entry', () => {
  const { dist } = bundleLoadsOf(['version']);
  assert.ok(dist.includes('main.js') && dist.includes('cli.js'), dist.join(', '));
  assert.ok(
    dist.every((file) => !/^(serve|mcp|doctor|skills|emulator|daemon)/.test(file)),
    `version loaded ${dist.join(', ')}`,
  );
});

test('through the bundle a direct run loads the entry chunk and one more: the execution core with the adb stack', () => {
  // No adb anywhere (a closed port, no binary): the run fails fast with ADB_NOT_FOUND, after loading what it needs.
  const { dist, stdout } = bundleLoadsOf(
    [
      'exec',
      JSON.stringify({
        commandId: 'c',
        taskId: 't',
        source: 'start-up-test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 1000,
        actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
      }),
    ],
    { ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1', SVC_ADB_PATH: '/nonexistent/adb' },
  );
  assert.equal(JSON.parse(stdout).code, 'ADB_NOT_FOUND', stdout);
  // The thin client of `svc exec` was tried first (it takes the call only when a daemon runs for the device).
  assert.deepEqual(dist.sort(), ['direct.js', 'main.js', 'thin.js']);
});
