// Property tests of everything that reads device output (hostile or broken): the logcat line parser, the operator
// line parser and the collector that turns lines into ONE terminal outcome. A device can write anything; the host
// must never throw and must settle at most once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseLogcatLine } from '../../../adapters/adb/logcat.ts';
import { base64Decode, base64Encode } from '../../../contracts/base64.ts';
import { parseOperatorMessage } from '../../../contracts/operator-lines.ts';
import { EnvelopeCollector } from './envelope-collector.ts';

const RUNS = 200;
const ID = 'cmd-fuzz';

const anyText = fc.string({ unit: 'binary', maxLength: 200 });
const markers = fc.constantFrom(
  '[svc-Result] ',
  '[Clawperator-Result] ',
  '[svc-Result-Chunk] ',
  `[svc-Command] start commandId=${ID} `,
  '[UiActionEngine] step_start id=',
  '[UiActionEngine] step_success id=a type=X data=',
  '[TaskScope] UI Hierarchy:\n',
  // svc's former wire, which no operator writes: noise like any other text.
  '[svc-Frame] ',
  '[svc-Event] ',
  '[svc-',
  '',
);
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
/** One line of device output as the router hands it over: markers, broken headers, random JSON, garbage. */
const hostileLine = fc.oneof(
  fc.tuple(markers, anyText).map(([m, t]) => m + t),
  frameHeader,
  hostileJson.map((j) => `[svc-Result] ${j}`),
  hostileJson.map((j) => `[svc-Result-Chunk] ${j}`),
);

function feed(collector: EnvelopeCollector, messages: string[]) {
  const terminals = [];
  for (const message of messages) {
    const start = parseOperatorMessage(message);
    if (start?.kind !== 'line') continue;
    const outcome = collector.push(start.line);
    if (outcome !== undefined) terminals.push(outcome);
  }
  return terminals;
}

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
});
