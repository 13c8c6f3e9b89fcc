// The packing step (scripts/pack-manifest.ts, npm's prepack and postpack) gives the clone's package.json back as it
// was, mtime included: bin/svc.js runs the bundle only while every file it was made from (package.json among them)
// keeps the mtime and size recorded at build time, so a manifest rewritten by a pack would leave the bundle stale
// for every later call in the clone (the thin client's test then saw only sources run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../../scripts/pack-manifest.ts', import.meta.url));

test('strip ships the packed manifest; restore gives back the clone file with its own mtime and bytes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pack-manifest-'));
  try {
    const manifest = join(dir, 'package.json');
    const original = `${JSON.stringify({ name: 'svc-android', exports: { '.': { 'svc-source': './src/a.ts', default: './dist/a.js' } } }, null, 2)}\n`;
    writeFileSync(manifest, original);
    utimesSync(manifest, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    const before = statSync(manifest).mtimeMs;
    const run = (action: string) => spawnSync(process.execPath, [SCRIPT, action], { cwd: dir, encoding: 'utf8' });
    assert.equal(run('strip').status, 0);
    const packed = JSON.parse(readFileSync(manifest, 'utf8'));
    assert.deepEqual(packed.exports, { '.': { default: './dist/a.js' } });
    assert.deepEqual(packed.engines, { node: '>=22' }, 'svc runs on Node 22 and 24');
    assert.equal(run('restore').status, 0);
    assert.equal(readFileSync(manifest, 'utf8'), original);
    assert.equal(statSync(manifest).mtimeMs, before, 'the clone file came back with its own mtime');
  } finally {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
});
