// Byte plumbing of the shell: sinks for redirections (/dev/null, device files) and pipes between commands.
import { ChunkQueue } from '../adbd/chunk-queue.ts';
import { normalizePath } from '../adbd/sync/sync-files.ts';
import type { DeviceApi } from '../device/types.ts';

export type Sink = (chunk: Uint8Array | string) => Promise<void>;

const encoder = new TextEncoder();

export function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

export const nullSink: Sink = async () => {};

/** A sink into a device file; the file exists (empty) from the redirection on, as `>` truncates at once. */
export function fileSink(device: DeviceApi, path: string, append: boolean): Sink {
  const key = normalizePath(path);
  const existing = append ? device.files.get(key)?.data : undefined;
  const now = () => Math.floor(device.now() / 1000);
  device.files.set(key, { data: existing ?? new Uint8Array(0), mode: 0o100666, mtimeSec: now() });
  return async (chunk) => {
    const bytes = toBytes(chunk);
    const before = device.files.get(key)?.data ?? new Uint8Array(0);
    const data = new Uint8Array(before.length + bytes.length);
    data.set(before);
    data.set(bytes, before.length);
    device.files.set(key, { data, mode: 0o100666, mtimeSec: now() });
  };
}

/** stdin that ends at once (a command with no input attached). */
export const emptyInput: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {},
};

export function bytesInput(data: Uint8Array): AsyncIterable<Uint8Array> {
  return {
    async *[Symbol.asyncIterator]() {
      if (data.length > 0) yield data;
    },
  };
}

/** A pipe: the writer's sink feeds the reader's stdin; close() ends the reader's input. */
export function createPipe(): { sink: Sink; input: AsyncIterable<Uint8Array>; close(): void; drain(): void } {
  const queue = new ChunkQueue();
  let draining = false;
  return {
    sink: async (chunk) => {
      if (!draining) await queue.push(toBytes(chunk));
    },
    input: queue,
    close: () => queue.end(),
    // The reader is gone (like SIGPIPE): further output is dropped so the writer never blocks.
    drain: () => {
      draining = true;
      void (async () => {
        for await (const _ of queue) {
          // discard
        }
      })();
    },
  };
}
