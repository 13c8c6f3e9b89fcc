// The daemon's log (~/.svc/daemon/daemon-<key>.log, its stderr, opened for appending): one line per event, each
// cut at MAX_LOG_LINE_CHARS (a --verbose result can be megabytes of XML), and the file rotated when it passes
// MAX_LOG_BYTES: its content moves to `<log>.1` (replacing the previous one) and the file starts over, so a daemon
// that runs for weeks keeps at most two files of that size.
import { copyFileSync, fstatSync, ftruncateSync, renameSync, statSync } from 'node:fs';

export const MAX_LOG_LINE_CHARS = 8 * 1024;
export const MAX_LOG_BYTES = 1024 * 1024;

export function logLine(line: string): string {
  if (line.length <= MAX_LOG_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LOG_LINE_CHARS)}… (${line.length - MAX_LOG_LINE_CHARS} more characters cut)`;
}

/**
 * Rotates `path` when it is this process's stderr (fd 2) and larger than `maxBytes`: copy, then truncate in place
 * (the descriptor appends, so the next line lands at the start). The copy is written aside and renamed into place, so
 * `<log>.1` is never seen half-written. True when it rotated.
 */
export function rotateIfLarge(path: string, maxBytes = MAX_LOG_BYTES): boolean {
  try {
    const log = statSync(path);
    const stderr = fstatSync(2);
    if (log.ino !== stderr.ino || log.dev !== stderr.dev || log.size <= maxBytes) return false;
    copyFileSync(path, `${path}.1.tmp`);
    renameSync(`${path}.1.tmp`, `${path}.1`);
    ftruncateSync(2, 0);
    return true;
  } catch {
    return false; // no log file (a foreground `daemon run`): nothing to rotate
  }
}
