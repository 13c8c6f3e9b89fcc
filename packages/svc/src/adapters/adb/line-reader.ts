// Reading the byte streams of a device command: stderr drained, stdout passed on chunk by chunk (a log follow).
import type { ReadableStream } from '@yume-chan/stream-extra';

/** Reads a stream to its end and throws the bytes away (an unread stream would stall the adb socket). */
export async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // discard
    }
  } catch {
    // the stream errors when its socket is closed under it; nothing to report for discarded bytes
  }
}

/** The chunks of a stream as they come, telling `onChunk` of each (a follow acknowledges every one: ack-every-chunk). */
export async function* nudgeEach(stream: ReadableStream<Uint8Array>, onChunk: () => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) {
    onChunk();
    yield chunk;
  }
}
