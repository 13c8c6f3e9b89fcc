// The daemon log is capped and rotated (issue 19: `--verbose` through the daemon wrote result text to an uncapped,
// unrotated log): a line is cut at MAX_LOG_LINE_CHARS, and a log past MAX_LOG_BYTES moves to `<log>.1` while the
// process keeps appending to a fresh file through the same descriptor.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { logLine, MAX_LOG_BYTES, MAX_LOG_LINE_CHARS } from './daemon-log.ts';

describe('the daemon log', () => {
  it('cuts a long line and says how much was cut', () => {
    const line = logLine(`execute result ${'x'.repeat(100_000)}`);
    assert.ok(line.length < MAX_LOG_LINE_CHARS + 100);
    assert.match(line, /… \(\d+ more characters cut\)$/);
    assert.equal(logLine('short'), 'short');
  });

  it('rotates its stderr file past the size limit and goes on appending to the fresh file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-daemon-log-'));
    const log = join(dir, 'daemon.log');
    const fd = openSync(log, 'a', 0o600);
    const module = fileURLToPath(new URL('./daemon-log.ts', import.meta.url));
    const script = `
      import { rotateIfLarge } from ${JSON.stringify(module)};
      process.stderr.write('x'.repeat(${MAX_LOG_BYTES + 10}) + '\\n');
      const rotated = rotateIfLarge(${JSON.stringify(log)});
      process.stderr.write('after ' + rotated + '\\n');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', fd] });
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.equal(readFileSync(log, 'utf8'), 'after true\n');
    assert.ok(statSync(`${log}.1`).size > MAX_LOG_BYTES);
  });
});
