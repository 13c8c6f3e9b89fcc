import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { base64Decode, base64Encode } from './base64.ts';
import { checkEnvelopeShape, commandIdNamedIn, parseEnvelopeJson, serializeEnvelope } from './envelope.ts';
import {
  createFrameReassembler,
  encodeHierarchyFrames,
  encodeResultLines,
  type Frame,
  parseOperatorLine,
} from './frames.ts';
import type { ResultEnvelope } from './types.ts';
import { utf8Decode, utf8Encode } from './utf8.ts';

const envelope: ResultEnvelope = {
  commandId: 'cmd-1',
  taskId: 't',
  status: 'success',
  stepResults: [{ id: 'a', actionType: 'sleep', success: true, data: { duration_ms: '0' } }],
  error: null,
};

function frameOf(line: string): Frame {
  const parsed = parseOperatorLine(line);
  assert.equal(parsed?.kind, 'frame', line);
  return (parsed as { frame: Frame }).frame;
}

describe('base64 and UTF-8 helpers', () => {
  test('round-trip arbitrary bytes and agree with Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = base64Encode(bytes);
        assert.equal(encoded, Buffer.from(bytes).toString('base64'));
        assert.deepEqual(base64Decode(encoded), bytes);
      }),
    );
  });

  test('round-trip arbitrary strings and agree with TextEncoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const bytes = utf8Encode(text);
        assert.deepEqual(bytes, new TextEncoder().encode(text));
        assert.equal(utf8Decode(bytes), text);
      }),
    );
  });

  test('invalid base64 and invalid UTF-8 are refused, not guessed', () => {
    for (const bad of ['abc', 'ab=c', '====', 'ab$d', 'YQ==YQ==', 'Y Q='])
      assert.equal(base64Decode(bad), undefined, bad);
    for (const bad of [[0xff], [0xc0, 0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
      assert.equal(utf8Decode(new Uint8Array(bad)), undefined, String(bad));
    }
  });
});

describe('operator log lines', () => {
  test('a result line yields its JSON, with anything before the marker skipped', () => {
    const json = serializeEnvelope(envelope);
    assert.deepEqual(parseOperatorLine(`I SvcOperator: [svc-Result] ${json}`), { kind: 'result', json });
  });

  test('an event line yields a typed event; a broken event is ignored', () => {
    const event = { commandId: 'c', actionId: 'a', actionType: 'click', phase: 'retry', attempt: 2, elapsedMs: 510 };
    assert.deepEqual(parseOperatorLine(`[svc-Event] ${JSON.stringify(event)}`), { kind: 'event', event });
    assert.equal(parseOperatorLine('[svc-Event] {"phase":"done"}'), undefined);
    assert.equal(parseOperatorLine('[svc-Event] not json'), undefined);
  });

  test('unrelated lines are not protocol lines and a broken frame header is reported', () => {
    assert.equal(parseOperatorLine('ActivityManager: Start proc'), undefined);
    assert.equal(parseOperatorLine('[svc-Frame] result cmd 1of2 AAAA')?.kind, 'malformed_frame');
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

describe('frame reassembly', () => {
  const big = {
    ...envelope,
    stepResults: [{ id: 'a', actionType: 'read_text', success: true, data: { text: 'é😀'.repeat(2000) } }],
  };
  const json = serializeEnvelope(big);

  test('a small envelope is one result line and a large one is framed into 2700-byte chunks', () => {
    assert.equal(encodeResultLines('cmd-1', serializeEnvelope(envelope)).length, 1);
    const lines = encodeResultLines('cmd-1', json);
    assert.ok(lines.length > 1);
    assert.ok(lines.every((l) => l.startsWith(`[svc-Frame] result cmd-1 `)));
    assert.equal(base64Decode(frameOf(lines[0] as string).chunk)?.length, 2700);
  });

  test('frames in any order, with duplicates and foreign frames, reassemble to the exact text', () => {
    const lines = encodeResultLines('cmd-1', json);
    const foreign = encodeResultLines('cmd-2', json);
    const shuffled = [...lines].reverse();
    const r = createFrameReassembler('cmd-1');
    const outcomes = [foreign[0], shuffled[0], shuffled[0], ...shuffled.slice(1), foreign[1]].map((l) =>
      r.push(frameOf(l as string)),
    );
    assert.equal(outcomes[0]?.kind, 'ignored');
    assert.equal(outcomes[2]?.kind, 'ignored');
    const done = outcomes.filter((o) => o.kind === 'result');
    assert.deepEqual(done, [{ kind: 'result', json }]);
    assert.equal(outcomes.at(-1)?.kind, 'ignored');
  });

  test('hierarchy frames yield the XML keyed by action id; other commands are ignored', () => {
    const xml = `<?xml version='1.0'?>\n<hierarchy rotation="0">\n  <node text="Ünïcode 😀 &amp; more" />\n</hierarchy>`;
    const r = createFrameReassembler('cmd-1');
    assert.equal(r.push(frameOf(encodeHierarchyFrames('cmd-10', 'snap', xml)[0] as string)).kind, 'ignored');
    const outcomes = encodeHierarchyFrames('cmd-1', 'snap/1', xml, 7).map((l) => r.push(frameOf(l)));
    assert.deepEqual(outcomes.at(-1), { kind: 'hierarchy', actionId: 'snap/1', xml });
  });

  test('an index above n, a changing n and a bad chunk are malformed', () => {
    const r = createFrameReassembler('c');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 3, total: 2, chunk: 'YQ==' }).kind, 'malformed');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 0, total: 2, chunk: 'YQ==' }).kind, 'malformed');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 1, total: 2, chunk: 'YQ==' }).kind, 'pending');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 2, total: 3, chunk: 'YQ==' }).kind, 'malformed');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 2, total: 2, chunk: '!!!!' }).kind, 'malformed');
    assert.equal(r.push({ stream: 'result', key: 'c', index: 1, total: 1e6, chunk: '' }).kind, 'malformed');
    assert.deepEqual(r.push({ stream: 'result', key: 'c', index: 2, total: 2, chunk: 'Yg==' }), {
      kind: 'result',
      json: 'ab',
    });
  });

  test('frames whose bytes are not UTF-8 are malformed', () => {
    const r = createFrameReassembler('c');
    assert.equal(
      r.push({ stream: 'result', key: 'c', index: 1, total: 1, chunk: base64Encode(new Uint8Array([0xff])) }).kind,
      'malformed',
    );
  });

  test('hostile random lines never throw', () => {
    const r = createFrameReassembler('c');
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('[svc-Frame] result c ', '[svc-Frame] hierarchy c/', '[svc-Result] ', '[svc-Event] ', ''),
        (tail, head) => {
          const parsed = parseOperatorLine(head + tail);
          if (parsed?.kind === 'frame') r.push(parsed.frame);
          if (parsed?.kind === 'result') parseEnvelopeJson(parsed.json, 'c');
        },
      ),
    );
  });
});
