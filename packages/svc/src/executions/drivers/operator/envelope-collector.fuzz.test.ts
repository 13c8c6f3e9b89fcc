// Property tests of everything that reads device output (hostile or broken): the logcat line parser, the operator
// line parser, the frame reassembler and the collector that turns lines into ONE terminal outcome. A device can
// write anything; the host must never throw, must settle at most once, and must rebuild the exact envelope and
// hierarchy from frames that arrive shuffled, duplicated and mixed with other executions' output.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseLogcatLine } from '../../../adapters/adb/logcat.ts';
import { base64Decode, base64Encode } from '../../../contracts/base64.ts';
import { serializeEnvelope } from '../../../contracts/envelope.ts';
import { encodeHierarchyFrames, encodeResultLines, parseOperatorLine } from '../../../contracts/frames.ts';
import type { ResultEnvelope } from '../../../contracts/types.ts';
import { utf8Decode } from '../../../contracts/utf8.ts';
import { EnvelopeCollector } from './envelope-collector.ts';

const RUNS = 200;
const ID = 'cmd-fuzz';

const anyText = fc.string({ unit: 'binary', maxLength: 200 });
const markers = fc.constantFrom('[svc-Result] ', '[svc-Frame] ', '[svc-Event] ', '[svc-', '');
const frameHeader = fc
  .tuple(
    fc.constantFrom('result', 'hierarchy', 'resultx', ''),
    fc.constantFrom(ID, `${ID}/snap`, `${ID}/`, 'other', `${ID} x`, ''),
    fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(0, 999_999_999, 10_001)),
    fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(0, 999_999_999, 10_001)),
    fc.oneof(fc.base64String({ maxLength: 40 }), anyText),
  )
  .map(([stream, key, i, n, chunk]) => `[svc-Frame] ${stream} ${key} ${i}/${n} ${chunk}`);
const hostileJson = fc.oneof(
  fc.json(),
  fc.constantFrom('{"commandId":"cmd-fuzz"}', '{"commandId":"cmd-fuzz","taskId":1}', '{"__proto__":{"x":1}}', '[', ''),
  fc.record({ commandId: fc.constantFrom(ID, 'other', 7), status: fc.anything() }).map((v) => JSON.stringify(v)),
);
/** One line of device output as the router hands it over: markers, broken frames, random JSON, garbage. */
const hostileLine = fc.oneof(
  fc.tuple(markers, anyText).map(([m, t]) => m + t),
  frameHeader,
  hostileJson.map((j) => `[svc-Result] ${j}`),
  hostileJson.map((j) => `[svc-Event] ${j}`),
);

function feed(collector: EnvelopeCollector, messages: string[]) {
  const terminals = [];
  for (const message of messages) {
    const line = parseOperatorLine(message);
    if (line === undefined) continue;
    const outcome = collector.push(line);
    if (outcome !== undefined) terminals.push(outcome);
  }
  return terminals;
}

const stepArb = fc.record({
  id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
  actionType: fc.constantFrom('sleep', 'click', 'snapshot_ui'),
  success: fc.boolean(),
  data: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 400 }), { maxKeys: 6 }),
});
const envelopeArb: fc.Arbitrary<ResultEnvelope> = fc.record({
  commandId: fc.constant(ID),
  taskId: fc.string({ unit: 'grapheme', maxLength: 40 }),
  status: fc.constantFrom('success', 'failed'),
  stepResults: fc.array(stepArb, { maxLength: 12 }),
  error: fc.constantFrom(null, 'boom'),
});

describe('device output fuzzing', () => {
  test('the logcat line parser never throws on arbitrary text', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('', '1700000000.123456 10042  12  34 I SvcOperator: '), (text, prefix) => {
        const entry = parseLogcatLine(prefix + text);
        if (prefix !== '' && entry !== undefined) assert.equal(entry.tag, 'SvcOperator');
      }),
      { numRuns: RUNS },
    );
  });

  test('hostile lines never throw and settle a collector at most once, always with a known outcome', () => {
    fc.assert(
      fc.property(fc.array(hostileLine, { maxLength: 40 }), (lines) => {
        const collector = new EnvelopeCollector(ID);
        const terminals = feed(collector, lines);
        assert.ok(terminals.length <= 1, `settled ${terminals.length} times`);
        const [terminal] = terminals;
        if (terminal?.kind === 'malformed') assert.equal(terminal.error.code, 'RESULT_ENVELOPE_MALFORMED');
        if (terminal?.kind === 'envelope') assert.equal(terminal.envelope.commandId, ID);
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  test('an envelope split into frames arrives intact despite shuffling, duplicates and foreign noise', () => {
    fc.assert(
      fc.property(
        envelopeArb,
        fc.integer({ min: 1, max: 300 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        // Noise that is not ours by protocol: an unattributable `[svc-Result]` line counts as ours (C-35).
        fc.array(
          hostileLine.filter((l) => !l.includes(ID) && !l.includes('[svc-Result]')),
          { maxLength: 10 },
        ),
        fc.infiniteStream(fc.nat()),
        (envelope, chunkBytes, dupes, noise, order) => {
          const json = serializeEnvelope(envelope);
          const frames = encodeResultLines(ID, json, { maxInlineBytes: 0, chunkBytes });
          const foreign = encodeResultLines('other', json, { maxInlineBytes: 0, chunkBytes: 50 });
          const lines = [...frames, ...dupes.map((d) => frames[d % frames.length] as string), ...noise, ...foreign];
          // Shuffle, but keep the last frame of ours last so the set completes after every duplicate was seen.
          const last = frames.at(-1) as string;
          const rest = lines.filter((l, i) => !(l === last && i === frames.length - 1));
          const it = order[Symbol.iterator]();
          for (let i = rest.length - 1; i > 0; i--) {
            const j = (it.next().value as number) % (i + 1);
            [rest[i], rest[j]] = [rest[j] as string, rest[i] as string];
          }
          const terminals = feed(new EnvelopeCollector(ID), [...rest, last]);
          assert.equal(terminals.length, 1);
          assert.equal(terminals[0]?.kind, 'envelope');
          if (terminals[0]?.kind === 'envelope') assert.deepEqual(terminals[0].envelope, JSON.parse(json));
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('hierarchy frames rebuild the exact XML (any unicode) by commandId/actionId', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 3000 }).filter((s) => utf8Decode(new TextEncoder().encode(s)) === s),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom('snap', 'a/b', 'x'),
        (xml, chunkBytes, actionId) => {
          const collector = new EnvelopeCollector(ID);
          const frames = encodeHierarchyFrames(ID, actionId, xml, chunkBytes).reverse();
          feed(collector, [...frames, ...encodeHierarchyFrames('cmd-fuzz-other', actionId, 'wrong', 5)]);
          assert.equal(collector.hierarchies.get(actionId), xml);
          assert.equal(collector.hierarchies.size, 1);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('base64 decoding is strict and total: arbitrary text never throws, encoded bytes round-trip', () => {
    fc.assert(
      fc.property(anyText, fc.uint8Array({ maxLength: 300 }), (text, bytes) => {
        const decoded = base64Decode(text);
        if (decoded !== undefined) assert.equal(base64Encode(decoded), text);
        assert.deepEqual(base64Decode(base64Encode(bytes)), bytes);
      }),
      { numRuns: RUNS },
    );
  });

  test('UTF-8 decoding of arbitrary bytes agrees with a fatal TextDecoder', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let expected: string | undefined;
        try {
          expected = fatal.decode(bytes);
        } catch {
          expected = undefined;
        }
        assert.equal(utf8Decode(bytes), expected);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
