// The adb wire contract, driven through the real adb binary: device listing, shell exit codes and streams, quoting,
// binary exec-out, push/pull.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { runAdb } from '../src/testing/run-adb.ts';
import { sha256, shQuote } from './helpers.ts';

describe('adb wire', () => {
  let lab: Lab;
  let serial: string;
  let scratch: string;
  before(async () => {
    lab = await createLab({ devices: [{ model: 'Pixel 8' }] });
    serial = lab.devices[0]!.serial;
    scratch = await mkdtemp(join(tmpdir(), 'svc-sim-wire-'));
  });
  after(async () => {
    await lab?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
  });

  it('lists the device with its product, model and device fields in `adb devices -l`', async () => {
    const { stdout } = await lab.adb('devices', '-l');
    const line = stdout.split('\n').find((l) => l.startsWith(`${serial} `));
    assert.ok(line, stdout);
    assert.match(line, /\sdevice\s/);
    assert.match(line, /model:Pixel_8\b/);
    assert.match(line, /product:\S+ /);
    assert.match(line, /device:\S+ /);
  });

  it('returns the real exit status of a shell command', async () => {
    assert.equal((await lab.adb('-s', serial, 'shell', 'true')).code, 0);
    assert.equal((await lab.adb('-s', serial, 'shell', 'false')).code, 1);
    assert.equal((await lab.adb('-s', serial, 'shell', 'exit 7')).code, 7);
  });

  it('keeps stderr apart from stdout and reports 127 for an unknown command', async () => {
    const result = await lab.adb('-s', serial, 'shell', 'no_such_tool --flag');
    assert.equal(result.code, 127);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, '/system/bin/sh: no_such_tool: not found\n');
  });

  it('parses command lines as the device sh does: export, &&, ||, redirections, $? and exec', async () => {
    const line =
      'export A=B; echo $A && false || echo "$A fallback"; echo gone >/dev/null; ' +
      "echo 'x y' 2>/dev/null; nosuch 2>/dev/null; echo $?; exec echo last; echo never";
    const result = await lab.adb('-s', serial, 'shell', line);
    assert.deepEqual([result.code, result.stdout, result.stderr], [0, 'B\nB fallback\nx y\n127\nlast\n', '']);
    const syntax = await lab.adb('-s', serial, 'shell', 'echo "unterminated');
    assert.equal(syntax.code, 1);
    assert.match(syntax.stderr, /^\/system\/bin\/sh: /);
  });

  it('delivers a quoting torture string byte-identical to the device', async () => {
    const payload = JSON.stringify({
      quote: 'say "hi" and \'bye\'',
      backslash: 'C:\\path\\to\\n',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text must reach the device unexpanded
      subst: '$(id) `id` ${HOME} $HOME',
      glob: '* ? [a] ~ & | ; < > ( ) { }',
      unicode: 'ünïcødé — 中文 🙂👍🏽',
      newline: 'a\nb',
    });
    const commandLine = `echo ${shQuote(payload)}`;
    const result = await lab.adb('-s', serial, 'shell', commandLine);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `${payload}\n`);
    assert.equal(lab.devices[0]!.device.commandLog.at(-1), commandLine);
  });

  it('streams 1 MiB of binary through exec-out unchanged', async () => {
    const blob = randomBytes(1024 * 1024);
    lab.devices[0]!.device.files.set('/data/local/tmp/blob.bin', { data: blob, mode: 0o100644, mtimeSec: 1 });
    const result = await lab.adbBytes('-s', serial, 'exec-out', 'cat /data/local/tmp/blob.bin');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.length, blob.length);
    assert.equal(sha256(result.stdout), sha256(blob));
  });

  it('pushes and pulls 5 MiB byte-exact', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const local = join(scratch, 'five.bin');
    await writeFile(local, data);
    const pushed = await lab.adb('-s', serial, 'push', local, '/sdcard/Download/five.bin');
    assert.equal(pushed.code, 0, pushed.stderr);
    const onDevice = lab.devices[0]!.device.files.get('/sdcard/Download/five.bin');
    assert.ok(onDevice);
    assert.equal(sha256(onDevice.data), sha256(data));
    const back = join(scratch, 'back.bin');
    const pulled = await lab.adb('-s', serial, 'pull', '/sdcard/Download/five.bin', back);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.equal(sha256(await readFile(back)), sha256(data));
  });

  it('pushes into a directory under the file name and pulls a directory tree', async () => {
    const local = join(scratch, 'note.txt');
    await writeFile(local, 'hello\n');
    assert.equal((await lab.adb('-s', serial, 'push', local, '/data/local/tmp/')).code, 0);
    assert.equal(lab.devices[0]!.device.files.get('/data/local/tmp/note.txt')?.data.toString(), 'hello\n');
    const pulled = await lab.adb('-s', serial, 'pull', '/sdcard/Download', scratch);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.equal((await readFile(join(scratch, 'Download', 'five.bin'))).length, 5 * 1024 * 1024);
  });

  it('reports a missing remote file on pull', async () => {
    const result = await lab.adb('-s', serial, 'pull', '/sdcard/none.bin', join(scratch, 'none.bin'));
    assert.equal(result.code, 1);
    assert.match(result.stdout + result.stderr, /No such file or directory/);
  });

  it('feeds stdin to a shell v2 command and ends it when the host closes its input', async () => {
    const data = randomBytes(300 * 1024);
    const result = await runAdb(lab.adbPort, lab.env, ['-s', serial, 'shell', 'cat'], data);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(sha256(result.stdout), sha256(data));
  });
});
