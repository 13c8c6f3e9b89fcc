// The device's record of the shell command lines it ran (security tests assert on it). A simulated device may run for
// days in a CI job, so the record is a ring: it keeps the most recent lines and drops the oldest in batches, which
// costs O(1) per line (amortised) and keeps the plain `string[]` that tests read (`at(-1)`, `some`, `slice`).

/** Lines kept after a trim: the newest ones. */
export const COMMAND_LOG_KEEP_LINES = 1000;
/** Characters kept after a trim (an `am broadcast` line carries a whole execution, up to ~100 KiB). */
export const COMMAND_LOG_KEEP_CHARS = 1024 * 1024;

/** Running size of each log, so a push does not re-count it. Rebuilt when someone else changed the array's length. */
const tallies = new WeakMap<string[], { lines: number; chars: number }>();

/**
 * Appends `line`. Once the log holds twice the line or the character budget, drops the oldest lines down to both
 * budgets. So the log always holds at least the newest min(KEEP_LINES, lines fitting in KEEP_CHARS) lines (and the
 * line just added), and never more than twice either budget plus that line.
 */
export function recordCommandLine(log: string[], line: string): void {
  let tally = tallies.get(log);
  if (tally === undefined || tally.lines !== log.length) {
    tally = { lines: log.length, chars: countChars(log) };
    tallies.set(log, tally);
  }
  log.push(line);
  tally.lines += 1;
  tally.chars += line.length;
  if (tally.lines <= 2 * COMMAND_LOG_KEEP_LINES && tally.chars <= 2 * COMMAND_LOG_KEEP_CHARS) return;
  let drop = 0;
  let chars = tally.chars;
  while (drop < log.length - 1 && (log.length - drop > COMMAND_LOG_KEEP_LINES || chars > COMMAND_LOG_KEEP_CHARS)) {
    chars -= log[drop]?.length ?? 0;
    drop += 1;
  }
  log.splice(0, drop);
  tally.lines = log.length;
  tally.chars = chars;
}

function countChars(log: readonly string[]): number {
  let chars = 0;
  for (const line of log) chars += line.length;
  return chars;
}
