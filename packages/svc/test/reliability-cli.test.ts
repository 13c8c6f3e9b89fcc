// The real CLI under random flags (no stack trace ever reaches the user: stdout is always one JSON document, a
// result or `{ code, message }`, exit 0 or 1), and the secrecy rule of DECISIONS 18: payload and result text never
// show up on stderr or in files svc writes unless --verbose.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { sleeps } from './reliability-helpers.ts';
import { runCli } from './run-cli.ts';

const VERBS = [
  ['execute'],
  ['click'],
  ['read'],
  ['wait'],
  ['wait-for-nav'],
  ['type'],
  ['read-value'],
  ['open'],
  ['close'],
  ['press'],
  ['back'],
  ['sleep'],
  ['scroll'],
  ['scroll-until'],
  ['scroll-and-click'],
  ['snapshot'],
  ['screenshot'],
  ['observe', 'snapshot'],
  ['on-screen-log', 'set'],
  ['on-screen-log', 'clear'],
  ['action'],
  ['devices'],
  ['packages', 'list'],
  ['version'],
  ['nosuchcommand'],
];
const FLAGS = [
  '--device',
  '--device-id',
  '--operator-package',
  '--receiver-package',
  '--timeout-ms',
  '--timeout',
  '--selector',
  '--text',
  '--text-contains',
  '--id',
  '--desc',
  '--role',
  '--container-selector',
  '--path',
  '--direction',
  '--max-swipes',
  '--x',
  '--y',
  '--key',
  '--json',
  '--dry-run',
  '--validate-only',
  '--verbose',
  '--output',
  '--format',
  '--no-daemon',
  '--unknown-flag',
  '--vars',
  '-x',
  '--',
];
const VALUES = fc.oneof(
  // argv cannot carry NUL bytes (the OS refuses them), everything else goes.
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => s.replaceAll('\u0000', '')),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '{"textEquals":"OK"}',
    '{',
    '[]',
    'null',
    '"',
    "'; touch /x",
    '--json',
    'json',
  ),
  fc.integer().map(String),
);
const argv = fc
  .tuple(fc.constantFrom(...VERBS), fc.array(fc.oneof(fc.constantFrom(...FLAGS), VALUES), { maxLength: 8 }))
  .map(([verb, rest]) => [...verb, ...rest])
  // Help, version and completion print text by design; pretty output is for people. Everything else is JSON.
  .filter((args) => !args.some((a) => ['-h', '--help', 'help', '--version', 'pretty', 'completion'].includes(a)));

const STACK = /\n\s+at .+(\(|file:|node:).*:\d+/;

let home: string;
let noAdbEnv: Record<string, string>;
before(async () => {
  home = await mkdtemp(join(tmpdir(), 'svc-rel-cli-'));
  // No adb anywhere and no server on the port: commands fail fast with a coded error and start nothing.
  noAdbEnv = { HOME: home, ANDROID_ADB_SERVER_PORT: String(await freePort()), SVC_ADB_PATH: '/nonexistent/adb' };
});
after(() => rm(home, { recursive: true, force: true, maxRetries: 5 }));

async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T);
      }
    }),
  );
  return out;
}

describe('CLI flag fuzzing', () => {
  it('random commands and flags always print one JSON document and never a stack trace', async () => {
    const samples = fc.sample(argv, { numRuns: 32 });
    await pool(samples, 4, async (args) => {
      const run = await runCli(args, { env: noAdbEnv, cwd: home });
      const what = `svc ${JSON.stringify(args)} → exit ${run.code}\nstdout: ${run.stdout.slice(0, 400)}\nstderr: ${run.stderr.slice(0, 400)}`;
      assert.ok(run.code === 0 || run.code === 1, what);
      assert.ok(!STACK.test(run.stdout) && !STACK.test(run.stderr), what);
      let json: { ok?: boolean; code?: string; message?: string };
      try {
        json = JSON.parse(run.stdout);
      } catch {
        throw new Error(`not one JSON document: ${what}`);
      }
      if (run.code === 1 && json.ok !== false && json.ok !== true) {
        assert.equal(typeof json.code, 'string', what);
        assert.equal(typeof json.message, 'string', what);
        assert.notEqual(json.code, 'INTERNAL_ERROR', what);
      }
    });
  });
});

describe('no payload or result text in logs unless verbose (DECISIONS 18)', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(() => lab.close());

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  }

  it('a run and a timed-out run leave the secret out of stderr, error diagnostics and ~/.svc', async () => {
    const secret = `SECRET-${process.pid}-${Date.now()}`;
    const cliEnv = { ...lab.env, PATH: process.env.PATH as string };
    const execution = {
      ...sleeps([0], { taskId: `task-${secret}`, timeoutMs: 1000 }),
      actions: [
        { id: 'log', type: 'set_on_screen_log', params: { text: secret } },
        { id: 'nap', type: 'sleep', params: { durationMs: 0 } },
      ],
    };
    const ok = await runCli(['execute', JSON.stringify(execution), '--no-daemon'], { env: cliEnv, cwd: lab.home });
    assert.equal(ok.code, 0, ok.stdout);
    assert.ok(ok.stdout.includes(secret), 'the result itself is the answer on stdout');
    assert.ok(!ok.stderr.includes(secret), ok.stderr);

    lab.devices[0]!.faults.set('drop_next_envelope');
    const lost = await runCli(
      ['execute', JSON.stringify({ ...execution, commandId: `${execution.commandId}-b` }), '--no-daemon'],
      {
        env: cliEnv,
        cwd: lab.home,
      },
    );
    assert.equal(lost.code, 1);
    assert.equal(JSON.parse(lost.stdout).code, 'RESULT_ENVELOPE_TIMEOUT');
    assert.ok(!lost.stdout.includes(secret), `timeout diagnostics carry payload text: ${lost.stdout}`);
    assert.ok(!lost.stderr.includes(secret), lost.stderr);

    for (const file of await filesUnder(join(lab.home, '.svc'))) {
      assert.ok(!(await readFile(file, 'utf8')).includes(secret), `${file} holds the secret`);
    }
  });
});
