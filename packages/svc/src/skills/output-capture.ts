// Bounded capture of a skill script's output, so a runaway script cannot exhaust a long-lived `svc serve`: each
// stream keeps only its last OUTPUT_CAP_CHARS, while what must see ALL of stdout (the `[svc-Skill-Result]` frame,
// the `expectContains` check) is worked out as the chunks stream by, in bounded memory.
import { TailBuffer } from '../adapters/process/tail-buffer.ts';
import { parseSkillResultFrame, SKILL_RESULT_MARKER } from './result-frame.ts';

export { TailBuffer };

/** The tail kept of each stream, in UTF-16 code units (1 Mi). */
export const OUTPUT_CAP_CHARS = 1024 * 1024;

/**
 * Follows stdout line by line for the result frame (the last marker line and the line after it, exactly as
 * parseSkillResultFrame reads a whole output) and for an expected substring. Lines that cannot matter are not
 * kept: a marker-free line keeps only its last few characters (a marker may straddle chunks); a frame line keeps at
 * most `cap` characters from the marker on, and the line after a bare marker its first `cap` (a longer frame is
 * reported malformed). What it reads never depends on how the pipe chunked the output.
 */
export class StdoutScanner {
  readonly #cap: number;
  readonly #expected: string | undefined;
  /** The current line from its first marker on (at most marker + cap chars), once a marker was seen in it. */
  #fromMarker: string | undefined;
  /** The last chars of the current line before any marker: a marker may straddle chunks. */
  #lineCarry = '';
  /** The first `cap` chars of the current line, kept only while it may be the JSON line after a bare marker. */
  #head = '';
  #markerLine: string | undefined;
  #nextLine: string | undefined;
  #awaitingNext = false;
  #carry = '';
  #found: boolean;

  constructor(expected?: string, cap = OUTPUT_CAP_CHARS) {
    this.#expected = expected;
    this.#cap = cap;
    // Like ''.includes(''): an empty expectation holds even for an empty stdout.
    this.#found = expected === undefined || expected === '';
  }

  push(chunk: string): void {
    this.#scanExpected(chunk);
    let start = 0;
    for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
      this.#append(chunk.slice(start, end));
      this.#endLine();
      start = end + 1;
    }
    this.#append(chunk.slice(start));
  }

  /** The frame parse of everything pushed (call once, at the end). */
  frame(): ReturnType<typeof parseSkillResultFrame> {
    this.#endLine();
    if (this.#markerLine === undefined) return { found: false };
    return parseSkillResultFrame(
      this.#nextLine === undefined ? this.#markerLine : `${this.#markerLine}\n${this.#nextLine}`,
    );
  }

  /** Whether the expected substring appeared anywhere in stdout (true when none was asked for). */
  containsExpected(): boolean {
    return this.#expected === undefined || this.#found;
  }

  #scanExpected(chunk: string): void {
    const expected = this.#expected;
    if (expected === undefined || this.#found) return;
    const window = this.#carry + chunk;
    if (window.includes(expected)) this.#found = true;
    this.#carry = expected.length > 1 ? window.slice(-(expected.length - 1)) : '';
  }

  /**
   * Part of the current line. Two things are followed independently, so the result never depends on where the
   * pipe cut the output: the line from its first marker on, and (after a bare marker line) the line's head, which
   * is the frame's JSON unless the line holds a marker of its own.
   */
  #append(text: string): void {
    const frameChars = SKILL_RESULT_MARKER.length + this.#cap;
    if (this.#fromMarker !== undefined) {
      if (this.#fromMarker.length < frameChars) this.#fromMarker = (this.#fromMarker + text).slice(0, frameChars);
    } else {
      const window = this.#lineCarry + text;
      const at = window.indexOf(SKILL_RESULT_MARKER);
      if (at >= 0) {
        this.#fromMarker = window.slice(at, at + frameChars);
        this.#lineCarry = '';
      } else {
        this.#lineCarry = window.slice(-(SKILL_RESULT_MARKER.length - 1));
      }
    }
    if (this.#awaitingNext && this.#head.length < this.#cap) this.#head = (this.#head + text).slice(0, this.#cap);
  }

  #endLine(): void {
    const fromMarker = this.#fromMarker;
    const head = this.#head;
    this.#fromMarker = undefined;
    this.#lineCarry = '';
    this.#head = '';
    if (fromMarker !== undefined) {
      const line = fromMarker.endsWith('\r') ? fromMarker.slice(0, -1) : fromMarker;
      this.#markerLine = line;
      this.#nextLine = undefined;
      this.#awaitingNext = line.slice(SKILL_RESULT_MARKER.length).trim() === '';
    } else if (this.#awaitingNext) {
      this.#nextLine = head.endsWith('\r') ? head.slice(0, -1) : head;
      this.#awaitingNext = false;
    }
  }
}
