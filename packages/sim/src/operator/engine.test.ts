// UiActionEngine action by action (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/
// UiActionEngine.kt @ v0.5.2, lines per test): the data each step returns, which failures return a failed step and
// which end the execution.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { walk as walkTree } from '../ui/ui-node.ts';
import { type AppHarness, appHarness, firstStep } from './harness.test-helper.ts';
import { APP, id, TEST_APP } from './test-app.test-helper.ts';

let h: AppHarness;
beforeEach(async () => {
  h = appHarness({ apps: [TEST_APP] });
  h.ui.launch(APP);
});
const ONCE = { maxAttempts: 1 };
const fatal = async (actions: unknown[]) => (await h.run(actions)).envelope;

describe('apps', () => {
  test('open_app of a launchable app succeeds with {application_id} and does not wait for it (UiActionEngine.kt:95-105)', async () => {
    const { step } = await firstStep(h, 'open_app', { applicationId: 'com.android.settings' });
    assert.deepEqual(step, {
      id: 'a1',
      actionType: 'open_app',
      success: true,
      data: { application_id: 'com.android.settings' },
    });
    assert.equal(h.ui.foregroundPackage(), 'com.android.settings');
  });

  test('open_app of an unknown app retries AppLaunch 4 times, then ends the execution (TaskScopeDefault.kt:131-170)', async () => {
    const out = await h.run([{ id: 'o', type: 'open_app', params: { applicationId: 'com.nope' } }]);
    assert.equal(out.envelope?.error, 'Task execution failed: No app found with applicationId=com.nope');
    assert.equal(out.messages.filter((m) => m.includes('stage-retry')).length, 3);
    assert.equal(out.elapsedMs, 750 + 1500 + 3000);
  });

  test('open_uri nobody handles ends the execution with URI_NOT_HANDLED (TaskScopeDefault.kt:172-206)', async () => {
    const env = await fatal([{ id: 'u', type: 'open_uri', params: { uri: 'nope://x', retry: ONCE } }]);
    assert.equal(env?.error, 'Task execution failed: URI_NOT_HANDLED: No application found to handle uri=nope://x');
  });

  test('close_app never closes: failed step with UNSUPPORTED_RUNTIME_CLOSE and the brand in the message (UiActionEngine.kt:107-123)', async () => {
    const { step } = await firstStep(h, 'close_app', { applicationId: APP });
    assert.deepEqual(step?.data, {
      application_id: APP,
      error: 'UNSUPPORTED_RUNTIME_CLOSE',
      message:
        "Android runtime cannot reliably close apps. Use the Clawperator Node API or 'adb shell am force-stop' directly for this action.",
    });
    assert.equal(h.ui.foregroundPackage(), APP);
  });
});

