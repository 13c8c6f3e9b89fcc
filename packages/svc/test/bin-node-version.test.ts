// On a Node older than they need (svc 22, svc-sim 24) both commands say which Node they need, in one line (svc: and
// how to get one), and exit 1, instead of a stack trace
// (npm only warns about the packages' `engines`). Their bins are CommonJS written for Node 18's parser; this runs them
// on every older Node found on this machine, and on Node 24 posing as Node 18 (the check alone, on any machine).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const BINS = {
  svc: fileURLToPath(new URL('../bin/svc.js', import.meta.url)),
  'svc-sim': fileURLToPath(new URL('../../sim/bin/svc-sim.js', import.meta.url)),
};

/** The oldest Node each command runs on, and what it says beside (svc says how to get a supported Node). */
const NEEDS: Record<string, number> = { svc: 22, 'svc-sim': 24 };
const HOW: Record<string, string> = {
  svc: ': install Node.js 22 or 24 (LTS) from https://nodejs.org/en/download, or with a version manager (nvm install 24)',
  'svc-sim': '',
};

/** Every `node` on PATH (and the usual system places) whose major version is below 22, with that version. */
function olderNodes(): { path: string; version: string }[] {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin'];
  const found = new Map<string, string>();
  for (const dir of dirs) {
    if (!dir || !existsSync(join(dir, 'node'))) continue;
    const path = realpathSync(join(dir, 'node'));
    if (found.has(path)) continue;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (/^v\d+\./.test(version) && Number(version.slice(1).split('.')[0]) < 22) found.set(path, version);
  }
  return [...found].map(([path, version]) => ({ path, version }));
}

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'svc-old-node-'));
});
after(() => rmSync(work, { recursive: true, force: true, maxRetries: 5 }));

/** Node 24 with a preload that makes it report Node 18: the check alone, on any machine. */
function nodePosingAs18(): { node: string; args: string[]; version: string } {
  const preload = join(work, 'pose-as-node-18.cjs');
  writeFileSync(
    preload,
    "Object.defineProperty(process, 'version', { value: 'v18.20.0' });\n" +
      "Object.defineProperty(process.versions, 'node', { value: '18.20.0' });\n",
  );
  return { node: process.execPath, args: ['--require', preload], version: 'v18.20.0' };
}

test('on an older Node each command says which Node it needs (svc: and how to get it) and exits 1', (t) => {
  // This project's machines carry the distribution's Node (v20) beside the pinned Node 24: the bins must parse there.
  const runs = [nodePosingAs18(), ...olderNodes().map(({ path, version }) => ({ node: path, args: [], version }))];
  t.diagnostic(
    `ran on: ${runs.map((r) => `${r.node} ${r.args.length > 0 ? '(posing as v18.20.0)' : r.version}`).join(', ')}`,
  );
  for (const { node, args, version } of runs) {
    for (const [name, bin] of Object.entries(BINS)) {
      const out = spawnSync(node, [...args, bin, 'doctor'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: work, NODE_OPTIONS: '' },
      });
      assert.deepEqual(
        { status: out.status, stderr: out.stderr, stdout: out.stdout },
        {
          status: 1,
          stderr: `${name} needs Node.js ${NEEDS[name]} or newer (found ${version})${HOW[name]}\n`,
          stdout: '',
        },
        `${name} on ${node}`,
      );
    }
  }
});
