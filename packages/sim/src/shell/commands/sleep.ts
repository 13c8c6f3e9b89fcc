// `sleep N` (toybox: fractions and s/m/h/d suffixes); ends early when the host closes the stream.
import type { ShellCommand } from '../../device/types.ts';

const UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

export const sleep: ShellCommand = async (argv, io) => {
  let totalMs = 0;
  if (argv.length === 0) {
    await io.writeStderr('sleep: Needs 1 argument\n');
    return 1;
  }
  for (const arg of argv) {
    const match = /^(\d*\.?\d+)([smhd]?)$/.exec(arg);
    if (!match) {
      await io.writeStderr(`sleep: invalid time interval '${arg}'\n`);
      return 1;
    }
    totalMs += Number(match[1]) * (UNIT[match[2] ?? ''] ?? 1) * 1000;
  }
  if (io.signal.aborted) return 130;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, totalMs);
    function done() {
      clearTimeout(timer);
      io.signal.removeEventListener('abort', done);
      resolve();
    }
    io.signal.addEventListener('abort', done, { once: true });
  });
  // Killed by the host closing the stream, like a signal would.
  return io.signal.aborted ? 130 : 0;
};