describe('nodes', () => {
  test('wait_for_node: {resource_id, label, timeout_ms only when given} (UiActionEngine.kt:188-207)', async () => {
    assert.deepEqual((await firstStep(h, 'wait_for_node', { matcher: { textEquals: 'Wi-Fi' } })).step?.data, {
      resource_id: id('row_label'),
      label: 'Wi-Fi',
    });
    const timed = await firstStep(h, 'wait_for_node', { matcher: { textEquals: 'Wi-Fi' }, timeoutMs: 999999 });
    assert.deepEqual(timed.step?.data, { resource_id: id('row_label'), label: 'Wi-Fi', timeout_ms: '120000' });
  });

  test('wait_for_node not found: the UiReadiness loop (5 attempts, 6.5 s of sleeps) then the execution ends (TaskUiScopeDefault.kt:225-268)', async () => {
    const out = await h.run([{ id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' } } }]);
    assert.match(
      out.envelope?.error ?? '',
      /^Task execution failed: No UI node found matching criteria: NodeMatcher\(resourceId=null, role=null, textEquals=Nope,/,
    );
    assert.equal(out.elapsedMs, 500 + 1000 + 2000 + 3000);
  });

  test('click on a label clicks its clickable row (ACTION_CLICK on the first clickable ancestor, UiTreeManagerAndroid.kt:155-166)', async () => {
    const { step } = await firstStep(h, 'click', { matcher: { textEquals: 'Wi-Fi' } });
    assert.deepEqual(step?.data, { click_types: 'click' });
    assert.equal(h.ui.screenName(), 'detail');
  });

  test('click on a node with no clickable ancestor is a tap at its centre, never "not clickable" (UiTreeManagerAndroid.kt:168-176)', async () => {
    const { step, out } = await firstStep(h, 'click', { matcher: { textEquals: 'Plain words' } });
    assert.equal(step?.success, true);
    assert.equal(out.elapsedMs, 120);
  });

  test('click by coordinate reports "(x,y)"; focus on a coordinate always fails and ends the execution (UiTreeManagerAndroid.kt:48-74)', async () => {
    assert.deepEqual((await firstStep(h, 'click', { coordinate: { x: 10, y: 20 } })).step?.data, {
      coordinate: '(10,20)',
      click_types: 'click',
    });
    const env = await fatal([
      { id: 'f', type: 'click', params: { coordinate: { x: 10, y: 20 }, clickType: 'focus', retry: ONCE } },
    ]);
    assert.equal(env?.error, 'Task execution failed: Click at coordinate (10,20) failed');
  });

  test('text matchers read the label (text, else content description); *Contains ignore case (NodeMatcher.kt:19-27)', async () => {
    assert.equal(
      (await firstStep(h, 'wait_for_node', { matcher: { textEquals: 'Only A Description' } })).step?.data?.resource_id,
      id('desc_only'),
    );
    assert.equal(
      (await firstStep(h, 'wait_for_node', { matcher: { textContains: 'wi-fi' } })).step?.data?.resource_id,
      id('row_label'),
    );
    assert.equal(
      (await firstStep(h, 'wait_for_node', { matcher: { contentDescContains: 'only a' } })).step?.data?.resource_id,
      id('desc_only'),
    );
    assert.equal(
      (await firstStep(h, 'wait_for_node', { matcher: { role: 'BUTTON', textEquals: 'Wi-Fi' } })).step?.success,
      true,
    );
  });

  test('enter_text replaces the text and submit is a click on the field, not Enter (UiTreeManagerAndroid.kt:76-108)', async () => {
    await firstStep(h, 'enter_text', { matcher: { resourceId: id('field') }, text: 'first' });
    const { step } = await firstStep(h, 'enter_text', {
      matcher: { resourceId: id('field') },
      text: 'second',
      submit: true,
    });
    assert.deepEqual(step?.data, { text: 'second', submit: 'true' });
    assert.equal(h.ui.screenName(), 'main', 'the field has no click action: submit did not press Enter');
    const read = await firstStep(h, 'read_text', { matcher: { resourceId: id('field') } });
    assert.equal(read.step?.data?.text, 'second');
  });

  test('enter_text on a node that cannot take text ends the execution (TaskUiScopeDefault.kt:553-556)', async () => {
    const env = await fatal([
      { id: 'e', type: 'enter_text', params: { matcher: { textEquals: 'Plain words' }, text: 'x', retry: ONCE } },
    ]);
    assert.equal(env?.error, 'Task execution failed: Failed to set text on matching UI node');
  });
});

describe('reads', () => {
  test('read_text: {text, validator}; a blank label ends the execution (UiActionEngine.kt:464-538, TaskUiScopeDefault.kt:302-305)', async () => {
    assert.deepEqual((await firstStep(h, 'read_text', { matcher: { resourceId: id('summary') } })).step?.data, {
      text: 'Connected',
      validator: 'none',
    });
    const env = await fatal([
      { id: 'r', type: 'read_text', params: { matcher: { resourceId: id('empty') }, retry: ONCE } },
    ]);
    assert.equal(env?.error, 'Task execution failed: Matching UI node has no text content');
  });

  test('read_text with a validator that fails: VALIDATOR_MISMATCH with raw_text, a failed step (UiActionEngine.kt:546-558)', async () => {
    const { step, out } = await firstStep(h, 'read_text', {
      matcher: { resourceId: id('summary') },
      validator: 'version',
    });
    assert.deepEqual(step?.data, { error: 'VALIDATOR_MISMATCH', raw_text: 'Connected' });
    assert.equal(out.envelope?.status, 'success');
  });

  test('read_text all: a JSON array, all, count, validator none; no match is success with [] (UiActionEngine.kt:429-463)', async () => {
    const all = await firstStep(h, 'read_text', {
      matcher: { textContains: 'item 1' },
      all: true,
      validator: 'version',
    });
    assert.deepEqual(all.step?.data, { text: '["Item 1"]', all: 'true', count: '1', validator: 'none' });
    const none = await firstStep(h, 'read_text', { matcher: { textEquals: 'Nope' }, all: true, retry: ONCE });
    assert.deepEqual(none.step, {
      id: 'a1',
      actionType: 'read_text',
      success: true,
      data: { text: '[]', all: 'true', count: '0', validator: 'none' },
    });
  });

  test('read_text in a container: NODE_NOT_FOUND inside, CONTAINER_NOT_FOUND without, the container in the data (UiActionEngine.kt:559-576)', async () => {
    const box = { resourceId: id('row') };
    assert.deepEqual(
      (await firstStep(h, 'read_text', { matcher: { textEquals: 'Connected' }, container: box })).step?.data,
      {
        text: 'Connected',
        validator: 'none',
        container: `NodeMatcher(resourceId=${id('row')}, role=null, textEquals=null, textContains=null, contentDescEquals=null, contentDescContains=null)`,
      },
    );
    assert.deepEqual(
      (await firstStep(h, 'read_text', { matcher: { textEquals: 'Plain words' }, container: box, retry: ONCE })).step
        ?.data,
      { error: 'NODE_NOT_FOUND' },
    );
    assert.deepEqual(
      (
        await firstStep(h, 'read_text', {
          matcher: { textEquals: 'x' },
          container: { textEquals: 'Nope' },
          retry: ONCE,
        })
      ).step?.data,
      { error: 'CONTAINER_NOT_FOUND' },
    );
  });

  test('read_key_value_pair takes the value after the label in its row, /summary first (TaskUiScopeDefault.kt:1389-1436)', async () => {
    assert.deepEqual(
      (await firstStep(h, 'read_key_value_pair', { labelMatcher: { textEquals: 'Wi-Fi' } })).step?.data,
      { label: 'Wi-Fi', value: 'Connected' },
    );
    const missing = await firstStep(h, 'read_key_value_pair', { labelMatcher: { textEquals: 'Nope' }, retry: ONCE });
    assert.deepEqual(missing.step, {
      id: 'a1',
      actionType: 'read_key_value_pair',
      success: false,
      data: { error: 'NODE_NOT_FOUND' },
    });
  });

  test('snapshot_ui: the window metadata, the keyboard window counted as an overlay (UiTreeInspectorAndroid.kt:50-90)', async () => {
    assert.deepEqual((await firstStep(h, 'snapshot_ui')).step?.data, {
      actual_format: 'hierarchy_xml',
      foreground_package: APP,
      has_overlay: 'false',
      window_count: '3',
    });
    const field = [...walkTree(h.ui.tree())].find((n) => n.resourceId === id('field'))!;
    h.ui.tap(field.bounds.left + 10, field.bounds.top + 10); // the keyboard comes up
    const withKeyboard = (await firstStep(h, 'snapshot_ui')).step?.data;
    assert.deepEqual(withKeyboard, {
      actual_format: 'hierarchy_xml',
      foreground_package: APP,
      has_overlay: 'true',
      overlay_package: 'com.google.android.inputmethod.latin',
      window_count: '4',
    });
  });
});

describe('scrolling', () => {
  test('scroll: moved, then edge_reached at the end; distance_ratio as a Kotlin Float, resolved_container (UiActionEngine.kt:265-303)', async () => {
    const { step } = await firstStep(h, 'scroll', {});
    assert.deepEqual(step?.data, {
      scroll_outcome: 'moved',
      direction: 'down',
      distance_ratio: '0.7',
      settle_delay_ms: '250',
      resolved_container: id('list'),
    });
    const up = await firstStep(h, 'scroll', { direction: 'up', distanceRatio: 1 });
    assert.equal(up.step?.data?.distance_ratio, '1.0');
  });

  test('scroll with a container that is not there: a failed step {error, direction, settle_delay_ms}, no message (UiActionEngine.kt:304-323)', async () => {
    const { step } = await firstStep(h, 'scroll', { container: { resourceId: id('nope') } });
    assert.deepEqual(step?.data, { error: 'CONTAINER_NOT_FOUND', direction: 'down', settle_delay_ms: '250' });
  });

  test('scroll_until finds the target: TARGET_FOUND and the data in the app order (UiActionEngine.kt:402-413)', async () => {
    const { step } = await firstStep(h, 'scroll_until', { matcher: { textEquals: 'Item 12' } });
    assert.equal(step?.success, true);
    assert.deepEqual(Object.keys(step?.data ?? {}), [
      'termination_reason',
      'scrolls_executed',
      'direction',
      'click_after',
      'click_types',
      'resolved_container',
    ]);
    assert.equal(step?.data?.termination_reason, 'TARGET_FOUND');
  });

  test('scroll_until with a matcher that never appears: TARGET_NOT_FOUND after one more UiReadiness wait (UiActionEngine.kt:345-384)', async () => {
    // 10 s (maxDurationMs) of scrolls, each a 250 ms swipe, the 250 ms settle and three 125 ms looks for the target.
    const { step, out } = await firstStep(h, 'scroll_until', { matcher: { textEquals: 'Item 99' } });
    assert.equal(step?.success, false);
    assert.equal(step?.data?.error, 'TARGET_NOT_FOUND');
    assert.equal(step?.data?.termination_reason, 'MAX_DURATION_REACHED');
    assert.ok(out.elapsedMs >= 10_000 + 6500, `the wait for the target after the loop: ${out.elapsedMs} ms`);
    const edge = await firstStep(h, 'scroll_until', { matcher: { textEquals: 'Item 99' }, maxDurationMs: 60_000 });
    assert.equal(edge.step?.data?.termination_reason, 'EDGE_REACHED');
  });

  test('scroll_and_click: direction is the enum name; a target never revealed ends the execution (UiActionEngine.kt:232-263)', async () => {
    const { step } = await firstStep(h, 'scroll_and_click', { matcher: { textEquals: 'Item 9' } });
    assert.deepEqual(step?.data, { max_swipes: '10', direction: 'Down', click_types: 'click', click_after: 'true' });
    const env = await fatal([
      { id: 's', type: 'scroll_and_click', params: { matcher: { textEquals: 'Item 99' }, scrollRetry: ONCE } },
    ]);
    assert.match(env?.error ?? '', /^Task execution failed: Target node not found after scrolling: NodeMatcher\(/);
  });
});

describe('the rest', () => {
  test('wait_for_navigation needs a transition: the expected app already in front times out (TaskScopeDefault.kt:374-455)', async () => {
    const { step } = await firstStep(h, 'wait_for_navigation', { expectedPackage: APP, timeoutMs: 500 });
    assert.deepEqual(step?.data, { error: 'NAVIGATION_TIMEOUT', last_package: APP });
    assert.equal(step?.success, false);
  });

  test('wait_for_navigation: the expected app coming to the front, or leaving and coming back, is the transition (TaskScopeDefault.kt:374-455)', async () => {
    const SETTINGS = 'com.android.settings';
    h.clock.setTimer(600, () => h.ui.launch(SETTINGS));
    const arrived = await firstStep(h, 'wait_for_navigation', { expectedPackage: SETTINGS, timeoutMs: 3000 });
    assert.equal(arrived.step?.success, true, JSON.stringify(arrived.step));
    assert.equal(arrived.step?.data?.resolved_package, SETTINGS);
    assert.ok(Number(arrived.step?.data?.elapsed_ms) >= 600, 'not before it came');
    assert.ok(arrived.out.elapsedMs < 3000, 'the wait ended when it came');
    h.clock.setTimer(300, () => h.ui.launch(APP));
    h.clock.setTimer(700, () => h.ui.launch(SETTINGS));
    const back = await firstStep(h, 'wait_for_navigation', { expectedPackage: SETTINGS, timeoutMs: 3000 });
    assert.equal(back.step?.success, true, JSON.stringify(back.step));
    assert.ok(Number(back.step?.data?.elapsed_ms) >= 700, 'in front at the start; it counts once it came back');
  });

  test('press_key: {key} (UiActionEngine.kt:760-782); doctor_ping: the two developer settings only (UiActionEngine.kt:744-758)', async () => {
    assert.deepEqual((await firstStep(h, 'press_key', { key: 'HOME' })).step?.data, { key: 'home' });
    assert.deepEqual((await firstStep(h, 'doctor_ping')).step?.data, {
      developer_options_enabled: 'false',
      usb_debugging_enabled: 'false',
    });
  });

  test('sleep without durationMs sleeps 0 (AgentCommandParser.kt:245-250); take_screenshot is a failed step (UiActionEngine.kt:691-706)', async () => {
    assert.deepEqual((await firstStep(h, 'sleep')).step?.data, { duration_ms: '0' });
    assert.equal((await firstStep(h, 'take_screenshot')).step?.data?.error, 'UNSUPPORTED_RUNTIME_SCREENSHOT');
  });

  test('recording: start {sessionId, filePath}; a second start fails; stop stops the active one whatever id (RecordingManager.kt:43-149)', async () => {
    const out = await h.run([
      { id: 'a', type: 'start_recording', params: { sessionId: 'one' } },
      { id: 'b', type: 'start_recording', params: { sessionId: 'two' } },
      { id: 'c', type: 'stop_recording', params: { sessionId: 'other' } },
    ]);
    const [a, b, c] = out.envelope?.stepResults ?? [];
    const file = `/storage/emulated/0/Android/data/com.clawperator.operator/files/recordings/one.ndjson`;
    assert.deepEqual(a?.data, { sessionId: 'one', filePath: file });
    assert.equal(b?.data?.error, 'RECORDING_ALREADY_IN_PROGRESS');
    assert.deepEqual(c?.data, { sessionId: 'one', filePath: file, eventCount: '0' });
  });
});
