// Accepted payloads round-trip through real adb to the simulated device byte for byte (a bounded random sample),
// and no user text can inject shell syntax: every command line the device's shell ran is parsed with the device's
// own POSIX word splitter and must be ONE simple command whose user-derived words are entirely quoted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createLab, type Lab } from 'svc-sim/testing';
import { parse } from '../../sim/src/shell/parse.ts';
import { encodeForOperator } from '../src/contracts/operator-wire.ts';
import { normalizeAndValidateExecution } from '../src/contracts/validate.ts';
import { IDENTITY_COMMAND } from '../src/devices/device-identity.ts';
import { OPERATOR_DETECTION } from '../src/executions/choose-driver.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext } from './executions-helpers.ts';
import { recordPayloads } from './reliability-helpers.ts';

let lab: Lab;
let received: unknown[];
before(async () => {
  lab = await createLab({ devices: [{}] });
  received = recordPayloads(lab.devices[0]!);
});
after(() => lab.close());

const INJECTIONS = [
  "'; touch /x; echo '",
  '"; touch /x; echo "',
  '$(touch /x)',
  '`touch /x`',
  "\\'; touch /x #",
  "' && touch /x && '",
  "'\n touch /x\n'",
  '| touch /x',
  '> /x',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax on purpose
  '${IFS}touch${IFS}/x',
];
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax on purpose
const NO_SPACE = ["';touch${IFS}/x;'", '$(touch${IFS}/x)', '`touch${IFS}/x`', "'&&touch${IFS}/x&&'", '|touch>/x'];

const text = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  fc.constantFrom(...INJECTIONS),
);
const id = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => /^\S+$/.test(s)),
  fc.constantFrom(...NO_SPACE),
);
const once = { maxAttempts: 1 };
/** Actions the simulator answers fast (single attempt), with random text in every string it takes. */
const action = fc.oneof(
  fc.constant({ type: 'sleep', params: { durationMs: 0 } }),
  fc.constantFrom('back', 'HOME', 'recents').map((key) => ({ type: 'press_key', params: { key } })),
  text.map((t) => ({ type: 'set_on_screen_log', params: { text: t } })),
  fc.constant({ type: 'clear_on_screen_log' }),
  text.map((t) => ({ type: 'read_text', params: { matcher: { textContains: t }, retry: once } })),
  fc
    .tuple(text, text)
    .map(([m, t]) => ({ type: 'type_text', params: { selector: { text: m }, value: t, retry: once } })),
  text.map((t) => ({ type: 'click', params: { matcher: { contentDescEquals: t }, retry: once } })),
  fc.constant({ type: 'snapshot' }),
);
const payload = fc
  .record({ commandId: id, taskId: text, source: text, actions: fc.array(action, { minLength: 1, maxLength: 5 }) })
  .map((p) => ({
    command_id: `${p.commandId}-${Math.random().toString(36).slice(2, 8)}`,
    task_id: p.taskId,
    source: [...p.source].slice(0, 30).join(''),
    expectedFormat: 'android-ui-automator',
    timeoutMs: 20_000,
    actions: p.actions.map((a, i) => ({ ...a, id: `a${i}` })),
  }));

