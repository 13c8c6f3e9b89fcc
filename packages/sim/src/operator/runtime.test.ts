// The published operator's execution rules, each from the app's source (apps/android/... @ v0.5.2, cited per test).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkLines } from './envelope.ts';
import { publishedFixture } from './fixtures.test-helper.ts';
import { appHarness } from './harness.test-helper.ts';

test('a success envelope: keys in the app order, data left out when empty, one I entry (ClawperatorResultEnvelope.kt:29-74)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 's', type: 'sleep', params: { durationMs: 5 } }]);
  const line = out.messages.find((m) => m.startsWith('[Clawperator-Result] '));
  assert.equal(
    line,
    `[Clawperator-Result] {"commandId":"${out.commandId}","taskId":"task","status":"success","stepResults":[{"id":"s","actionType":"sleep","success":true,"data":{"duration_ms":"5"}}],"error":null}`,
  );
  assert.equal(out.entries.find((e) => e.message === line)?.priority, 'I');
});

test('a throw ends the execution: failed, no steps, later actions never run (UiActionEngine.kt:32-35, TaskRunnerDefault.kt:31-37)', async () => {
  const h = appHarness();
  const out = await h.run([
    { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: { maxAttempts: 1 } } },
    { id: 'back', type: 'press_key', params: { key: 'home' } },
  ]);
  assert.deepEqual(out.envelope, {
    commandId: out.commandId,
    taskId: 'task',
    status: 'failed',
    stepResults: [],
    error: 'Task execution failed: No app found with applicationId=com.nope.app',
  });
  assert.ok(!out.messages.some((m) => m.includes('step_start id=back')));
});

test('wait_for_node timeoutMs bounds the whole retry loop (TaskUiScopeDefault.kt:259-264)', async () => {
  const h = appHarness();
  const out = await h.run([
    { id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs: 2000 } },
  ]);
  assert.equal(
    out.envelope?.error,
    'Task execution failed: Timeout waiting for node matching: NodeMatcher(resourceId=null, role=null, textEquals=Nope, textContains=null, contentDescEquals=null, contentDescContains=null) (timeoutMs=2000)',
  );
  assert.ok(out.elapsedMs >= 2000 && out.elapsedMs <= 2200, `took ${out.elapsedMs} ms on the device clock`);
});

test('the deadline ends the execution with no steps and no code, even mid-step (AgentCommandExecutorDefault.kt:92-105)', async () => {
  const h = appHarness();
  const out = await h.run(
    [
      { id: 'a', type: 'sleep', params: { durationMs: 1 } },
      { id: 'b', type: 'sleep', params: { durationMs: 60000 } },
    ],
    { timeoutMs: 1000 },
  );
  assert.deepEqual(out.envelope, {
    commandId: out.commandId,
    taskId: 'task',
    status: 'failed',
    stepResults: [],
    error: 'Agent command timed out after 1000ms',
  });
  assert.equal(out.elapsedMs, 1000);
});

test('commands run one at a time and the deadline counts the wait behind another (AgentCommandExecutorDefault.kt:29-39)', async () => {
  const h = appHarness();
  const payload = (commandId: string, durationMs: number, timeoutMs: number) =>
    JSON.stringify({
      commandId,
      taskId: 't',
      source: 's',
      timeoutMs,
      actions: [{ id: 's', type: 'sleep', params: { durationMs } }],
    });
  const from = h.device.log.entries().length;
  h.device.sendBroadcast({
    action: h.op.action,
    targetPackage: h.op.package,
    extras: { payload: payload('first', 3000, 10000) },
    foreground: true,
  });
  h.device.sendBroadcast({
    action: h.op.action,
    targetPackage: h.op.package,
    extras: { payload: payload('second', 1, 2000) },
    foreground: true,
  });
  await h.op.idle();
  const messages = h.device.log
    .entries()
    .slice(from)
    .map((e) => e.message);
  assert.ok(
    messages.includes('[Clawperator-Command] queued commandId=second taskId=t waiting_for_active_command=true'),
  );
  const results = messages.filter((m) => m.startsWith(h.marker)).map((m) => JSON.parse(m.slice(h.marker.length)));
  assert.deepEqual(
    results.map((r) => [r.commandId, r.status, r.error]),
    [
      ['second', 'failed', 'Agent command timed out after 2000ms'],
      ['first', 'success', null],
    ],
  );
});

