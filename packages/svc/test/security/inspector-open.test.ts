// Issue 31, item 1: `svc inspect --open` must not hand the one-time sign-in link to the opener and the browser on
// their command lines, where every local user reads it (/proc/<pid>/cmdline) and can redeem it first. The opener
// gets the path of a private page (0600 in a 0700 folder) that forwards the browser to the link; and a link that
// leaks anyway is useless to another local user: the server signs in only its own user's connections, without
// using up the link. The attacker is user `nobody` (runuser), against a real `svc serve`; Debian's chromium proves
// that the page leads a browser in.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createLab, type Lab } from 'svc-sim/testing';
import { launchChromium } from '../inspector-helpers.ts';
import { waitFor } from '../reliability-helpers.ts';
import { collectOutput, isolatedEnv, MAIN } from '../run-cli.ts';
import { asOtherUser, curlAsOtherUser, otherUserUnavailable } from './other-user.ts';
import { type ServerProcess, startServer } from './processes.ts';

const unavailable = otherUserUnavailable();
if (unavailable) console.log(`# skipped: the attacks as another local user cannot run here: ${unavailable}`);

describe('svc inspect --open against another local user', { skip: unavailable }, () => {
  let lab: Lab;
  let home: string;
  let bin: string;
  let serve: ServerProcess;
  let opened: string[];
  let printed: { url: string };

  before(async () => {
    lab = await createLab({ devices: [{}] });
    home = mkdtempSync(join(tmpdir(), 'svc-sec-open-'));
    chmodSync(home, 0o755); // a home others may list, as /home/<user> often is
    serve = await startServer(['serve', '--port', '0'], { ...lab.env, HOME: home }, /browser login/);
    // The platform opener (xdg-open), noting the command line it was started with: what any user can read.
    bin = mkdtempSync(join(tmpdir(), 'svc-open-bin-'));
    const seen = join(bin, 'argv');
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!/bin/sh\ntr '\\0' '\\n' < /proc/$$/cmdline > '${seen}.tmp'\nmv '${seen}.tmp' '${seen}'\n`,
    );
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const child = spawn(process.execPath, [MAIN, 'inspect', '--port', new URL(serve.url).port, '--open'], {
      env: isolatedEnv({ ...lab.env, HOME: home, PATH: `${bin}:${process.env.PATH}` }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = await collectOutput(child);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    printed = JSON.parse(run.stdout);
    await waitFor('the opener to run', () => existsSync(seen), 10_000);
    opened = readFileSync(seen, 'utf8').split('\n').filter(Boolean);
  });
  after(async () => {
    await serve?.stop();
    await lab?.close();
    rmSync(bin, { recursive: true, force: true, maxRetries: 5 });
  });

  const pageOf = () => fileURLToPath(opened.at(-1) as string);
  const linkIn = (page: string) => /location\.replace\("([^"]+)"\)/.exec(readFileSync(page, 'utf8'))?.[1] ?? '';

  it('puts no sign-in code on the command line of the opener, only a private page', () => {
    assert.doesNotMatch(opened.join(' '), /code=|login/);
    assert.match(opened.at(-1) ?? '', /^file:\/\//);
    const page = pageOf();
    assert.equal(statSync(page).mode & 0o777, 0o600);
    assert.equal(statSync(dirname(page)).mode & 0o777, 0o700);
    assert.equal(statSync(page).uid, process.getuid?.());
    assert.match(linkIn(page), /^http:\/\/127\.0\.0\.1:\d+\/login\?code=/);
  });

  it('keeps the page from another local user', async () => {
    const read = await asOtherUser(['cat', pageOf()]);
    assert.notEqual(read.code, 0);
    assert.doesNotMatch(read.stdout, /code=/);
  });

  it('makes a leaked link useless to another local user, and leaves it to the user', async () => {
    const link = linkIn(pageOf());
    const stolen = await curlAsOtherUser(link);
    assert.equal(stolen.status, 401, stolen.body);
    assert.equal(JSON.parse(stolen.body).error.code, 'AUTH_REQUIRED');
    // The page holds the link printed for the user (stdout); the next test's browser signs in with it afterwards.
    assert.equal(link, printed.url);
    assert.equal((await curlAsOtherUser(printed.url)).status, 401);
  });

  it('leads a real browser from the page into the signed-in inspector, after the other user tried its link', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(opened.at(-1) as string);
      await page.waitForURL(/\/inspector/, { timeout: 20_000 });
      const answer = await page.evaluate(async () => (await fetch('/devices')).status);
      assert.equal(answer, 200, 'the browser holds a session');
    } finally {
      await browser.close();
    }
  });
});
