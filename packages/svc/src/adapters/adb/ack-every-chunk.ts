import type { MaybeConsumable, WritableStream } from '@yume-chan/stream-extra';

/**
 * Answers every chunk of a follow with an empty stdin packet. The adb server writes to its client socket with Nagle
 * on: a small write waits until the previous one is ACKed, and Linux delays that ACK by up to ~40 ms (measured:
 * direct-mode executions took 48 ms instead of 6). Our tiny write carries the ACK at once. adbd hands zero bytes to
 * the command's stdin, which logcat never reads.
 */
export function ackEveryChunk(stdin: WritableStream<MaybeConsumable<Uint8Array>>) {
  const writer = stdin.getWriter();
  let stopped = false;
  const nudge = () => {
    if (!stopped) writer.write(EMPTY).catch(() => {});
  };
  nudge(); // the OKAY of the service open is the first unacknowledged write
  return {
    nudge,
    stop() {
      stopped = true;
      writer.releaseLock();
    },
  };
}

const EMPTY = new Uint8Array(0);
