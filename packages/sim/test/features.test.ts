// The banner's features decide what the real adb sends (shell_v2 → `shell,v2`, stat_v2 → STA2, ls_v2 → LIS2,
// abb_exec / cmd → streamed install, fixed_push_mkdir → no `mkdir` before a push). Each device below advertises a
// different set; the suite checks what adb chose (SimDevice.serviceLog) and that every path gives the right result.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApk } from '../src/device/apk.ts';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { sha256 } from './helpers.ts';

describe('banner features through real adb', () => {
  let lab: Lab;
  let full: SimDevice;
  let cmdOnly: SimDevice;
  let legacy: SimDevice;
  let scratch: string;
  before(async () => {
    lab = await createLab({ devices: [{}, { features: ['shell_v2', 'cmd'] }, { features: [] }] });
    [full, cmdOnly, legacy] = lab.devices as [SimDevice, SimDevice, SimDevice];
    scratch = await mkdtemp(join(tmpdir(), 'svc-sim-features-'));
    await mkdir(join(scratch, 'tree', 'sub'), { recursive: true });
    await writeFile(join(scratch, 'tree', 'sub', 'leaf.txt'), 'leaf\n');
  });
  after(async () => {
    await lab?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
  });

  const since = (sim: SimDevice, from: number) => sim.serviceLog.slice(from);
  const apk = async (name: string, pkg: string) => {
    const file = join(scratch, name);
    await writeFile(file, buildApk({ package: pkg, versionName: '1.0', versionCode: 1 }, 200_000));
    return file;
  };

  it('all features: shell v2 exit codes, STA2 push without mkdir, LIS2 listing, abb_exec streamed install', async () => {
    let mark = full.serviceLog.length;
    const status = await lab.adb('-s', full.serial, 'shell', 'echo out; echo err >&2; exit 3');
    assert.deepEqual([status.code, status.stdout, status.stderr], [3, 'out\n', 'err\n']);
    assert.match(since(full, mark)[0]!, /^shell,v2,/);

    mark = full.serviceLog.length;
    const data = randomBytes(70_000);
    await writeFile(join(scratch, 'blob.bin'), data);
    const pushed = await lab.adb('-s', full.serial, 'push', join(scratch, 'blob.bin'), '/data/local/tmp/a/b/blob.bin');
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.ok(since(full, mark).includes('sync:STA2 /data/local/tmp/a/b/blob.bin'), since(full, mark).join('\n'));
    assert.ok(!full.device.commandLog.some((line) => line.startsWith('mkdir')), 'fixed_push_mkdir: no mkdir');
    assert.equal(sha256(full.device.files.get('/data/local/tmp/a/b/blob.bin')!.data), sha256(data));

    mark = full.serviceLog.length;
    const listed = await lab.adb('-s', full.serial, 'ls', '/data/local/tmp/a/b');
    assert.match(listed.stdout, /^000081a4 00011170 [0-9a-f]{8} blob\.bin$/m);
    assert.deepEqual(since(full, mark), ['sync:', 'sync:LIS2 /data/local/tmp/a/b']);

    mark = full.serviceLog.length;
    const installed = await lab.adb('-s', full.serial, 'install', await apk('full.apk', 'com.example.full'));
    assert.equal(installed.code, 0, installed.stdout + installed.stderr);
    assert.equal(installed.stdout, 'Performing Streamed Install\nSuccess\n');
    assert.match(since(full, mark)[0]!, /^abb_exec:package\0install\0-S\0\d+$/);
    assert.equal(full.device.packages.get('com.example.full')?.thirdParty, true);
  });

  it('push install (--no-streaming) pushes the file, runs pm install and removes it without an error', async () => {
    const result = await lab.adb('-s', full.serial, 'install', '--no-streaming', await apk('p.apk', 'com.example.p'));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^Performing Push Install\n.*1 file pushed.*\nSuccess\n$/);
    assert.ok(full.device.packages.has('com.example.p'));
    assert.equal(full.device.files.has('/data/local/tmp/p.apk'), false);
  });

  it('cmd without abb_exec: streamed install over exec:cmd; STAT, LIST and mkdir before a tree push', async () => {
    let mark = cmdOnly.serviceLog.length;
    const installed = await lab.adb('-s', cmdOnly.serial, 'install', await apk('cmd.apk', 'com.example.cmd'));
    assert.equal(installed.code, 0, installed.stdout + installed.stderr);
    assert.match(installed.stdout, /Success/);
    assert.equal(since(cmdOnly, mark)[0], "exec:cmd package 'install' -S 200000");
    assert.ok(cmdOnly.device.packages.has('com.example.cmd'));

    mark = cmdOnly.serviceLog.length;
    const pushed = await lab.adb('-s', cmdOnly.serial, 'push', join(scratch, 'tree'), '/sdcard/tree');
    assert.equal(pushed.code, 0, pushed.stderr);
    const sent = since(cmdOnly, mark);
    assert.ok(sent.includes('sync:STAT /sdcard/tree'), sent.join('\n'));
    assert.ok(
      sent.some((service) => /^shell,v2,.*:mkdir /.test(service)),
      sent.join('\n'),
    );
    assert.equal(cmdOnly.device.files.get('/sdcard/tree/sub/leaf.txt')?.data.toString(), 'leaf\n');

    mark = cmdOnly.serviceLog.length;
    const back = join(scratch, 'pulled-tree');
    const pulled = await lab.adb('-s', cmdOnly.serial, 'pull', '/sdcard/tree', back);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.equal(await readFile(join(back, 'sub', 'leaf.txt'), 'utf8'), 'leaf\n');
    assert.ok(since(cmdOnly, mark).includes('sync:LIST /sdcard/tree/'), since(cmdOnly, mark).join('\n'));
  });

  it('no features: legacy shell (no exit status, stderr merged) and push install', async () => {
    const mark = legacy.serviceLog.length;
    const status = await lab.adb('-s', legacy.serial, 'shell', 'echo err >&2; exit 3');
    // Without shell_v2 adb cannot learn the exit status and gets stderr on the one stream, as with an old phone.
    assert.deepEqual([status.code, status.stdout, status.stderr], [0, 'err\n', '']);
    assert.equal(since(legacy, mark)[0], 'shell:echo err >&2; exit 3');
    const installed = await lab.adb('-s', legacy.serial, 'install', await apk('legacy.apk', 'com.example.legacy'));
    assert.equal(installed.code, 0, installed.stderr);
    assert.match(installed.stdout, /^Performing Push Install\n.*\nSuccess\n$/);
    assert.ok(legacy.device.packages.has('com.example.legacy'));
  });
});
