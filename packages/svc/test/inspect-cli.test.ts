// `svc inspect` as a user runs it: it starts the local server and prints where the inspector is, a second call on
// the same port reuses that server, `--open` hands the platform's opener a private page leading there, and `svc inspect ui`
// is still the snapshot.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { isolatedEnv, MAIN, runCliJson } from './run-cli.ts';

let lab: Lab;
let serial: string;
before(async () => {
  lab = await createLab({ devices: [{}] });
  serial = lab.devices[0]?.serial as string;
});
after(() => lab.close());

/** Starts `svc inspect` and resolves with its printed answer once it serves. */
function startInspect(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [MAIN, 'inspect', ...args], {
    env: isolatedEnv({ ...lab.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const answer = new Promise<{ ok: boolean; url: string; reused: boolean }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      try {
        resolve(JSON.parse(stdout));
      } catch {
        // not the whole document yet
      }
    });
    child.once('exit', (code) => reject(new Error(`svc inspect exited ${code}: ${stdout}${stderr}`)));
  });
  return { child, answer, stderr: () => stderr };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGINT');
  await once(child, 'exit');
}

describe('svc inspect', () => {
  it('starts the local server with the inspector for the device, and a second call reuses it', async () => {
    const port = await freePort();
    const first = startInspect(['--port', String(port), '--device', serial]);
    try {
      const served = await first.answer;
      // The address is the server's one-time sign-in link, which leads to the inspector of the device.
      const inspector = `/inspector?device=${encodeURIComponent(serial)}`;
      assert.equal(served.reused, false);
      const link = new URL(served.url);
      assert.equal(`${link.origin}${link.pathname}`, `http://127.0.0.1:${port}/login`);
      assert.equal(link.searchParams.get('next'), inspector);
      const signIn = await fetch(served.url, { redirect: 'manual' });
      assert.equal(signIn.status, 303);
      assert.equal(signIn.headers.get('location'), inspector);
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      // A browser without a session (a bookmark, a restarted browser) is told how to sign in, not to send a token.
      const unsigned = await fetch(`http://127.0.0.1:${port}${inspector}`);
      assert.equal(unsigned.status, 401);
      const refusal = ((await unsigned.json()) as { error: { code: string; hint: string } }).error;
      assert.equal(refusal.code, 'AUTH_REQUIRED');
      assert.match(refusal.hint, /sign-in link.*`svc inspect`/);
      const page = await fetch(`http://127.0.0.1:${port}${inspector}`, { headers: { cookie } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>svc inspector<\/title>/);
      assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);

      const second = await runCliJson(['inspect', '--port', String(port)], { env: lab.env });
      assert.equal(second.code, 0, second.stdout);
      assert.equal(second.json.reused, true);
      // Reused: a fresh sign-in link minted from the token the two processes share (~/.svc/server-token).
      const again = new URL(second.json.url);
      assert.equal(`${again.origin}${again.pathname}`, `http://127.0.0.1:${port}/login`);
      assert.equal(again.searchParams.get('next'), '/inspector');
      assert.equal((await fetch(again, { redirect: 'manual' })).status, 303);
      const adb = await runCliJson(['inspect', '--port', String(port), '--driver', 'adb'], { env: lab.env });
      const onAdb = new URL(adb.json.url);
      assert.equal(onAdb.searchParams.get('next'), '/inspector?driver=adb', 'the page starts on that driver');
      const bad = await runCliJson(['inspect', '--port', String(port), '--driver', 'fast'], { env: lab.env });
      assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal(bad.json.details.path, '--driver');
    } finally {
      await stop(first.child);
    }
  });

  it('hands the address to the platform opener with --open', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'svc-open-'));
    const seen = join(bin, 'opened.txt');
    // A stand-in for xdg-open that notes what it was asked to open (no browser here).
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${seen}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const port = await freePort();
    const run = startInspect(['--port', String(port), '--open'], { PATH: `${bin}:${process.env.PATH}` });
    try {
      const served = await run.answer;
      for (let i = 0; i < 100 && readFileSync(seen, { flag: 'a+' }).length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The opener gets a private page that forwards to the sign-in link, never the link itself (it would sit on
      // the opener's command line for every local user to read).
      const opened = readFileSync(seen, 'utf8');
      assert.match(opened, /^file:\/\//);
      assert.ok(readFileSync(fileURLToPath(opened), 'utf8').includes(JSON.stringify(served.url)), opened);
    } finally {
      await stop(run.child);
      rmSync(bin, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it('keeps `svc inspect ui` as the snapshot of the screen', async () => {
    const run = await runCliJson(['inspect', 'ui', '--device', serial, '--no-daemon'], { env: lab.env });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.envelope.stepResults[0].actionType, 'snapshot_ui');
  });

  it('refuses a port that is not a port', async () => {
    const run = await runCliJson(['inspect', '--port', 'nope'], { env: lab.env });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(run.json.details.path, '--port');
    assert.match(run.json.message, /port/);
  });
});
