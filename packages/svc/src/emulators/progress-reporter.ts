// Progress of long emulator steps for people: shown on stderr when it is a terminal (or with --verbose), never on
// stdout, which holds exactly one JSON document. Each line carries the elapsed time, since a boot takes minutes.

export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export function progressReporter(
  stream: ProgressStream,
  options: { verbose: boolean; now?: () => number },
): (message: string) => void {
  if (stream.isTTY !== true && !options.verbose) return () => {};
  const now = options.now ?? Date.now;
  const started = now();
  return (message) => {
    const text = message.trim();
    if (text === '') return;
    const seconds = Math.floor((now() - started) / 1000);
    stream.write(`[svc emulator ${seconds}s] ${text}\n`);
  };
}
