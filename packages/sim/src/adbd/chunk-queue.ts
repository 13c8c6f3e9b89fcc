// A queue of byte chunks consumed as an AsyncIterable. `push` resolves once the queue has room again, which is how
// the transport holds back its OKAY (and so the host's next WRTE) while a command is not reading its input.

const HIGH_WATER_BYTES = 1024 * 1024;

export class ChunkQueue implements AsyncIterable<Uint8Array> {
  #chunks: Uint8Array[] = [];
  #bytes = 0;
  #ended = false;
  #readers: Array<() => void> = [];
  #drainWaiters: Array<() => void> = [];

  get bufferedBytes(): number {
    return this.#bytes;
  }

  get ended(): boolean {
    return this.#ended;
  }

  push(chunk: Uint8Array): Promise<void> {
    if (this.#ended) return Promise.resolve();
    if (chunk.length > 0) {
      this.#chunks.push(chunk);
      this.#bytes += chunk.length;
      this.#wakeReaders();
    }
    if (this.#bytes < HIGH_WATER_BYTES) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#wakeReaders();
    this.#releaseDrainWaiters();
  }

  /** Next chunk, or undefined at the end. */
  async read(): Promise<Uint8Array | undefined> {
    for (;;) {
      const chunk = this.#chunks.shift();
      if (chunk) {
        this.#bytes -= chunk.length;
        if (this.#bytes < HIGH_WATER_BYTES) this.#releaseDrainWaiters();
        return chunk;
      }
      if (this.#ended) return undefined;
      await new Promise<void>((resolve) => this.#readers.push(resolve));
    }
  }

  /** Exactly `size` bytes (fewer only if the queue ends first). */
  async readExactly(size: number): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let have = 0;
    while (have < size) {
      const chunk = await this.read();
      if (!chunk) break;
      const need = size - have;
      if (chunk.length > need) {
        parts.push(chunk.subarray(0, need));
        this.unshift(chunk.subarray(need));
        have = size;
      } else {
        parts.push(chunk);
        have += chunk.length;
      }
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Puts bytes back at the front (a reader took more than it needed). */
  unshift(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.#chunks.unshift(chunk);
    this.#bytes += chunk.length;
    this.#wakeReaders();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    for (;;) {
      const chunk = await this.read();
      if (!chunk) return;
      yield chunk;
    }
  }

  #wakeReaders(): void {
    const readers = this.#readers;
    this.#readers = [];
    for (const wake of readers) wake();
  }

  #releaseDrainWaiters(): void {
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const release of waiters) release();
  }
}
