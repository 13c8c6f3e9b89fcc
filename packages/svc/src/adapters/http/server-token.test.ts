// The server token file: made once with mode 0600 in a 0700 ~/.svc, reused after, and refused when another user
// could read it, swap it (a symbolic link) or when ~/.svc is open to others.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadOrCreateServerToken, readServerToken, serverTokenPath } from './server-token.ts';

const home = () => mkdtempSync(join(tmpdir(), 'svc-token-'));

describe('the server token file', () => {
  it('is made on first use with mode 600 in a 700 directory, and reused after', () => {
    const h = home();
    const token = loadOrCreateServerToken(h);
    assert.match(token, /^[\w-]{43}$/);
    assert.equal(statSync(serverTokenPath(h)).mode & 0o777, 0o600);
    assert.equal(statSync(join(h, '.svc')).mode & 0o777, 0o700);
    assert.equal(loadOrCreateServerToken(h), token);
    assert.equal(readServerToken(h), token);
  });

  it('is refused when group or others can read it, when it is a link, or when ~/.svc is open', () => {
    const loose = home();
    loadOrCreateServerToken(loose);
    chmodSync(serverTokenPath(loose), 0o644);
    assert.throws(() => loadOrCreateServerToken(loose), { code: 'AUTH_TOKEN_UNSAFE' });

    const linked = home();
    mkdirSync(join(linked, '.svc'), { mode: 0o700 });
    writeFileSync(join(linked, 'elsewhere'), `${'c'.repeat(43)}\n`, { mode: 0o600 });
    symlinkSync(join(linked, 'elsewhere'), serverTokenPath(linked));
    assert.throws(() => loadOrCreateServerToken(linked), { code: 'AUTH_TOKEN_UNSAFE' });

    const open = home();
    mkdirSync(join(open, '.svc'), { mode: 0o755 });
    chmodSync(join(open, '.svc'), 0o755);
    assert.throws(() => loadOrCreateServerToken(open), { code: 'AUTH_TOKEN_UNSAFE' });
  });

  it('gives a client nothing before a server made it', () => {
    assert.equal(readServerToken(home()), undefined);
  });
});
