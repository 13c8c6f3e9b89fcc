import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LogPriority } from '../../device/types.ts';
import { testShell } from '../shell.test-helper.ts';

const T0 = Date.UTC(2026, 10, 22, 19, 10, 1, 123);

function seeded() {
  const shell = testShell();
  const write = (epochMs: number, priority: LogPriority, tag: string, message: string) =>
    shell.device.log.write({ epochMs, pid: 1234, tid: 1250, priority, tag, message });
  write(T0, 'I', 'SvcOperator', 'first');
  write(T0 + 1000, 'D', 'Other', 'debug line');
  write(T0 + 2000, 'W', 'SvcOperator', 'warned');
  return { ...shell, write };
}

const HEAD = '--------- beginning of main\n';

describe('logcat', () => {
  it('prints threadtime by default, as Android formats it', async () => {
    const { run } = seeded();
    const result = await run('logcat -d -s SvcOperator');
    assert.equal(
      result.stdout,
      `${HEAD}11-22 19:10:01.123  1234  1250 I SvcOperator: first\n11-22 19:10:03.123  1234  1250 W SvcOperator: warned\n`,
    );
  });

  it('prints every -v format exactly', async () => {
    const { run } = seeded();
    const expected: Record<string, string> = {
      brief: 'D/Other   ( 1234): debug line\n',
      time: '11-22 19:10:02.123 D/Other   ( 1234): debug line\n',
      threadtime: '11-22 19:10:02.123  1234  1250 D Other   : debug line\n',
      raw: 'debug line\n',
      tag: 'D/Other   : debug line\n',
      process: 'D( 1234) debug line  (Other)\n',
      epoch: '1795374602.123  1234  1250 D Other   : debug line\n',
    };
    for (const [format, line] of Object.entries(expected)) {
      assert.equal((await run(`logcat -d -v ${format} Other:V '*:S'`)).stdout, HEAD + line, format);
    }
  });

  it('applies tag filterspecs with priorities and a silent default', async () => {
    const { run } = seeded();
    assert.equal((await run('logcat -d -v raw SvcOperator:W *:S')).stdout, `${HEAD}warned\n`);
    assert.equal((await run('logcat -d -v raw *:I')).stdout, `${HEAD}first\nwarned\n`);
    assert.equal((await run('logcat -d -v raw -s Other')).stdout, `${HEAD}debug line\n`);
    assert.equal((await run('logcat -d -v raw Bad:Q')).code, 1);
  });

  it('tails the last N entries with -t, cut before the tag filter as logd does', async () => {
    const { run } = seeded();
    assert.equal((await run('logcat -t 2 -v raw')).stdout, `${HEAD}debug line\nwarned\n`);
    assert.equal((await run('logcat -t 2 -v raw -s Other SvcOperator')).stdout, `${HEAD}debug line\nwarned\n`);
    assert.equal((await run('logcat -t 1 -v raw -s Other')).stdout, '');
  });

  it('starts at a time given as MM-DD hh:mm:ss.mmm or as epoch seconds', async () => {
    const { run } = seeded();
    assert.equal((await run(`logcat -v raw -t '11-22 19:10:02.123'`)).stdout, `${HEAD}debug line\nwarned\n`);
    assert.equal((await run(`logcat -v raw -t '${(T0 + 2000) / 1000}'`)).stdout, `${HEAD}warned\n`);
    assert.equal((await run(`logcat -v raw -t 'yesterday'`)).code, 1);
  });

  it('clears the buffer with -c', async () => {
    const { device, run } = seeded();
    assert.equal((await run('logcat -c')).code, 0);
    assert.equal(device.log.entries().length, 0);
    assert.equal((await run('logcat -d')).stdout, '');
  });

  it('prints nothing from buffers other than main', async () => {
    const { run } = seeded();
    assert.equal((await run('logcat -d -b crash')).stdout, '');
    assert.match((await run('logcat -d -b main,system -v raw')).stdout, /first/);
    assert.equal((await run('logcat -d -b nonsense')).code, 1);
  });

  it('follows new entries until the host closes the stream (-T N keeps only the last N of the backlog)', async () => {
    const { run, write } = seeded();
    const abort = new AbortController();
    let seen = '';
    let onData: () => void = () => {};
    const running = run('logcat -v raw -T 1 -s SvcOperator', {
      signal: abort.signal,
      onStdout: (text) => {
        seen += text;
        onData();
      },
    });
    const waitFor = (needle: string) =>
      new Promise<void>((resolve) => {
        onData = () => seen.includes(needle) && resolve();
        onData();
      });
    await waitFor('warned');
    write(T0 + 5000, 'I', 'Other', 'filtered out');
    write(T0 + 6000, 'I', 'SvcOperator', 'live entry');
    await waitFor('live entry');
    abort.abort();
    const result = await running;
    assert.equal(result.code, 0);
    assert.equal(result.stdout, `${HEAD}warned\nlive entry\n`);
  });

  it('splits a multi-line message into prefixed lines', async () => {
    const { device, run } = testShell();
    device.log.write({ pid: 1, tid: 1, priority: 'E', tag: 'Crash', message: 'line one\nline two' });
    assert.equal(
      (await run('logcat -d -v brief')).stdout,
      `${HEAD}E/Crash   (    1): line one\nE/Crash   (    1): line two\n`,
    );
  });

  it('stops after -m matching entries', async () => {
    const { run } = seeded();
    assert.equal((await run('logcat -v raw -m 1 -s SvcOperator')).stdout, `${HEAD}first\n`);
  });
});
