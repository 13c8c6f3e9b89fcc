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
 * most `cap` characters from the marker on (a longer frame is reported malformed).
 */
export class StdoutScanner {
  readonly #cap: number;
  readonly #expected: string | undefined;
  #line = '';
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

  #append(text: string): void {
    this.#line += text;
    if (this.#line.length <= this.#cap) return;
    const at = this.#line.indexOf(SKILL_RESULT_MARKER);
    if (at >= 0) this.#line = this.#line.slice(at, at + SKILL_RESULT_MARKER.length + this.#cap);
    else if (this.#awaitingNext) this.#line = this.#line.slice(0, this.#cap);
    else this.#line = this.#line.slice(-(SKILL_RESULT_MARKER.length - 1));
  }

  #endLine(): void {
    const line = this.#line.endsWith('\r') ? this.#line.slice(0, -1) : this.#line;
    this.#line = '';
    const at = line.indexOf(SKILL_RESULT_MARKER);
    if (at >= 0) {
      this.#markerLine = line.slice(at);
      this.#nextLine = undefined;
      this.#awaitingNext = line.slice(at + SKILL_RESULT_MARKER.length).trim() === '';
    } else if (this.#awaitingNext) {
      this.#nextLine = line;
      this.#awaitingNext = false;
    }
  }
}
