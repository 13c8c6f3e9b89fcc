import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReadableStream, WritableStream } from '@yume-chan/stream-extra';
import { endOnClose } from './close-aware-connector.ts';

/** A connection like the library's after a reset: chunks arrive, the socket closes, the readable never ends. */
function resetConnection(chunks: string[]) {
  let close: () => void = () => {};
  const closed = new Promise<undefined>((resolve) => {
    close = () => resolve(undefined);
  });
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      // never closed: the `end` event never came
    },
  });
  return {
    connection: { readable, writable: new WritableStream(), closed, close: async () => {} },
    reset: close,
  };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += new TextDecoder().decode(chunk);
  return text;
}

test('a connection whose socket closed without an end still ends, after everything it received', async () => {
  const { connection, reset } = resetConnection(['first ', 'second']);
  let cuts = 0;
  const wrapped = endOnClose(connection as never, () => cuts++);
  const reading = readAll(wrapped.readable);
  await new Promise((resolve) => setTimeout(resolve, 20));
  reset();
  assert.equal(await reading, 'first second');
  assert.equal(cuts, 1, 'the owner hears of the cut');
});

test('a connection that ends in order is read to its end and reports no cut', async () => {
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('all'));
      controller.close();
    },
  });
  let cuts = 0;
  const wrapped = endOnClose(
    { readable, writable: new WritableStream(), closed: new Promise(() => {}), close: async () => {} } as never,
    () => cuts++,
  );
  assert.equal(await readAll(wrapped.readable), 'all');
  assert.equal(cuts, 0);
});
