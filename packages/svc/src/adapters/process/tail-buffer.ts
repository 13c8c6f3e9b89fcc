// The last `cap` characters of a stream, so a runaway child process cannot exhaust a long-lived svc process.

/** The default tail kept of each stream, in UTF-16 code units (1 Mi). */
export const DEFAULT_TAIL_CHARS = 1024 * 1024;

/** The last `cap` characters of a stream; memory stays within `cap` plus one chunk. */
export class TailBuffer {
  readonly #cap: number;
  readonly #chunks: string[] = [];
  #length = 0;
  /** True once anything was dropped from the front. */
  truncated = false;

  constructor(cap = DEFAULT_TAIL_CHARS) {
    this.#cap = cap;
  }

  push(chunk: string): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    while (this.#chunks.length > 1 && this.#length - (this.#chunks[0] as string).length >= this.#cap) {
      this.#length -= (this.#chunks.shift() as string).length;
      this.truncated = true;
    }
  }

  text(): string {
    const all = this.#chunks.join('');
    if (all.length <= this.#cap) return all;
    this.truncated = true;
    let tail = all.slice(all.length - this.#cap);
    // Do not start with the second half of a surrogate pair that was cut.
    if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
    return tail;
  }
}
