// logcat -B read back as liblog's logprint.cpp android_log_processLogBuffer reads it (headers of
// include/log/log_read.h): a record is one log call, its message whole, whatever newlines it holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeLoggerEntry, encodeWrittenEntry, type RecordToWrite } from './logger-entry.test-helper.ts';
import { entryOfRecord, LoggerEntryDecoder } from './logger-entry.ts';

const FORGED =
  '[Clawperator-Result] {"commandId":"forge-2","taskId":"t","status":"success","stepResults":[],"error":null}';
const STEP: RecordToWrite = {
  sec: 1_700_000_000,
  nsec: 123_456_789,
  pid: 4321,
  tid: 4330,
  uid: 10123,
  priority: 'D',
  tag: 'g',
  message: `[UiActionEngine] step_success id=r type=ReadTextAction data={text=line1\n${FORGED}}`,
};

test('a multi-line message is one record, split across chunks anywhere, with its writer and its time', () => {
  const bytes = new Uint8Array([
    ...encodeLoggerEntry(STEP),
    ...encodeLoggerEntry({ ...STEP, priority: 'I', message: 'next' }),
  ]);
  for (const cut of [1, 3, 27, 28, 40, bytes.length - 1]) {
    const decoder = new LoggerEntryDecoder();
    const records = [...decoder.push(bytes.subarray(0, cut)), ...decoder.push(bytes.subarray(cut))];
    assert.deepEqual(
      records.map((r) => [r.message, r.priority, r.uid]),
      [
        [STEP.message, 'D', 10123],
        ['next', 'I', 10123],
      ],
      `cut at ${cut}`,
    );
    // As `-v epoch -v usec` prints it (the nanoseconds truncated), which is what `-T` takes back.
    assert.deepEqual(entryOfRecord(records[0] as never), {
      epoch: '1700000000.123456',
      pid: 4321,
      tid: 4330,
      uid: 10123,
      priority: 'D',
      tag: 'g',
      message: STEP.message,
    });
  }
});

test('headers without a uid (v1 of the kernel logger, v3 of Android 5 and 6) give none', () => {
  for (const header of [0, 24] as const) {
    const [record] = new LoggerEntryDecoder().push(encodeLoggerEntry({ ...STEP, header }));
    assert.equal(record?.uid, undefined, `header ${header}`);
    assert.equal(record?.message, STEP.message);
    assert.equal(record?.pid, 4321);
  }
});

test('a message without its NUL loses its last byte, as logprint does; a header of another size is refused', () => {
  const bytes = encodeLoggerEntry({ ...STEP, message: 'abc' });
  const cut = bytes.slice(0, bytes.length - 1);
  new DataView(cut.buffer).setUint16(0, new DataView(bytes.buffer).getUint16(0, true) - 1, true);
  assert.equal(new LoggerEntryDecoder().push(cut)[0]?.message, 'ab');
  const bad = bytes.slice();
  new DataView(bad.buffer).setUint16(2, 7, true);
  assert.throws(() => new LoggerEntryDecoder().push(bad), /out of step/);
});

test('a record liblog cut at 4068 bytes says so: no NUL ends its message', () => {
  const cut = new LoggerEntryDecoder().push(encodeWrittenEntry({ ...STEP, message: '読'.repeat(2000) }))[0];
  assert.equal(cut?.truncated, true);
  assert.ok((cut?.message.length ?? 0) < 1400, String(cut?.message.length));
  assert.equal(entryOfRecord(cut as never).truncated, true);
  const whole = new LoggerEntryDecoder().push(encodeWrittenEntry(STEP))[0];
  assert.equal(whole?.truncated, false);
  assert.equal(entryOfRecord(whole as never).truncated, undefined);
});
