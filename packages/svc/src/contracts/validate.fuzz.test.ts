// Property tests of the one validator every surface uses: random and mutated payloads (aliases, unicode, deep
// nesting, huge numbers, prototype-pollution keys) never throw, always answer, and every rejection names a path.
// Runs are bounded (numRuns) so `npm test` stays fast; a failing seed is printed by fast-check for replay.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { LIMITS } from './limits.ts';
import { VALID } from './test-support/valid-actions.ts';
import { normalizeAndValidateExecution } from './validate.ts';

const RUNS = 300;

/** The only two codes validation may answer, each with a path (issue 12). */
function assertWellFormedOutcome(input: unknown): ReturnType<typeof normalizeAndValidateExecution> {
  const outcome = normalizeAndValidateExecution(input);
  if (outcome.ok) return outcome;
  const { code, details, message } = outcome.error;
  assert.ok(code === 'EXECUTION_VALIDATION_FAILED' || code === 'PAYLOAD_TOO_LARGE', `unexpected code ${code}`);
  assert.equal(typeof details?.path, 'string', `no details.path on ${code}: ${message}`);
  assert.equal(typeof message, 'string');
  if (code === 'PAYLOAD_TOO_LARGE') assert.ok((details?.bytes as number) > LIMITS.MAX_PAYLOAD_BYTES);
  return outcome;
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const HUGE_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  0.5,
  1e-320,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true }),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\n', '\u0000', '\uD800', '😀', 'a'.repeat(600), 'TAP', ' tap ', '__proto__'),
  fc.integer({ min: 1, max: 3000 }).map(deepNest),
);

/** An object nested `depth` levels (`{ a: { a: ... } }`), alternating arrays, to probe recursion. */
function deepNest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

/** An own `__proto__` (or other hostile) key, as JSON.parse creates it from a request body. */
function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(target)) as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const commandIdArb = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 128 }).filter((s) => /^\S+$/.test(s));
const textArb = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== '');

/** A valid payload: random canonical actions (from the valid table), unicode ids and top-level aliases. */
const validPayload = fc
  .record({
    commandId: commandIdArb,
    taskId: textArb,
    source: textArb.map((s) => [...s].slice(0, 30).join('') || 's'),
    timeoutMs: fc.integer({ min: LIMITS.MIN_EXECUTION_TIMEOUT_MS, max: LIMITS.MAX_EXECUTION_TIMEOUT_MS }),
    actions: fc.array(fc.constantFrom(...VALID.map(([raw]) => raw)), { minLength: 1, maxLength: 8 }),
    aliases: fc.record({
      commandId: fc.boolean(),
      taskId: fc.boolean(),
      timeoutMs: fc.boolean(),
      format: fc.boolean(),
    }),
  })
  .filter((p) => p.source.trim() !== '')
  .map((p) => ({
    [p.aliases.commandId ? 'command_id' : 'commandId']: p.commandId,
    [p.aliases.taskId ? 'task_id' : 'taskId']: p.taskId,
    source: p.source,
    [p.aliases.format ? 'expected_format' : 'expectedFormat']: 'android-ui-automator',
    [p.aliases.timeoutMs ? 'timeout_ms' : 'timeoutMs']: p.timeoutMs,
    actions: p.actions.map((raw, i) => ({ ...structuredClone(raw), id: `a${i}` })),
  }));

type Json = Record<string, unknown> | unknown[];

/** Every (container, key) pair of a JSON tree, so a mutation can hit any depth. */
function slots(value: unknown, out: [Json, string | number][] = []): [Json, string | number][] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([value, i]);
      slots(item, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, key]);
      slots(item, out);
    }
  }
  return out;
}

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'hostileKey', 'renameToAlias', 'hugeNumber', 'duplicateAction'),
  value: hostileValue,
  key: fc.constantFrom(...HOSTILE_KEYS, 'package', 'url', 'selector', 'value', 'file', 'timeout_ms', 'text', 'id'),
  number: fc.constantFrom(...HUGE_NUMBERS),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(payload: Record<string, unknown>, m: Mutation): unknown {
  const copy = structuredClone(payload);
  const all = slots(copy);
  const [container, key] = all[m.at % all.length] as [Json, string | number];
  const target = container as Record<string | number, unknown>;
  switch (m.kind) {
    case 'replace':
      target[key] = m.value;
      break;
    case 'delete':
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete target[key];
      break;
    case 'hostileKey':
      if (!Array.isArray(container)) Object.defineProperty(container, m.key, { value: m.value, enumerable: true });
      break;
    case 'renameToAlias':
      if (!Array.isArray(container)) {
        target[m.key] = target[key];
        delete target[key];
      }
      break;
    case 'hugeNumber':
      target[key] = m.number;
      break;
    case 'duplicateAction':
      (copy.actions as unknown[]).push(structuredClone((copy.actions as unknown[])[0]));
      break;
  }
  return copy;
}

