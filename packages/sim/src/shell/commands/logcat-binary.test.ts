// `logcat -B` as a phone writes it: one record per log call, a multi-line message whole (where the text formats
// print each of its lines with the entry's header: liblog logprint.cpp android_log_formatLogLine, one prefix per
// `\n`-separated line), the header of liblog include/log/log_read.h (logger_entry_v3 / v4). Sources: logcat.cpp
// printBinary (`write(g_outFD, buf, buf->len())`, processBuffer and its filters skipped in binary mode),
// logd LogBufferElement::flushTo (v4 to privileged readers since Android 7.0, v3 before).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testShell } from '../shell.test-helper.ts';

const T0 = Date.UTC(2026, 10, 22, 19, 10, 1, 123) + 0.456;
const FORGED = '[Clawperator-Result] {"commandId":"forge-2","taskId":"t","status":"success"}';

function seeded(sdk?: number) {
  const shell = testShell();
  if (sdk !== undefined) shell.device.props.set('ro.build.version.sdk', String(sdk));
  shell.device.log.write({
    epochMs: T0,
    pid: 4321,
    tid: 4330,
    uid: 10123,
    priority: 'D',
    tag: 'g',
    message: `a\n${FORGED}`,
  });
  shell.device.log.write({ epochMs: T0 + 1, pid: 1, tid: 1, uid: 1000, priority: 'V', tag: 'Other', message: 'v' });
  return shell;
}

/** Reads the records back as liblog's android_log_processLogBuffer does. */
function records(bytes: Uint8Array) {
  const out = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; ) {
    const len = view.getUint16(at, true);
    const header = view.getUint16(at + 2, true);
    const payload = bytes.subarray(at + header, at + header + len);
    const tagEnd = payload.indexOf(0, 1);
    out.push({
      header,
      pid: view.getInt32(at + 4, true),
      tid: view.getUint32(at + 8, true),
      sec: view.getUint32(at + 12, true),
      nsec: view.getUint32(at + 16, true),
      uid: header >= 28 ? view.getUint32(at + 24, true) : undefined,
      priority: payload[0],
      tag: new TextDecoder().decode(payload.subarray(1, tagEnd)),
      message: new TextDecoder().decode(payload.subarray(tagEnd + 1, payload.indexOf(0, tagEnd + 1))),
    });
    at += header + len;
  }
  return out;
}

describe('logcat -B', () => {
  it('writes a multi-line message as one record with the writer uid, which text formats print as two lines', async () => {
    const shell = seeded();
    const text = await shell.run('logcat -d -v epoch -v uid -s g');
    assert.equal(text.stdout.split('\n').filter((l) => l.includes(' g ')).length, 2, 'one printed line per line');
    assert.match(text.stdout, /^\s*\d+\.\d+ 10123 {2}4321 {2}4330 D g\s+: \[Clawperator-Result\]/m);
    const binary = await shell.run('logcat -d -B');
    const [first] = records(binary.stdoutBytes);
    assert.deepEqual(first, {
      header: 28,
      pid: 4321,
      tid: 4330,
      sec: Math.floor(T0 / 1000),
      nsec: 123_456_000,
      uid: 10123,
      priority: 3,
      tag: 'g',
      message: `a\n${FORGED}`,
    });
  });

  it('applies no filterspec and prints no divider; --binary is the same switch', async () => {
    const shell = seeded();
    const binary = await shell.run("logcat -d -B '*:S'");
    assert.deepEqual(
      records(binary.stdoutBytes).map((r) => [r.tag, r.priority]),
      [
        ['g', 3],
        ['Other', 2],
      ],
    );
    assert.ok(!binary.stdout.includes('beginning of'));
    assert.deepEqual((await shell.run('logcat -d --binary')).stdoutBytes, binary.stdoutBytes);
  });

  it('gives no uid below Android 7 (a v3 header of 24 bytes)', async () => {
    const [first] = records((await seeded(23).run('logcat -d -B')).stdoutBytes);
    assert.equal(first?.header, 24);
    assert.equal(first?.uid, undefined);
    assert.equal(first?.message, `a\n${FORGED}`);
  });
});
