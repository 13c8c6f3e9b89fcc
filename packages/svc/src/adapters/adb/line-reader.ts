// Splits a byte stream into UTF-8 lines. The decoder runs in streaming mode, so a multi-byte character split across
// two adb packets is decoded once, whole.
import type { ReadableStream } from '@yume-chan/stream-extra';

export async function* readLines(stream: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of stream) {
    onChunk?.();
    pending += decoder.decode(chunk, { stream: true });
    let at = pending.indexOf('\n');
    while (at >= 0) {
      yield pending.slice(0, at).replace(/\r$/, '');
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.length > 0) yield pending.replace(/\r$/, '');
}

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