describe('validator fuzzing', () => {
  test('arbitrary values never throw and every rejection is a coded error with a path', () => {
    fc.assert(
      fc.property(hostileValue, (input) => {
        assertWellFormedOutcome(input);
      }),
      { numRuns: RUNS },
    );
  });

  test('valid payloads with random aliases and unicode ids are accepted and normalization is idempotent', () => {
    fc.assert(
      fc.property(validPayload, (input) => {
        const outcome = assertWellFormedOutcome(input);
        assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
        const again = normalizeAndValidateExecution(JSON.parse(JSON.stringify(outcome.execution)));
        assert.ok(again.ok);
        assert.deepEqual(again.execution, outcome.execution);
        // Canonical top-level keys only, in SPEC order.
        assert.deepEqual(Object.keys(outcome.execution).slice(0, 6), [
          'commandId',
          'taskId',
          'source',
          'expectedFormat',
          'timeoutMs',
          'actions',
        ]);
      }),
      { numRuns: RUNS },
    );
  });

  test('mutated valid payloads never throw, never pollute prototypes, and reject with a path', () => {
    fc.assert(
      fc.property(validPayload, mutation, (input, m) => {
        const mutated = mutate(input, m);
        const outcome = assertWellFormedOutcome(mutated);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
        if (outcome.ok) {
          // Whatever was accepted is plain JSON again: no prototype keys survive into what is dispatched.
          const text = JSON.stringify(outcome.execution);
          assert.ok(!/"(__proto__|constructor|prototype)"\s*:/.test(text), text);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  test('__proto__ and constructor keys at every level are rejected as unknown keys, and nothing is polluted', () => {
    const base = {
      commandId: 'c',
      taskId: 't',
      source: 's',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 'a', type: 'click', params: { matcher: { textEquals: 'OK' }, retry: { maxAttempts: 2 } } }],
    };
    const pollution = { polluted: 'yes', toString: 'x' };
    const targets: [string, (p: typeof base) => Record<string, unknown>][] = [
      ['$', (p) => p],
      ['actions[0]', (p) => p.actions[0] as Record<string, unknown>],
      ['actions[0].params', (p) => p.actions[0]?.params as Record<string, unknown>],
      ['actions[0].params.matcher', (p) => p.actions[0]?.params.matcher as Record<string, unknown>],
      ['actions[0].params.retry', (p) => p.actions[0]?.params.retry as Record<string, unknown>],
    ];
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      for (const [where, pick] of targets) {
        const payload = structuredClone(base);
        const host = pick(payload);
        Object.defineProperty(host, key, { value: pollution, enumerable: true });
        const outcome = assertWellFormedOutcome(payload);
        assert.equal(outcome.ok, false, `${key} at ${where} was accepted`);
        if (outcome.ok) continue;
        assert.equal(outcome.error.code, 'EXECUTION_VALIDATION_FAILED');
        assert.ok(String(outcome.error.details?.path).includes(key), String(outcome.error.details?.path));
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
      }
    }
    // A body parsed from JSON text carries `__proto__` as an own key too.
    const parsed = withOwnKey(base, '__proto__', pollution);
    assert.equal(assertWellFormedOutcome(parsed).ok, false);
  });

  test('deeply nested values (3000 levels) in any field are rejected without a stack overflow', () => {
    for (const depth of [100, 3000, 20_000]) {
      const nested = deepNest(depth);
      const payloads = [
        nested,
        { ...VALID_BASE, actions: nested },
        { ...VALID_BASE, actions: [{ id: 'a', type: 'click', params: { matcher: nested } }] },
        { ...VALID_BASE, actions: [{ id: 'a', type: 'sleep', params: { durationMs: 0, retry: nested } }] },
      ];
      for (const payload of payloads) assert.equal(assertWellFormedOutcome(payload).ok, false);
    }
  });

  test('huge and non-finite numbers in every numeric field are rejected or clamped, never passed through', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HUGE_NUMBERS),
        fc.constantFrom('timeoutMs', 'durationMs', 'maxAttempts', 'x', 'distanceRatio', 'widthDp'),
        (n, field) => {
          const actions: Record<string, unknown[]> = {
            timeoutMs: [{ id: 'a', type: 'sleep', params: { durationMs: 0 } }],
            durationMs: [{ id: 'a', type: 'sleep', params: { durationMs: n } }],
            maxAttempts: [{ id: 'a', type: 'snapshot_ui', params: { retry: { maxAttempts: n } } }],
            x: [{ id: 'a', type: 'click', params: { coordinate: { x: n, y: 1 } } }],
            distanceRatio: [{ id: 'a', type: 'scroll', params: { distanceRatio: n } }],
            widthDp: [{ id: 'a', type: 'set_on_screen_log', params: { text: 't', widthDp: n } }],
          };
          const payload = {
            ...VALID_BASE,
            ...(field === 'timeoutMs' ? { timeoutMs: n } : {}),
            actions: actions[field],
          };
          const outcome = assertWellFormedOutcome(payload);
          if (!outcome.ok) return;
          // Accepted only when in range (or clamped): the serialized payload holds finite JSON numbers.
          const text = JSON.stringify(outcome.execution);
          assert.ok(!/null|e\+|Infinity|NaN/.test(text), text);
        },
      ),
      { numRuns: 120 },
    );
  });

  test('oversized payloads are PAYLOAD_TOO_LARGE or a validation error, never accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 50 }), fc.constantFrom('a', 'é', '😀', '\u0000'), (count, unit) => {
        const text = unit.repeat(3990);
        const actions = Array.from({ length: count }, (_, i) => ({
          id: `a${i}`,
          type: 'set_on_screen_log',
          params: { text },
        }));
        const outcome = assertWellFormedOutcome({ ...VALID_BASE, actions });
        assert.equal(outcome.ok, false);
      }),
      { numRuns: 20 },
    );
  });
});

const VALID_BASE = {
  commandId: 'fuzz-1',
  taskId: 't',
  source: 'fuzz',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 5000,
} as const;
