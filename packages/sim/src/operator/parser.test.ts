// AgentCommandParserDefault's accept and reject rules (AgentCommandParser.kt:27-405 @ v0.5.2), held to the payloads
// of the app's own parser test (AgentCommandParserDefaultTest.kt @ v0.5.2, via the fixtures), and what the receiver
// does with a rejected payload (OperatorCommandReceiver.kt:71-91: no envelope, one E entry with the exception).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BRANDS } from './brand.ts';
import { type PayloadCase, publishedFixture } from './fixtures.test-helper.ts';
import { appHarness } from './harness.test-helper.ts';
import { KotlinException } from './kotlin.ts';
import { RETRY } from './model.ts';
import { parseAgentCommand } from './parser.ts';

const accepted = publishedFixture<{ cases: PayloadCase[] }>('payloads-accepted.json').cases;
const rejected = publishedFixture<{ cases: PayloadCase[] }>('payloads-rejected.json').cases;
const WIRE: Record<string, string> = {
  OpenUri: 'open_uri',
  OpenApp: 'open_app',
  CloseApp: 'close_app',
  WaitForNode: 'wait_for_node',
  Click: 'click',
  ScrollAndClick: 'scroll_and_click',
  Scroll: 'scroll',
  ScrollUntil: 'scroll_until',
  ReadText: 'read_text',
  SnapshotUi: 'snapshot_ui',
  StartRecording: 'start_recording',
  StopRecording: 'stop_recording',
  DoctorPing: 'doctor_ping',
  TakeScreenshot: 'take_screenshot',
  EnterText: 'enter_text',
  Sleep: 'sleep',
  PressKey: 'press_key',
  WaitForNavigation: 'wait_for_navigation',
  ReadKeyValuePair: 'read_key_value_pair',
};
const clawperator = BRANDS.clawperator;

/** The case's payload; `<any payload … exceeds 64000 bytes>` stands for one, made here. */
function payloadText(c: PayloadCase & { payloadText?: string }): string {
  if (c.payloadText?.startsWith('<any payload')) {
    const big = {
      commandId: 'c',
      taskId: 't',
      source: 's',
      actions: [{ id: 'a', type: 'sleep', params: { pad: 'é'.repeat(32_001) } }],
    };
    return JSON.stringify(big);
  }
  return c.payloadText ?? JSON.stringify(c.payload);
}

describe('the parser accepts what the app accepts', () => {
  for (const c of accepted) {
    test(`${c.name} (${c.source})`, () => {
      const command = parseAgentCommand(JSON.stringify(c.payload), clawperator);
      assert.equal(command.timeoutMs, c.parsed!.timeoutMs);
      assert.deepEqual(
        command.actions.map((a) => WIRE[a.type]),
        c.parsed!.actions,
      );
      for (const [i, name] of (c.parsed!.retries ?? []).entries()) {
        const action = command.actions[i] as { retry?: unknown };
        assert.deepEqual(action.retry, RETRY[name as keyof typeof RETRY]);
      }
    });
  }
});

describe('the parser rejects what the app rejects, with its exception and message', () => {
  for (const c of rejected) {
    test(`${c.name} (${c.source})`, () => {
      const text = payloadText(c);
      assert.throws(
        () => parseAgentCommand(text, clawperator),
        (e: unknown) => {
          assert.ok(e instanceof KotlinException);
          if (c.exception?.startsWith('java.')) assert.equal(e.javaClass, c.exception);
          if (!c.message?.startsWith('not settled')) assert.equal(e.message, c.message);
          return true;
        },
      );
    });
  }
});

test('numbers are read from their JSON text: 5000.0 is no whole number (default), "5000" is 5000 (AgentCommandParser.kt:374-397)', () => {
  const base = { commandId: 'c', taskId: 't', source: 's', actions: [{ id: 'a', type: 'sleep' }] };
  assert.equal(
    parseAgentCommand(JSON.stringify(base).replace('"source"', '"timeoutMs":5000.0,"source"'), clawperator).timeoutMs,
    30000,
  );
  assert.equal(parseAgentCommand(JSON.stringify({ ...base, timeoutMs: '5000' }), clawperator).timeoutMs, 5000);
  assert.equal(parseAgentCommand(JSON.stringify({ ...base, timeoutMs: 10 }), clawperator).timeoutMs, 1000);
});

test('a retry object starts from one attempt, no delay, multiplier 1, no jitter (AgentCommandParser.kt:286-309)', () => {
  const payload = {
    commandId: 'c',
    taskId: 't',
    source: 's',
    actions: [{ id: 'a', type: 'snapshot_ui', params: { retry: {} } }],
  };
  const [action] = parseAgentCommand(JSON.stringify(payload), clawperator).actions;
  assert.deepEqual((action as { retry: unknown }).retry, {
    maxAttempts: 1,
    initialDelayMs: 0,
    maxDelayMs: 0,
    backoffMultiplier: 1,
    jitterRatio: 0,
  });
});

test('JSON null where an object is read throws (JsonNull is an element: `?.jsonObject` does not skip it)', () => {
  const payload = {
    commandId: 'c',
    taskId: 't',
    source: 's',
    actions: [{ id: 'a', type: 'snapshot_ui', params: null }],
  };
  assert.throws(
    () => parseAgentCommand(JSON.stringify(payload), clawperator),
    /Element class kotlinx.serialization.json.JsonNull is not a JsonObject/,
  );
});

test('a rejected payload gets no envelope, only the receiver E entry with the exception (OperatorCommandReceiver.kt:89-91)', async () => {
  const h = appHarness();
  const entries = await h.send(JSON.stringify({ commandId: 'c', taskId: 't', source: 's', actions: [] }));
  assert.deepEqual(
    entries.map((e) => [e.priority, e.message.split('\n').slice(0, 2).join('\n')]),
    [
      [
        'E',
        '[Operator-Receiver] Failed to parse agent command payload\njava.lang.IllegalArgumentException: actions must not be empty',
      ],
    ],
  );
});

test('the svc variant accepts the on-screen log actions of the later builds; the Clawperator 0.5.x variant does not', () => {
  const payload = JSON.stringify({
    commandId: 'c',
    taskId: 't',
    source: 's',
    actions: [{ id: 'a', type: 'set_on_screen_log', params: { text: 'hi' } }],
  });
  assert.equal(parseAgentCommand(payload, BRANDS.svc).actions[0]?.type, 'OnScreenLog');
  assert.throws(() => parseAgentCommand(payload, clawperator), /unsupported action type at index=0: set_on_screen_log/);
});
