// What the toolbox reads as a device refusing, and what it reads as payload. Below Android 7 adb gives no exit status
// and no separate stderr, so these are judged by their words. The logcat error lines have the shapes AOSP logcat
// prints (system/core/logcat/logcat.cpp: "Invalid parameter ... to -v" with the usage text; system/logging/logcat/
// logcat.cpp: "logcat: <message>" and "For more information, run 'logcat --help'."; the log device of Android 4
// and older: "Unable to open log device '/dev/log/main': Permission denied").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logcatRefusal } from './log-lines.ts';
import { clipboardRefusal } from './tools/clipboard.ts';

const ok = (stdout: string, stderr = '', exitCode = 0) => ({ stdout, stderr, exitCode });

test('logcat usage errors, a denied log device and a missing logcat are refusals, whatever the status', () => {
  assert.equal(
    logcatRefusal(ok("logcat: Unknown format 'epoch'.\nFor more information, run 'logcat --help'.\n")),
    "logcat: Unknown format 'epoch'.",
  );
  assert.equal(
    logcatRefusal(ok('Invalid parameter "epoch" to -v\nUsage: logcat [options] [filterspecs]\n')),
    'Invalid parameter "epoch" to -v',
  );
  assert.match(
    logcatRefusal(ok("Unable to open log device '/dev/log/main': Permission denied\n")) ?? '',
    /Permission denied/,
  );
  assert.equal(logcatRefusal(ok('', '/system/bin/sh: logcat: not found\n', 127)), '/system/bin/sh: logcat: not found');
  assert.equal(logcatRefusal(ok('', '', 1)), 'exit status 1');
});

test('log records are the log, whatever they say', () => {
  const log =
    '--------- beginning of main\n' +
    '1795374602.123  1234  1250 E Files   : open: Permission denied\n' +
    '1795374602.124  1234  1250 E Files   : Unknown command: x\n';
  assert.equal(logcatRefusal(ok(log)), undefined);
  assert.equal(logcatRefusal(ok('')), undefined, 'an empty log is no refusal');
});

test("the clipboard's refusals are the device's whole answer, never words inside a clip", () => {
  assert.equal(clipboardRefusal('', 'No shell command implementation.\n', 0), 'No shell command implementation.');
  assert.equal(clipboardRefusal('No shell command implementation.\n', '', 0), 'No shell command implementation.');
  assert.equal(clipboardRefusal('/system/bin/sh: cmd: not found\n', '', 0), '/system/bin/sh: cmd: not found');
  assert.equal(clipboardRefusal('', '', 255), 'exit 255');
  for (const clip of [
    'Access denied',
    'java.lang.SecurityException: denied',
    'file not found',
    'a\nUnknown command: x',
  ])
    assert.equal(clipboardRefusal(`${clip}\n`, '', 0), undefined, clip);
});