test('accessibility service off: a parseable payload gets SERVICE_UNAVAILABLE and nothing runs (OperatorCommandReceiver.kt:46-65)', async () => {
  const h = appHarness({ accessibility: false });
  const before = h.ui.foregroundPackage();
  const out = await h.run([{ id: 'o', type: 'open_app', params: { applicationId: 'com.android.settings' } }]);
  assert.deepEqual(out.envelope, {
    commandId: out.commandId,
    taskId: 'task',
    status: 'failed',
    stepResults: [],
    error: 'Accessibility service is not available',
    errorCode: 'SERVICE_UNAVAILABLE',
  });
  assert.equal(h.ui.foregroundPackage(), before);
  const bad = await h.send('{"commandId":');
  assert.deepEqual(
    bad.map((e) => [e.priority, e.message.split('\n')[0]]),
    [['E', '[Operator-Receiver] Accessibility service is not available and failed to parse agent command payload']],
  );
});

test('a broadcast without a string payload extra is only logged (OperatorCommandReceiver.kt:40-44)', async () => {
  const h = appHarness();
  const entries = await h.send('', { payload: 5 });
  assert.deepEqual(
    entries.map((e) => [e.priority, e.message]),
    [['E', '[Operator-Receiver] Missing required agent payload extra: payload']],
  );
});

const SMALL_APP = {
  package: 'com.t.small',
  label: 'Small',
  launchable: true,
  start: 'main',
  screens: { main: { root: { children: [{ class: 'TextView', id: 't', text: 'Tom & "Jerry"' }] } } },
};

test('the hierarchy block: one D entry `[TaskScope] UI Hierarchy:` + newline + the dump ending in a newline (TaskScopeDefault.kt:248)', async () => {
  const release = appHarness({ apps: [SMALL_APP] });
  release.ui.launch('com.t.small');
  const out = await release.run([{ id: 'snap', type: 'snapshot_ui' }]);
  const block = out.entries.find((e) => e.message.startsWith('[TaskScope] UI Hierarchy:'))!;
  assert.equal(block.priority, 'D');
  assert.equal(block.tag, 'E');
  const lines = block.message.split('\n');
  assert.deepEqual(lines.slice(0, 3), [
    '[TaskScope] UI Hierarchy:',
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    '<hierarchy rotation="0">',
  ]);
  assert.match(
    lines[3]!,
    /^ {2}<node index="0" text="" resource-id="" class="android\.widget\.FrameLayout" package="com\.t\.small" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="\[0,0\]\[1080,2400\]">$/,
  );
  assert.ok(lines.some((l) => l.includes('text="Tom &amp; &quot;Jerry&quot;"') && l.endsWith(' />')));
  assert.deepEqual(lines.slice(-2), ['</hierarchy>', '']);
  const debug = appHarness({ package: 'com.clawperator.operator.dev', apps: [SMALL_APP] });
  debug.ui.launch('com.t.small');
  const dbg = await debug.run([{ id: 'snap', type: 'snapshot_ui' }]);
  assert.equal(dbg.entries.find((e) => e.message.startsWith('[TaskScope] UI Hierarchy:'))?.tag, 'TaskScopeDefault');
});

test('the log of one snapshot: every entry of the app, in order, at its priority (fixture log-sequence-snapshot.json)', async () => {
  const h = appHarness({ apps: [SMALL_APP] });
  h.ui.launch('com.t.small');
  const expected = publishedFixture<{ entries: { p: string; message: string }[] }>(
    'log-sequence-snapshot.json',
  ).entries;
  const out = await h.run([{ id: 'snap', type: 'snapshot_ui' }], {
    commandId: 'cmd-1',
    taskId: 'task-1',
    source: 'svc',
  });
  assert.equal(out.entries.length, expected.length, out.messages.join('\n'));
  // A fixture message is exact up to its first placeholder (`<…>` or `...`).
  out.entries.forEach((entry, i) => {
    const want = expected[i]!;
    const exact = want.message.split(/<|\.\.\./)[0]!;
    assert.equal(entry.priority, want.p, want.message);
    assert.ok(entry.message.startsWith(exact), `${entry.message}\n  should start with\n${exact}`);
  });
});

