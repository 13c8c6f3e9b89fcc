import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { StdoutScanner, TailBuffer } from './output-capture.ts';
import { parseSkillResultFrame } from './result-frame.ts';

/** Splits `text` at the given cut points (as pipe chunks would). */
function chunked(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

describe('TailBuffer', () => {
  it('keeps everything below the cap and says nothing was dropped', () => {
    const tail = new TailBuffer(10);
    for (const chunk of ['abc', 'def', 'ghij']) tail.push(chunk);
    assert.equal(tail.text(), 'abcdefghij');
    assert.equal(tail.truncated, false);
  });

  it('keeps exactly the last cap characters of any chunking, and flags the drop', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 20 }), (text, cuts) => {
        const tail = new TailBuffer(16);
        for (const chunk of chunked(text, cuts)) tail.push(chunk);
        assert.equal(tail.text(), text.slice(-16));
        assert.equal(tail.truncated, text.length > 16);
      }),
      { numRuns: 300 },
    );
  });
});

describe('StdoutScanner', () => {
  // Pieces that make frames, near misses, CRLF, blank lines and long noise lines likely.
  const piece = fc.constantFrom(
    '[svc-Skill-Result]',
    '[svc-Skill-',
    'Result]',
    ' {"n":1}',
    '{"m":[2]}',
    ' {oops',
    ' null',
    '\n',
    '\r\n',
    '\n\n',
    'log line',
    'x'.repeat(50),
  );

  const sameFrameAnyChunking = fc.property(
    fc.array(piece, { maxLength: 30 }),
    fc.array(fc.nat(), { maxLength: 12 }),
    (pieces, cuts) => {
      const text = pieces.join('');
      const scanner = new StdoutScanner(undefined, 32);
      for (const chunk of chunked(text, cuts)) scanner.push(chunk);
      const got = scanner.frame();
      const want = parseSkillResultFrame(text);
      assert.equal(got.found, want.found);
      if (got.found && want.found) {
        assert.equal(got.ok, want.ok);
        if (got.ok && want.ok) assert.deepEqual(got.skillResult, want.skillResult);
      }
    },
  );

  it('reads the same frame from any chunking as parseSkillResultFrame reads from the whole output', () => {
    fc.assert(sameFrameAnyChunking, { numRuns: 600 });
  });

  it('replays fast-check seed 516603823 (npm test once failed with it) and reads the same frame as the whole output', () => {
    fc.assert(sameFrameAnyChunking, { seed: 516603823, numRuns: 600 });
  });

  it('finds the expected substring across chunk boundaries, like includes() over the whole output', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 60 }),
        fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (text, expected, cuts) => {
          const scanner = new StdoutScanner(expected, 8);
          for (const chunk of chunked(text, cuts)) scanner.push(chunk);
          assert.equal(scanner.containsExpected(), text.includes(expected));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('finds a marker that straddles two chunks of the line after a bare marker (fast-check seed 516603823)', () => {
    const text = `[svc-Skill-Result]\n${'x'.repeat(50)}[svc-Skill-Result] {"late":1}\n`;
    const whole = parseSkillResultFrame(text);
    assert.deepEqual(whole, { found: true, ok: true, skillResult: { late: 1 } });
    for (let cut = 0; cut <= text.length; cut++) {
      const scanner = new StdoutScanner(undefined, 32);
      scanner.push(text.slice(0, cut));
      scanner.push(text.slice(cut));
      assert.deepEqual(scanner.frame(), whole, `cut at ${cut}`);
    }
  });

  it("reads the issue's own chunking (cap 32, cut at 70) as the whole text: no invalid JSON", () => {
    const text = `[svc-Skill-Result]\n${'x'.repeat(50)}[svc-Skill-Result] {"n":1}`;
    const scanner = new StdoutScanner(undefined, 32);
    scanner.push(text.slice(0, 70));
    scanner.push(text.slice(70));
    assert.deepEqual(parseSkillResultFrame(text), { found: true, ok: true, skillResult: { n: 1 } });
    assert.deepEqual(scanner.frame(), { found: true, ok: true, skillResult: { n: 1 } });
  });

  it('reads the JSON line after a bare marker whatever the chunking, as long as it fits the cap', () => {
    const text = `noise\n[svc-Skill-Result]\r\n{"a":"${'v'.repeat(10)}"}\r\nafter\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      const scanner = new StdoutScanner(undefined, 32);
      for (const chunk of [text.slice(0, cut), text.slice(cut)]) scanner.push(chunk);
      assert.deepEqual(scanner.frame(), { found: true, ok: true, skillResult: { a: 'v'.repeat(10) } });
    }
  });

  it('finds a frame printed before far more output than it keeps', () => {
    const scanner = new StdoutScanner('early', 64);
    scanner.push('early\n[svc-Skill-Result]\n{"kept":true}\n');
    for (let i = 0; i < 100; i++) scanner.push(`${'y'.repeat(100)}\n${'z'.repeat(300)}`);
    scanner.push('\n');
    assert.deepEqual(scanner.frame(), { found: true, ok: true, skillResult: { kept: true } });
    assert.equal(scanner.containsExpected(), true);
  });
});
