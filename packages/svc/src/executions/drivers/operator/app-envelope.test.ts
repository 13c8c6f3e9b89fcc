// The published operator's failure envelopes (result-lines.json, from clawperator ClawperatorResultEnvelope.kt and
// AgentCommandExecutorDefault.kt:71-105 @ v0.5.2) in svc's terms, with the steps its log says ran.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseEnvelopeJson } from '../../../contracts/envelope.ts';
import { parseOperatorMessage } from '../../../contracts/operator-lines.ts';
import type { Execution, ResultEnvelope } from '../../../contracts/types.ts';
import { interpretAppEnvelope, readKotlinMap } from './app-envelope.ts';
import { EnvelopeCollector } from './envelope-collector.ts';

const RESULTS = JSON.parse(
  readFileSync(new URL('../../../../test/fixtures/published-operator/result-lines.json', import.meta.url), 'utf8'),
);

function envelopeOf(caseName: string, commandId: string): ResultEnvelope {
  const c = RESULTS.cases.find((x: { name: string }) => x.name.startsWith(caseName));
  const json = (c.message as string)
    .slice('[Clawperator-Result] '.length)
    .replace(/"commandId":"[^"]*"/, `"commandId":"${commandId}"`);
  const parsed = parseEnvelopeJson(json, commandId);
  assert.ok(parsed.kind === 'envelope', caseName);
  return parsed.envelope;
}

const execution = {
  commandId: 'cmd-1',
  taskId: 't',
  source: 's',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'read', type: 'read_text', params: { matcher: { textEquals: 'A' } } },
    { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Dark theme' } } },
    { id: 'snap', type: 'snapshot_ui' },
  ],
} as Execution;

function collectorSaw(lines: string[]): EnvelopeCollector {
  const collector = new EnvelopeCollector('cmd-1');
  for (const message of lines) {
    const start = parseOperatorMessage(message);
    assert.ok(start?.kind === 'line', message);
    collector.push(start.line);
  }
  return collector;
}

test('a fatal failure keeps the steps the log says returned and names the failed step with its code', () => {
  const collector = collectorSaw([
    '[UiActionEngine] step_start id=open type=OpenApp',
    '[UiActionEngine] step_success id=open type=OpenApp data={application_id=com.android.settings}',
    '[UiActionEngine] step_start id=read type=ReadText',
    '[UiActionEngine] step_success id=read type=ReadText data={text=a, b, validator=none}',
    '[UiActionEngine] step_start id=tap type=Click',
  ]);
  const out = interpretAppEnvelope(envelopeOf('fatal: click found nothing', 'cmd-1'), collector, execution);
  assert.equal(out.status, 'failed');
  assert.equal(out.errorCode, 'ACTION_FAILED');
  assert.match(out.error ?? '', /^Task execution failed: No UI node found matching criteria/);
  assert.deepEqual(out.stepResults?.[0], {
    id: 'open',
    actionType: 'open_app',
    success: true,
    data: { application_id: 'com.android.settings' },
  });
  // `text=a, b`: `, b` starts no entry (b is no key of read_text), so it belongs to the text.
  assert.deepEqual(out.stepResults?.[1], {
    id: 'read',
    actionType: 'read_text',
    success: true,
    data: { text: 'a, b', validator: 'none' },
  });
  const failed = out.stepResults?.[2];
  assert.equal(failed?.id, 'tap');
  assert.equal(failed?.success, false);
  assert.equal(failed?.data.error, 'NODE_NOT_FOUND');
  assert.match(failed?.data.message ?? '', /^No UI node found matching criteria: NodeMatcher\(/);
  assert.equal(out.stepResults?.length, 3, 'nothing after the failed step ran');
});

test("the operator's own deadline is EXECUTION_TIMEOUT with the running step failed with it", () => {
  const collector = collectorSaw(['[UiActionEngine] step_start id=open type=OpenApp']);
  const out = interpretAppEnvelope(envelopeOf('execution timeout', 'cmd-1'), collector, execution);
  assert.equal(out.errorCode, 'EXECUTION_TIMEOUT');
  assert.deepEqual(
    out.stepResults?.map((s) => [s.id, s.success, s.data.error]),
    [['open', false, 'EXECUTION_TIMEOUT']],
  );
});

test('envelopes with steps or a code are left as the operator wrote them', () => {
  const service = envelopeOf('accessibility service not running', 'cmd-1');
  assert.deepEqual(interpretAppEnvelope(service, new EnvelopeCollector('cmd-1'), execution), service);
  const success = envelopeOf('success: every action ran', 'cmd-1');
  assert.deepEqual(interpretAppEnvelope(success, new EnvelopeCollector('cmd-1'), execution), success);
});

test('a logged data map is read back when its entries are keys of that action, none twice; values may hold ", "', () => {
  assert.deepEqual(readKotlinMap('{text=Wi-Fi, validator=none}', ['text', 'validator']), {
    text: 'Wi-Fi',
    validator: 'none',
  });
  assert.deepEqual(readKotlinMap('{}', ['text']), {});
  assert.equal(readKotlinMap('{text=a, validator=x, validator=none}', ['text', 'validator']), undefined);
  assert.equal(readKotlinMap('{label=a}', ['text', 'validator']), undefined, 'a key that action never reports');
  assert.deepEqual(readKotlinMap('{text=a, b}', ['text', 'validator']), { text: 'a, b' });
  // A text read with a comma in it, and a container's description (the Kotlin data class's toString, whose fields
  // are no keys of read_text), as the app logs them (UiActionEngine.kt:75-79 @ v0.5.2).
  const keys = ['text', 'all', 'count', 'validator', 'container', 'error', 'raw_text', 'message'];
  const container =
    'NodeMatcher(resourceId=com.android.settings:id/list, role=null, textEquals=null, textContains=null, contentDescEquals=null, contentDescContains=null)';
  assert.deepEqual(readKotlinMap(`{text=Welcome, alice, validator=none, container=${container}}`, keys), {
    text: 'Welcome, alice',
    validator: 'none',
    container,
  });
});

test("a step of a type the published app lacks needs no list of keys: svc's own operator's data are read by any key", () => {
  // svc's drag step as svc's simulated operator logs it (packages/sim/src/operator/engine.ts, case 'Drag').
  const dragged = {
    ...execution,
    actions: [{ id: 'd', type: 'drag', params: { from: {}, to: {} } }, ...execution.actions],
  };
  const collector = collectorSaw([
    '[UiActionEngine] step_start id=d type=Drag',
    '[UiActionEngine] step_success id=d type=Drag data={from=540,900, to=540,300, duration_ms=1000}',
    '[UiActionEngine] step_start id=open type=OpenApp',
  ]);
  const out = interpretAppEnvelope(envelopeOf('execution timeout', 'cmd-1'), collector, dragged as Execution);
  assert.deepEqual(out.stepResults?.[0], {
    id: 'd',
    actionType: 'drag',
    success: true,
    data: { from: '540,900', to: '540,300', duration_ms: '1000' },
  });
  assert.equal(readKotlinMap('{from=1,2, from=3,4}', 'any'), undefined, 'a key twice is no map');
});