test('a dump of 4000 chars or more arrives as one record per line, same pid and tid (Timber 5.0.1 DebugTree.log)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 'snap', type: 'snapshot_ui' }]);
  const at = out.entries.findIndex((e) => e.message.startsWith('[TaskScope] UI Hierarchy:'));
  const marker = out.entries[at]!;
  assert.equal(marker.message, '[TaskScope] UI Hierarchy:');
  const end = out.entries.findIndex((e, i) => i > at && e.message === '</hierarchy>');
  const block = out.entries.slice(at + 1, end + 1);
  assert.ok(block.every((e) => e.pid === marker.pid && e.tid === marker.tid && e.priority === 'D'));
  assert.equal(block[0]?.message, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>");
  assert.ok(block.length > 10);
});

const LONG_APP = {
  package: 'com.t.long',
  label: 'Long',
  launchable: true,
  start: 'main',
  screens: { main: { root: { children: [{ class: 'TextView', id: 'long', text: 'x'.repeat(4200) }] } } },
};

test('a result of 4000 chars or more is cut by Timber into records with no marker after the first (Timber 5.0.1 DebugTree.log)', async () => {
  const h = appHarness({ apps: [LONG_APP] });
  h.ui.launch('com.t.long');
  const out = await h.run([{ id: 'r', type: 'read_text', params: { matcher: { resourceId: 'com.t.long:id/long' } } }]);
  const at = out.messages.findIndex((m) => m.startsWith(h.marker));
  assert.equal(out.messages[at]!.length, 4000);
  const joined = out.messages[at]! + out.messages[at + 1]!;
  assert.equal(JSON.parse(joined.slice(h.marker.length)).stepResults[0].data.text, 'x'.repeat(4200));
});

test("the svc variant writes a large result as the later builds' chunk lines (ResultEnvelopeTransport.kt @ faba59e7)", async () => {
  const h = appHarness({ variant: 'svc', apps: [LONG_APP] });
  h.ui.launch('com.t.long');
  const out = await h.run([{ id: 'r', type: 'read_text', params: { matcher: { resourceId: 'com.t.long:id/long' } } }]);
  const chunks = out.messages.filter((m) => m.startsWith('[svc-Result-Chunk] ')).map((m) => JSON.parse(m.slice(19)));
  assert.ok(chunks.length >= 5);
  assert.deepEqual(Object.keys(chunks[0]), ['commandId', 'taskId', 'index', 'count', 'byteLength', 'sha256', 'data']);
  const text = Buffer.concat(chunks.map((c) => Buffer.from(c.data, 'base64'))).toString('utf8');
  assert.ok(text.startsWith('[svc-Result] {'));
  assert.equal(JSON.parse(text.slice(13)).stepResults[0].data.text, 'x'.repeat(4200));
});

test('the chunk rule reproduces the fixture of the later builds (result-chunks-later.json)', () => {
  const f = publishedFixture<{ canonicalLine: string; chunkLines: string[] }>('result-chunks-later.json');
  assert.deepEqual(
    chunkLines(f.canonicalLine, { commandId: 'cmd-big', taskId: 'task-big' }, '[Clawperator-Result-Chunk]'),
    f.chunkLines,
  );
});

const LINES_APP = {
  package: 'com.t.lines',
  label: 'Lines',
  launchable: true,
  start: 'main',
  screens: { main: { root: { children: [{ class: 'TextView', id: 'list', text: 'Shopping list:\n[x] milk' }] } } },
};

test('a text with a newline stays raw in the dump and in the read step line, each one log entry (AccessibilityNodeInfoExtAndroid.kt:712-724, UiActionEngine.kt:75-79)', async () => {
  const h = appHarness({ apps: [LINES_APP] });
  h.ui.launch('com.t.lines');
  const out = await h.run([
    { id: 'snap', type: 'snapshot_ui' },
    { id: 'r', type: 'read_text', params: { matcher: { resourceId: 'com.t.lines:id/list' } } },
  ]);
  // escapeXmlAttr replaces only & " ' < >: the newline is written as is, so the dump's line ends inside the value.
  const dump = out.entries.find((e) => e.message.startsWith('[TaskScope] UI Hierarchy:'));
  assert.ok(dump?.message.includes('text="Shopping list:\n[x] milk"'), dump?.message);
  const read = out.entries.find((e) => e.message.startsWith('[UiActionEngine] step_success id=r '));
  assert.match(read?.message ?? '', / data=\{text=Shopping list:\n\[x\] milk, validator=none\}$/);
  assert.equal(read?.priority, 'D');
});
