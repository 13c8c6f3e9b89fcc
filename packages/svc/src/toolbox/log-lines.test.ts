// Android 5 and 6 log lines carry a local month-day time, no year and no zone (`logcat -v threadtime`, liblog
// logprint.c of those releases): their instant comes from the device's clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logcatRefusal, logFormatFor, parseLog } from './log-lines.ts';

const LINE = '05-01 10:00:00.123  1234  1256 I ActivityManager: Start proc 1234:com.android.settings';

test('Android 7 and later are asked for epoch times, older ones for threadtime', () => {
  assert.equal(logFormatFor(24), '-v epoch');
  assert.equal(logFormatFor(23), '-v threadtime');
});

test('a threadtime line is timed in the device zone and year', () => {
  // The device is two hours ahead of UTC, on 2026-05-01 at 12:00 local.
  const clock = { nowMs: Date.UTC(2026, 4, 1, 10, 0, 0), offsetMs: 2 * 3_600_000 };
  const [record] = parseLog(LINE, 23, clock);
  assert.deepEqual(record, {
    epochMs: Date.UTC(2026, 4, 1, 8, 0, 0, 123),
    pid: 1234,
    tid: 1256,
    level: 'I',
    tag: 'ActivityManager',
    message: 'Start proc 1234:com.android.settings',
  });
});

test('a date later than the device now belongs to the year before (a log that spans New Year)', () => {
  const clock = { nowMs: Date.UTC(2027, 0, 1, 0, 5, 0), offsetMs: 0 };
  const [record] = parseLog(LINE.replace('05-01', '12-31').replace('10:00:00', '23:59:00'), 23, clock);
  assert.equal(new Date(record?.epochMs ?? 0).toISOString(), '2026-12-31T23:59:00.123Z');
});

test('a threadtime record is never read as logcat refusing, while its usage error is', () => {
  assert.equal(logcatRefusal({ stdout: `${LINE}\n`, stderr: '', exitCode: 0 }), undefined);
  assert.equal(
    logcatRefusal({
      stdout: 'Invalid parameter epoch to -v\nUsage: logcat [options] [filterspecs]\n',
      stderr: '',
      exitCode: 0,
    }),
    'Invalid parameter epoch to -v',
  );
});