describe('round trip and shell safety through real adb', () => {
  it('a bounded sample of accepted random payloads reaches the device exactly as normalized and encoded for the operator, one envelope each', async () => {
    const samples = fc.sample(payload, { numRuns: 12, seed: 12 });
    let ran = 0;
    let whole = 0;
    for (const input of samples) {
      const validated = normalizeAndValidateExecution(input);
      if (!validated.ok) continue; // e.g. a source of blanks after the cut; validation is fuzzed elsewhere
      const before = received.length;
      const result = await runExecution(labContext(lab), { execution: input });
      assert.ok(result.ok, JSON.stringify(result));
      // A step whose selector found nothing is followed by one read of the screen (its own commandId, `-screen`),
      // to name the closest elements: the execution itself is dispatched once.
      const own = received
        .slice(before)
        .filter((p) => (p as { commandId?: string }).commandId === validated.execution.commandId);
      assert.equal(own.length, 1, 'exactly one dispatch');
      // Encoded as the operator's parser reads it: retry objects complete, scroll_and_click's target as matcher.
      assert.deepEqual(own[0], encodeForOperator(validated.execution));
      assert.equal(result.envelope.commandId, validated.execution.commandId);
      assert.equal(result.envelope.taskId, validated.execution.taskId);
      // The operator ends an execution at a step whose failure it throws (a read, click or typing on a node that is
      // not there: UiActionEngine.kt, docs/published-operator.md 3.1 and 3.6): the steps are the actions up to that
      // one, in order, and that one failed; otherwise every action has its step.
      const actions = validated.execution.actions;
      const steps = result.envelope.stepResults ?? [];
      assert.ok(steps.length > 0, 'no step result');
      assert.deepEqual(
        steps.map((s) => [s.id, s.actionType]),
        actions.slice(0, steps.length).map((a) => [a.id, a.type]),
      );
      if (steps.length < actions.length) {
        assert.equal(steps.at(-1)?.success, false, 'the execution ended early only at a failed step');
        assert.equal(result.envelope.status, 'failed');
      } else whole++;
      ran++;
    }
    assert.ok(ran >= 8, `only ${ran} samples were valid`);
    assert.ok(whole >= 3, `only ${whole} samples ran every action`);
  });

  it('injection strings in every string field are single quoted arguments on the device shell', async () => {
    const inj = INJECTIONS[0] as string;
    const ctx = labContext(lab);
    const start = lab.devices[0]!.device.commandLog.length;
    const execution = {
      commandId: `inj-${NO_SPACE[0]}`,
      taskId: inj,
      source: INJECTIONS[2],
      expectedFormat: 'android-ui-automator',
      timeoutMs: 20_000,
      actions: [
        { id: NO_SPACE[1], type: 'close_app', params: { applicationId: `com.x${NO_SPACE[0]}` } },
        { id: NO_SPACE[2], type: 'open_app', params: { applicationId: inj, retry: once } },
        { id: 'u', type: 'open_uri', params: { uri: `https://e.x/${INJECTIONS[3]}`, retry: once } },
        {
          id: 'r',
          type: 'read_text',
          params: { matcher: { textEquals: inj }, validator: 'regex', validatorPattern: INJECTIONS[2], retry: once },
        },
        { id: 't', type: 'enter_text', params: { matcher: { resourceId: inj }, text: INJECTIONS[6], retry: once } },
        { id: 'l', type: 'set_on_screen_log', params: { text: INJECTIONS[4] } },
        { id: 'rec', type: 'start_recording', params: { sessionId: INJECTIONS[5] } },
        { id: 'shot', type: 'take_screenshot', params: { path: `${lab.home}/${NO_SPACE[3]}.png` } },
      ],
    };
    const result = await runExecution(ctx, { execution });
    assert.ok(result.ok, JSON.stringify(result));
    // The operator package is user text too (HTTP body, flag, env): it reaches `pm list packages` quoted.
    const missing = await runExecution(ctx, { execution: { ...execution, commandId: 'inj-2' }, operatorPackage: inj });
    assert.equal(!missing.ok && missing.error.code, 'OPERATOR_NOT_INSTALLED');

    const lines = lab.devices[0]!.device.commandLog.slice(start);
    assert.ok(
      lines.some((l) => l.includes('touch')),
      'the injection text reached the device',
    );
    for (const line of lines) {
      // svc's own fixed questions (which operator is installed, is its service on; who the phone is) hold no user
      // text.
      if (line === OPERATOR_DETECTION || line === IDENTITY_COMMAND) continue;
      const script = parse(line);
      assert.equal(script.length, 1, `more than one command: ${line}`);
      const list = script[0]!;
      assert.equal(list.rest.length, 0, `&& or || in: ${line}`);
      assert.equal(list.first.commands.length, 1, `pipeline in: ${line}`);
      const command = list.first.commands[0]!;
      assert.equal(command.redirects.length, 0, `redirect in: ${line}`);
      assert.equal(command.assignments.length, 0, `assignment in: ${line}`);
      for (const word of command.words) {
        for (const part of word.parts) {
          assert.ok(part.kind === 'text', `unquoted expansion in: ${line}`);
          if (/touch|[$`;|&<>'"]/.test(part.text))
            assert.ok(part.quoted, `unquoted user text ${part.text} in: ${line}`);
        }
      }
    }
    assert.ok(!lab.devices[0]!.device.files.has('/x'), 'no file was created by an injected command');
  });
});
