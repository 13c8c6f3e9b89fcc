import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { base64Decode, base64Encode } from './base64.ts';
import { checkEnvelopeShape, commandIdNamedIn, parseEnvelopeJson, serializeEnvelope } from './envelope.ts';
import { parseOperatorMessage } from './operator-lines.ts';
import type { ResultEnvelope } from './types.ts';

const envelope: ResultEnvelope = {
  commandId: 'cmd-1',
  taskId: 't',
  status: 'success',
  stepResults: [{ id: 'a', actionType: 'sleep', success: true, data: { duration_ms: '0' } }],
  error: null,
};

describe('base64', () => {
  test('round-trip arbitrary bytes and agree with Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = base64Encode(bytes);
        assert.equal(encoded, Buffer.from(bytes).toString('base64'));
        assert.deepEqual(base64Decode(encoded), bytes);
      }),
    );
  });

  test('invalid base64 is refused, not guessed', () => {
    for (const bad of ['abc', 'ab=c', '====', 'ab$d', 'YQ==YQ==', 'Y Q='])
      assert.equal(base64Decode(bad), undefined, bad);
  });
});

describe('operator log lines', () => {
  test("svc's former frame and event lines are no operator lines: no operator writes them", () => {
    // The published operator writes result, result-chunk, command, step and hierarchy lines only (ClawperatorResult-
    // Envelope.kt, ResultEnvelopeTransport.kt, AgentCommandExecutorDefault.kt, UiActionEngine.kt @ v0.5.2 and later),
    // and so does the simulator's (packages/sim/src/operator/envelope.ts).
    const event = { commandId: 'c', actionId: 'a', actionType: 'click', phase: 'retry', attempt: 2, elapsedMs: 510 };
    assert.equal(parseOperatorMessage(`[svc-Event] ${JSON.stringify(event)}`), undefined);
    assert.equal(parseOperatorMessage('[svc-Frame] result c 1/1 e30='), undefined);
    assert.equal(parseOperatorMessage('[svc-Frame] hierarchy c/snap 1/1 PHgvPg=='), undefined);
    assert.equal(parseOperatorMessage('ActivityManager: Start proc'), undefined);
  });

  test('the serialized envelope keeps the protocol key order', () => {
    assert.equal(
      serializeEnvelope({ ...envelope, status: 'failed', errorCode: 'EXECUTION_TIMEOUT', error: 'late' }),
      '{"commandId":"cmd-1","taskId":"t","status":"failed","stepResults":[{"id":"a","actionType":"sleep","success":true,' +
        '"data":{"duration_ms":"0"}}],"error":"late","errorCode":"EXECUTION_TIMEOUT"}',
    );
  });
});

describe('envelope shape', () => {
  test('a well-formed envelope of our commandId is accepted', () => {
    assert.deepEqual(parseEnvelopeJson(serializeEnvelope(envelope), 'cmd-1'), { kind: 'envelope', envelope });
  });

  test('an envelope of another commandId is foreign and ignored', () => {
    assert.deepEqual(parseEnvelopeJson(serializeEnvelope({ ...envelope, commandId: 'other' }), 'cmd-1'), {
      kind: 'foreign',
    });
  });

  const hostile: [string, string][] = [
    ['invalid JSON', '{"commandId":"cmd-1",'],
    ['a bad status', '{"commandId":"cmd-1","taskId":"t","status":"ok","error":null}'],
    [
      'a numeric data value',
      '{"commandId":"cmd-1","taskId":"t","status":"success","stepResults":[{"id":"a","actionType":"x","success":true,"data":{"n":1}}],"error":null}',
    ],
    [
      'null data',
      '{"commandId":"cmd-1","taskId":"t","status":"success","stepResults":[{"id":"a","actionType":"x","success":true,"data":null}],"error":null}',
    ],
    ['stepResults as an object', '{"commandId":"cmd-1","taskId":"t","status":"success","stepResults":{},"error":null}'],
    ['a numeric errorCode', '{"commandId":"cmd-1","taskId":"t","status":"failed","error":"x","errorCode":5}'],
  ];
  for (const [what, json] of hostile) {
    test(`${what} is RESULT_ENVELOPE_MALFORMED`, () => {
      const parsed = parseEnvelopeJson(json, 'cmd-1');
      assert.equal(parsed.kind, 'malformed');
      if (parsed.kind !== 'malformed') return;
      assert.equal(parsed.error.code, 'RESULT_ENVELOPE_MALFORMED');
      assert.equal(parsed.error.details?.commandId, 'cmd-1');
    });
  }

  test('a step without data (the published operator leaves an empty map out) has data {}', () => {
    // ClawperatorResultEnvelope.kt:44,47 @ v0.5.2: encodeDefaults = false omits `data` when it is empty.
    const parsed = parseEnvelopeJson(
      '{"commandId":"cmd-1","taskId":"t","status":"success","stepResults":[{"id":"a","actionType":"sleep","success":true}],"error":null}',
      'cmd-1',
    );
    assert.equal(parsed.kind, 'envelope');
    if (parsed.kind === 'envelope') assert.deepEqual(parsed.envelope.stepResults?.[0]?.data, {});
  });

  // Such a line may be a stale one of an earlier execution replayed by `logcat -T`, or noise: it must not end the
  // execution in flight (issue 19).
  const namingNone: [string, string][] = [
    ['invalid JSON naming no commandId', '{garbage'],
    ['a JSON array', '[]'],
    ['a missing commandId', '{"taskId":"t","status":"success","error":null}'],
    ['a numeric commandId', '{"commandId":1,"taskId":"t","status":"success","error":null}'],
    ['truncated JSON naming another commandId', '{"commandId":"cmd-2","taskId":"t","sta'],
  ];
  for (const [what, json] of namingNone) {
    test(`${what} is ignored`, () => {
      assert.deepEqual(parseEnvelopeJson(json, 'cmd-1'), { kind: 'foreign' });
    });
  }

  test('a truncated line still names its commandId, escapes included', () => {
    assert.equal(commandIdNamedIn('{"commandId":"a\\"b","taskId'), 'a"b');
    assert.equal(commandIdNamedIn('{"taskId":"t"'), undefined);
  });

  test('a __proto__ data key stays plain data and pollutes nothing', () => {
    const json =
      '{"commandId":"c","taskId":"t","status":"success","stepResults":[{"id":"a","actionType":"x","success":true,"data":{"__proto__":"x","k":"v"}}],"error":null}';
    const shape = checkEnvelopeShape(JSON.parse(json));
    assert.ok(shape.ok);
    const data = shape.envelope.stepResults?.[0]?.data ?? {};
    assert.deepEqual(Object.keys(data), ['__proto__', 'k']);
    assert.equal(Object.getPrototypeOf(data), Object.prototype);
  });

  test('errorCode may be absent (older operators) and unknown extra keys are tolerated', () => {
    const shape = checkEnvelopeShape({ commandId: 'c', taskId: 't', status: 'failed', error: 'x', extra: 1 });
    assert.deepEqual(shape, { ok: true, envelope: { commandId: 'c', taskId: 't', status: 'failed', error: 'x' } });
  });
});
