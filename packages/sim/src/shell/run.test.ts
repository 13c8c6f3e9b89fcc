import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testShell } from './shell.test-helper.ts';

describe('the device shell', () => {
  it('returns the exit status of the last command and exposes it as $?', async () => {
    const { run } = testShell();
    assert.equal((await run('true')).code, 0);
    assert.equal((await run('false')).code, 1);
    assert.equal((await run('false; echo $?')).stdout, '1\n');
    assert.equal((await run('exit 42')).code, 42);
    assert.equal((await run('echo a; exit 3; echo b')).stdout, 'a\n');
  });

  it('runs && and || by the status of what ran before', async () => {
    const { run } = testShell();
    const result = await run('false && echo no || echo yes; true && echo and; true || echo never');
    assert.equal(result.stdout, 'yes\nand\n');
    assert.equal((await run('! false')).code, 0);
  });

  it('expands an unquoted * or ? to the matching device paths, sorted; quoted or matchless words stay literal', async () => {
    const { run } = testShell();
    await run('echo x > /data/local/tmp/b.mp4; echo y > /data/local/tmp/a.mp4; echo z > /data/local/tmp/c.txt');
    assert.equal((await run('echo /data/local/tmp/*.mp4')).stdout, '/data/local/tmp/a.mp4 /data/local/tmp/b.mp4\n');
    assert.equal((await run('echo /data/*/tmp/?.txt')).stdout, '/data/local/tmp/c.txt\n');
    assert.equal(
      (await run("echo '/data/local/tmp/*.mp4' /nothing/*.x")).stdout,
      '/data/local/tmp/*.mp4 /nothing/*.x\n',
    );
    await run('rm -f /data/local/tmp/*.mp4');
    assert.equal((await run('ls /data/local/tmp')).stdout, 'c.txt\n');
  });

  it('answers an unknown command with sh: X: not found and status 127', async () => {
    const { run } = testShell();
    const result = await run('frobnicate --now');
    assert.equal(result.code, 127);
    assert.equal(result.stderr, '/system/bin/sh: frobnicate: not found\n');
  });

  it('reports a syntax error on stderr with status 1', async () => {
    const { run } = testShell();
    const result = await run(`echo 'unterminated`);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, '/system/bin/sh: no closing quote\n');
  });

  it('exports variables to later commands and expands them outside single quotes', async () => {
    const { run } = testShell();
    const result = await run(`export GREETING="hi there"; echo "$GREETING" '$GREETING' $GREETING`);
    assert.equal(result.stdout, 'hi there $GREETING hi there\n');
  });

  it('runs the command line adb logcat sends (export then exec)', async () => {
    const { device, run } = testShell();
    device.log.write({ pid: 7, tid: 7, priority: 'I', tag: 'T', message: 'm' });
    const result = await run(`export ANDROID_LOG_TAGS="''"; exec logcat -d -v brief; echo not-reached`);
    assert.equal(result.code, 0);
    assert.equal(result.stdout, '--------- beginning of main\nI/T       (    7): m\n');
  });

  it('sends output to /dev/null, merges stderr with 2>&1 and writes device files with > and >>', async () => {
    const { device, run } = testShell();
    assert.equal((await run('echo gone >/dev/null')).stdout, '');
    const merged = await run('cat /missing 2>&1');
    assert.equal(merged.stdout, 'cat: /missing: No such file or directory\n');
    assert.equal(merged.stderr, '');
    const silenced = await run('cat /missing >/dev/null 2>&1');
    assert.deepEqual([silenced.stdout, silenced.stderr, silenced.code], ['', '', 1]);
    await run('echo one > /data/local/tmp/f.txt; echo two >> /data/local/tmp/f.txt');
    assert.equal(new TextDecoder().decode(device.files.get('/data/local/tmp/f.txt')?.data), 'one\ntwo\n');
    assert.equal((await run('cat < /data/local/tmp/f.txt')).stdout, 'one\ntwo\n');
    // What `adb install --no-streaming` runs after pm install: stdin from /dev/null, no error.
    const removed = await run("rm '/data/local/tmp/f.txt' </dev/null");
    assert.deepEqual([removed.stdout, removed.stderr, removed.code], ['', '', 0]);
    assert.equal((await run('cat </dev/null')).stdout, '');
  });

  it('keeps stderr on the original stdout when 2>&1 comes before > file', async () => {
    const { run } = testShell();
    const result = await run('cat /missing 2>&1 >/dev/null');
    assert.equal(result.stdout, 'cat: /missing: No such file or directory\n');
  });

  it('pipes stdout of one command into the next', async () => {
    const { run } = testShell();
    const result = await run('pm list packages | grep chrome');
    assert.equal(result.stdout, 'package:com.android.chrome\n');
    assert.equal((await run('pm list packages | grep nothing-like-this')).code, 1);
  });

  it('finds commands by their /system/bin path', async () => {
    const { run } = testShell();
    assert.equal((await run('/system/bin/echo ok')).stdout, 'ok\n');
  });

  it('passes stdin to the command', async () => {
    const { run } = testShell();
    assert.equal((await run('cat', { stdin: 'from host' })).stdout, 'from host');
  });

  it('records every command line it ran', async () => {
    const { device, run } = testShell();
    await run('echo a');
    await run(`echo 'b'`);
    assert.deepEqual(device.commandLog, ['echo a', `echo 'b'`]);
  });
});
