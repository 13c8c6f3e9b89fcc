// Issue 36: `skills install --repo https://user:pass@…` put the password on git's command line (every local user can
// read a process's argv) and in the error's details.command. Real git against a local HTTP server that asks for
// Basic credentials: git must still send them (through svc's credential helper), its argv (logged by a wrapper in
// front of the real git) must never hold the password, and nothing svc prints may either.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCliJson } from './run-cli.ts';

const USER = 'svc-user';
const PASSWORD = 'S3cret-Pass/+=word';

describe('a skills repository URL with a password', () => {
  let scratch: string;
  let server: Server;
  let port: number;
  const authorizations: string[] = [];
  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'svc-skills-cred-'));
    // Smart HTTP: the first request without credentials is answered 401 with a Basic challenge; with them, 404.
    server = createServer((req, res) => {
      const auth = req.headers.authorization;
      if (auth === undefined) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="skills"' }).end();
        return;
      }
      authorizations.push(auth);
      res.writeHead(404).end('no such repository');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server?.close();
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5 });
  });

  it('reaches the server through a credential helper, never on argv, and is redacted from the error', async () => {
    // A `git` in front of the real one that logs every argv it is started with.
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    const argvLog = join(scratch, 'argv.log');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec /usr/bin/git "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const home = join(scratch, 'home');
    mkdirSync(home);
    const secretUrl = `http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/skills.git`;
    const run = await runCliJson(['skills', 'install', '--repo', secretUrl], {
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, GIT_CONFIG_NOSYSTEM: '1' },
    });
    assert.equal(run.code, 1, run.stdout);
    assert.equal(run.json.code, 'SKILL_INSTALL_FAILED');
    assert.deepEqual(authorizations, [`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`]);
    const argv = readFileSync(argvLog, 'utf8');
    assert.match(argv, /clone/);
    assert.ok(!argv.includes(PASSWORD) && !argv.includes(encodeURIComponent(PASSWORD)), argv);
    const said = run.stdout + run.stderr;
    assert.ok(!said.includes(PASSWORD) && !said.includes(encodeURIComponent(PASSWORD)), said);
    assert.ok(run.json.details.command.includes(`http://127.0.0.1:${port}/skills.git`), run.stdout);
  });
});
