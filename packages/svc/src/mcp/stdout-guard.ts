// On stdio, stdout IS the protocol channel: one stray write (a library's console.log, a debug print) corrupts the
// JSON-RPC stream. So the transport gets a private writer to fd 1, and every other write to process.stdout (and
// console.log, which writes through it) is sent to stderr instead.
import { Writable } from 'node:stream';

export function takeStdoutForProtocol(): Writable {
  const stdout = process.stdout;
  const writeToFd1 = stdout.write.bind(stdout) as (chunk: unknown, encoding: BufferEncoding, done: () => void) => void;
  const protocol = new Writable({
    write(chunk, encoding, done) {
      writeToFd1(chunk, encoding, () => done());
    },
  });
  stdout.write = ((...args: Parameters<typeof process.stderr.write>) =>
    process.stderr.write(...args)) as typeof stdout.write;
  return protocol;
}
