import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testShell } from '../shell/shell.test-helper.ts';
import { COMMAND_LOG_KEEP_CHARS, COMMAND_LOG_KEEP_LINES, recordCommandLine } from './command-log.ts';

describe('the device command log', () => {
  it('stays bounded over many shell commands and always ends with the newest lines in order', async () => {
    const { device, run } = testShell();
    const total = 3 * COMMAND_LOG_KEEP_LINES + 7;
    let largest = 0;
    for (let n = 0; n < total; n++) {
      await run(`echo ${n}`);
      largest = Math.max(largest, device.commandLog.length);
    }
    assert.ok(largest <= 2 * COMMAND_LOG_KEEP_LINES + 1, `the log reached ${largest} lines`);
    assert.ok(device.commandLog.length >= COMMAND_LOG_KEEP_LINES);
    const newest = device.commandLog.slice(-COMMAND_LOG_KEEP_LINES);
    assert.deepEqual(
      newest,
      Array.from({ length: COMMAND_LOG_KEEP_LINES }, (_, i) => `echo ${total - COMMAND_LOG_KEEP_LINES + i}`),
    );
  });

  it('drops old lines by size too, so a few huge command lines cannot grow it without bound', () => {
    const log: string[] = [];
    const huge = 'x'.repeat(100 * 1024);
    for (let n = 0; n < 100; n++) recordCommandLine(log, `${n} ${huge}`);
    const chars = log.reduce((sum, line) => sum + line.length, 0);
    assert.ok(chars <= 2 * COMMAND_LOG_KEEP_CHARS + huge.length + 3, `the log holds ${chars} characters`);
    assert.ok(log.at(-1)?.startsWith('99 '));
  });

  it('keeps counting correctly after a caller empties the array', () => {
    const log: string[] = [];
    for (let n = 0; n < COMMAND_LOG_KEEP_LINES; n++) recordCommandLine(log, `a ${n}`);
    log.length = 0;
    recordCommandLine(log, 'b');
    assert.deepEqual(log, ['b']);
    for (let n = 0; n < 2 * COMMAND_LOG_KEEP_LINES; n++) recordCommandLine(log, `c ${n}`);
    assert.ok(log.length <= 2 * COMMAND_LOG_KEEP_LINES + 1);
    assert.equal(log.at(-1), `c ${2 * COMMAND_LOG_KEEP_LINES - 1}`);
  });
});
