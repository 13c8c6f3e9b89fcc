// Both drivers on the simulator through real adb: the same executions run on two identical devices, one through
// the operator app and one with nothing but adb's shell tools, and their step results must agree field by field
// (ids, action types, success, every data value), apart from the few values that cannot be the same by nature:
// where a screenshot went, and what only one driver reports (the adb driver's device path of a recording).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import type { RunResult, StepResult } from '../src/contracts/types.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';

const T = 'com.svc.thermostat';
const L = 'com.svc.login';
const S = 'com.android.settings';
const N = 'com.svc.notes';
const fresh = (pkg: string) => [
  { id: 'stop', type: 'close_app', params: { applicationId: pkg } },
  { id: 'open', type: 'open_app', params: { applicationId: pkg } },
];

/**
 * Values that differ by nature between two runs or two drivers: where a screenshot went, the adb driver's device
 * path of a recording, the accessibility windows the operator counts (adb sees no such list), how long a
 * navigation took, and a failure's message (human text, each driver saying what it saw; the code in data.error is
 * what the drivers agree on).
 */
function comparable(step: StepResult): StepResult {
  const data = { ...step.data };
  if (step.actionType === 'take_screenshot') delete data.path;
  delete data.device_path;
  delete data.window_count;
  delete data.elapsed_ms;
  if (!step.success) delete data.message;
  // A recording: the operator app records accessibility events to an .ndjson file of its own, the adb driver the
  // screen with screenrecord; what each reports about its file differs (docs/decisions.md, OP-12).
  if (step.actionType === 'start_recording' || step.actionType === 'stop_recording') {
    return { ...step, data: step.data.error === undefined ? {} : { error: step.data.error } };
  }
  return { ...step, data };
}

const SCENARIOS: [string, unknown[]][] = [
  [
    'the README tour on Settings',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Settings' }, timeoutMs: 5000 } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'read', type: 'read_text', params: { matcher: { textContains: 'Network' } } },
      { id: 'click', type: 'click', params: { matcher: { textEquals: 'Network & internet' } } },
      { id: 'nav', type: 'wait_for_navigation', params: { expectedPackage: S, timeoutMs: 5000 } },
      { id: 'back', type: 'press_key', params: { key: 'BACK' } },
      {
        id: 'until',
        type: 'scroll_until',
        params: { matcher: { textEquals: 'About phone' }, direction: 'down', clickAfter: true },
      },
      { id: 'back2', type: 'press_key', params: { key: 'back' } },
      { id: 'shot', type: 'take_screenshot' },
      { id: 'nap', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'the thermostat: validators, key-value pairs, clicks and a horizontal scroll',
    [
      { id: 'open', type: 'open_app', params: { applicationId: T } },
      {
        id: 'read',
        type: 'read_text',
        params: { matcher: { resourceId: `${T}:id/current_temp` }, validator: 'temperature' },
      },
      { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
      { id: 'up', type: 'click', params: { matcher: { resourceId: `${T}:id/temp_up` } } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'kv2', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
      { id: 'tabs', type: 'scroll', params: { container: { resourceId: `${T}:id/room_tabs` }, direction: 'right' } },
      { id: 'close', type: 'close_app', params: { applicationId: T } },
    ],
  ],
  [
    'the login form: typing, a checkbox, a button and the next screen',
    [
      { id: 'open', type: 'open_app', params: { applicationId: L } },
      { id: 'user', type: 'enter_text', params: { matcher: { resourceId: `${L}:id/username` }, text: "ada o'neil" } },
      {
        id: 'pass',
        type: 'enter_text',
        params: { matcher: { resourceId: `${L}:id/password` }, text: 's3cret $(x) %s' },
      },
      { id: 'remember', type: 'click', params: { matcher: { role: 'checkbox' } } },
      { id: 'login', type: 'click', params: { matcher: { textEquals: 'Log in' } } },
      { id: 'welcome', type: 'wait_for_node', params: { matcher: { textContains: 'Welcome' }, timeoutMs: 5000 } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${L}:id/welcome` } } },
      { id: 'logout', type: 'click', params: { matcher: { textEquals: 'Log out' } } },
    ],
  ],
  [
    'failures the operator returns report the same codes, and the execution goes on',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'nocontainer', type: 'scroll', params: { container: { textEquals: 'No such list' } } },
      { id: 'norec', type: 'stop_recording', params: { sessionId: 'none' } },
      { id: 'nap', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  // Each failure the operator app throws ends the execution (TaskRunnerDefault.kt:31-37 @ v0.5.2): one scenario each.
  [
    'a click on a missing node ends the execution',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'missing', type: 'click', params: { matcher: { textEquals: 'No such row' }, retry: { maxAttempts: 1 } } },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'an app that is not installed ends the execution',
    [
      { id: 'noapp', type: 'open_app', params: { applicationId: 'com.example.absent', retry: { maxAttempts: 1 } } },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'a URI no app handles ends the execution',
    [
      { id: 'nouri', type: 'open_uri', params: { uri: 'nohandler://x', retry: { maxAttempts: 1 } } },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'scrolling to the end of a list and back',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'down', type: 'scroll_until', params: { direction: 'down', maxScrolls: 30 } },
      { id: 'edge', type: 'scroll', params: { direction: 'down' } },
      { id: 'up', type: 'scroll', params: { direction: 'up', distanceRatio: 0.5 } },
      {
        id: 'reveal',
        type: 'scroll_and_click',
        params: { target: { textEquals: 'Network & internet' }, direction: 'up' },
      },
    ],
  ],
  [
    'the notes app: a button that says nothing, a disabled button in a row, a long click, typing low on the screen',
    [
      ...fresh(N),
      { id: 'menu', type: 'click', params: { matcher: { resourceId: `${N}:id/menu` } } },
      { id: 'menuRead', type: 'read_text', params: { matcher: { resourceId: `${N}:id/last_note` } } },
      { id: 'back', type: 'press_key', params: { key: 'back' } },
      { id: 'hold', type: 'click', params: { matcher: { textContains: 'Pinned' }, clickType: 'long_click' } },
      { id: 'held', type: 'read_text', params: { matcher: { textContains: 'Pinned' } } },
      {
        id: 'type',
        type: 'enter_text',
        params: { matcher: { resourceId: `${N}:id/note` }, text: 'buy milk\nand eggs' },
      },
      { id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } },
      { id: 'saved', type: 'read_text', params: { matcher: { resourceId: `${N}:id/last_note` } } },
      { id: 'escaped', type: 'read_text', params: { matcher: { textContains: 'Jerry' } } },
      { id: 'mood', type: 'read_text', params: { matcher: { textContains: 'Mood' } } },
      { id: 'all', type: 'read_text', params: { matcher: { role: 'button' }, all: true } },
      {
        id: 'inside',
        type: 'read_text',
        params: { matcher: { role: 'title' }, container: { resourceId: `${N}:id/toolbar` } },
      },
      {
        id: 'regex',
        type: 'read_text',
        params: {
          matcher: { textContains: 'Last' },
          validator: 'regex',
          validatorPattern: 'Last note: buy milk\\s+and eggs',
        },
      },
      { id: 'snap', type: 'snapshot_ui' },
    ],
  ],
  [
    'keys, navigation, a URI, a recording and the on-screen log cleared',
    [
      ...fresh(T),
      { id: 'home', type: 'press_key', params: { key: 'home' } },
      {
        id: 'launcher',
        type: 'wait_for_navigation',
        params: { expectedPackage: 'com.android.launcher3', timeoutMs: 3000 },
      },
      { id: 'recents', type: 'press_key', params: { key: 'recents' } },
      { id: 'back', type: 'press_key', params: { key: 'back' } },
      { id: 'uri', type: 'open_uri', params: { uri: 'https://example.com/page' } },
      {
        id: 'browser',
        type: 'wait_for_navigation',
        params: { expectedPackage: 'com.svc.browser', expectedNode: { textContains: 'example.com' }, timeoutMs: 3000 },
      },
      { id: 'rec', type: 'start_recording', params: { sessionId: 'agree' } },
      { id: 'rec2', type: 'start_recording', params: { sessionId: 'again' } },
      { id: 'unrec', type: 'stop_recording', params: { sessionId: 'agree' } },
      { id: 'clear', type: 'clear_on_screen_log' },
      { id: 'tap', type: 'click', params: { coordinate: { x: 540, y: 1200 } } },
    ],
  ],
  [
    'more failures report the same codes',
    [
      ...fresh(N),
      // No clickable ancestor: the app taps the node's centre (NodeExt.kt:525-547), so does adb.
      { id: 'plain', type: 'click', params: { matcher: { textContains: 'Jerry' } } },
      {
        id: 'flat',
        type: 'scroll',
        params: { container: { resourceId: `${N}:id/toolbar` }, findFirstScrollableChild: false },
      },
      {
        id: 'temp',
        type: 'read_text',
        params: { matcher: { textContains: 'Mood' }, validator: 'temperature', retry: { maxAttempts: 1 } },
      },
      { id: 'nowhere', type: 'wait_for_navigation', params: { expectedPackage: 'com.example.absent', timeoutMs: 300 } },
      { id: 'gone', type: 'wait_for_node', params: { matcher: { textEquals: 'Never here' }, timeoutMs: 300 } },
    ],
  ],
  [
    'scroll limits, a focus click on a text field and a wait left to its retry policy',
    [
      { id: 'stop', type: 'close_app', params: { applicationId: S } },
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'one', type: 'scroll_until', params: { direction: 'down', maxScrolls: 1 } },
      { id: 'back', type: 'scroll', params: { direction: 'up', distanceRatio: 0.8 } },
      {
        id: 'nolist',
        type: 'scroll_until',
        params: { container: { resourceId: 'com.example:id/none' }, matcher: { textEquals: 'About phone' } },
      },
      {
        id: 'focus',
        type: 'click',
        params: { matcher: { resourceId: `${S}:id/search_src_text` }, clickType: 'focus' },
      },
      { id: 'present', type: 'wait_for_node', params: { matcher: { textEquals: 'Settings' } } },
    ],
  ],
  // Matching as the app matches (NodeMatcher.kt:19-27, AccessibilityNodeInfoExtAndroid.kt:266-271 @ v0.5.2): text
  // tests read the label (text, else content description), *Contains and role ignore case.
  [
    'matching by label, ignoring case where the app does',
    [
      ...fresh(L),
      { id: 'bydesc', type: 'wait_for_node', params: { matcher: { textEquals: 'Username' } } },
      { id: 'anycase', type: 'read_text', params: { matcher: { textContains: 'PASSWORD' } } },
      { id: 'desccase', type: 'wait_for_node', params: { matcher: { contentDescContains: 'user' } } },
      { id: 'rolecase', type: 'wait_for_node', params: { matcher: { role: 'CheckBox' } } },
      { id: 'type', type: 'enter_text', params: { matcher: { textEquals: 'Username' }, text: 'ada' } },
      { id: 'typed', type: 'read_text', params: { matcher: { resourceId: `${L}:id/username` } } },
      { id: 'thermo', type: 'open_app', params: { applicationId: T } },
      // Roles beyond svc's old nine: a text in a Toolbar is a title, a TabLayout a tabbar (UiRoleInferenceAndroid.kt
      // :55-56,91-97).
      { id: 'title', type: 'read_text', params: { matcher: { role: 'title' } } },
      { id: 'tabbar', type: 'wait_for_node', params: { matcher: { role: 'TabBar' } } },
      { id: 'textfirst', type: 'read_text', params: { matcher: { contentDescContains: 'current TEMPERATURE' } } },
      {
        id: 'notdesc',
        type: 'read_text',
        params: { matcher: { textEquals: 'Current temperature' }, retry: { maxAttempts: 1 } },
      },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  // enter_text types into the first text field among the match and its ancestors, else into the match, which takes
  // no text (AccessibilityNodeInfoExtAndroid.kt:610-629, UiTreeManagerAndroid.kt:76-108 @ v0.5.2).
  [
    'text goes to the matched field, never to a field inside the match',
    [
      ...fresh(N),
      { id: 'field', type: 'enter_text', params: { matcher: { resourceId: `${N}:id/note` }, text: 'tea' } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${N}:id/note` } } },
      {
        id: 'holder',
        type: 'enter_text',
        params: { matcher: { resourceId: `${N}:id/notes_root` }, text: 'nope', retry: { maxAttempts: 1 } },
      },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  // read_text (UiActionEngine.kt:423-594, TaskUiScopeDefault.kt:285-440, TaskValidators.kt:21-30 @ v0.5.2) and
  // read_key_value_pair (TaskUiScopeDefault.kt:1389-1469).
  [
    'reads: all as a JSON array, containers, whole-text validators, values by the row walk',
    [
      ...fresh(N),
      { id: 'none', type: 'read_text', params: { matcher: { textEquals: 'Nothing like this' }, all: true } },
      { id: 'quoted', type: 'read_text', params: { matcher: { textContains: 'jerry' }, all: true } },
      {
        id: 'inrow',
        type: 'read_text',
        params: { matcher: { textContains: 'archive' }, container: { resourceId: `${N}:id/archive_row` } },
      },
      {
        id: 'notinrow',
        type: 'read_text',
        params: {
          matcher: { textEquals: 'Save' },
          container: { resourceId: `${N}:id/archive_row` },
          retry: { maxAttempts: 1 },
        },
      },
      {
        id: 'norow',
        type: 'read_text',
        params: {
          matcher: { textEquals: 'Save' },
          container: { resourceId: `${N}:id/nope` },
          retry: { maxAttempts: 1 },
        },
      },
      {
        id: 'part',
        type: 'read_text',
        params: {
          matcher: { resourceId: `${N}:id/last_note` },
          validator: 'regex',
          validatorPattern: 'nothing',
          retry: { maxAttempts: 1 },
        },
      },
      {
        id: 'whole',
        type: 'read_text',
        params: { matcher: { resourceId: `${N}:id/last_note` }, validator: 'regex', validatorPattern: 'Last note: .*' },
      },
      {
        id: 'version',
        type: 'read_text',
        params: { matcher: { resourceId: `${N}:id/mood` }, validator: 'version', retry: { maxAttempts: 1 } },
      },
      { id: 'row', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Archived notes' } } },
      {
        id: 'last',
        type: 'read_key_value_pair',
        params: { labelMatcher: { textEquals: 'Save' }, retry: { maxAttempts: 1 } },
      },
    ],
  ],
  [
    'a read of a node without text ends the execution',
    [
      ...fresh(N),
      {
        id: 'blank',
        type: 'read_text',
        params: { matcher: { resourceId: `${N}:id/spacer` }, retry: { maxAttempts: 1 } },
      },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  // scroll_and_click resolves its container on every pass before it looks for the target, and a target it never
  // reveals ends the execution (TaskUiScopeDefault.kt:562-732, UiActionEngine.kt:232-263 @ v0.5.2).
  [
    'scroll_and_click without its container ends the execution, even with the target on screen',
    [
      ...fresh(S),
      {
        id: 'reveal',
        type: 'scroll_and_click',
        params: {
          target: { textEquals: 'Network & internet' },
          container: { resourceId: 'com.example:id/none' },
          scrollRetry: { maxAttempts: 1 },
        },
      },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'scroll_and_click that never reveals its target ends the execution',
    [
      ...fresh(S),
      {
        id: 'absent',
        type: 'scroll_and_click',
        params: { target: { textEquals: 'No such row' }, maxSwipes: 2, scrollRetry: { maxAttempts: 1 } },
      },
      { id: 'never', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
];

/** The steps expected to fail, by scenario (every other step succeeds on both drivers). */
const FAILURES: Record<string, Record<string, string>> = {
  'failures the operator returns report the same codes, and the execution goes on': {
    nocontainer: 'CONTAINER_NOT_FOUND',
    norec: 'RECORDING_NOT_IN_PROGRESS',
  },
  'a click on a missing node ends the execution': { missing: 'NODE_NOT_FOUND' },
  'an app that is not installed ends the execution': { noapp: 'APP_NOT_FOUND' },
  'a URI no app handles ends the execution': { nouri: 'URI_NOT_HANDLED' },
  'the README tour on Settings': { nav: 'NAVIGATION_TIMEOUT' },
  'the notes app: a button that says nothing, a disabled button in a row, a long click, typing low on the screen': {
    hold: 'NODE_NOT_FOUND',
  },
  // The launcher was already in front: the app waits for a change of app (TaskScopeDefault.kt:374-455).
  'keys, navigation, a URI, a recording and the on-screen log cleared': {
    launcher: 'NAVIGATION_TIMEOUT',
    rec2: 'RECORDING_ALREADY_IN_PROGRESS',
  },
  'scroll limits, a focus click on a text field and a wait left to its retry policy': {
    nolist: 'CONTAINER_NOT_FOUND',
  },
  'matching by label, ignoring case where the app does': { notdesc: 'NODE_NOT_FOUND' },
  'text goes to the matched field, never to a field inside the match': { holder: 'TEXT_ENTRY_FAILED' },
  'reads: all as a JSON array, containers, whole-text validators, values by the row walk': {
    notinrow: 'NODE_NOT_FOUND',
    norow: 'CONTAINER_NOT_FOUND',
    part: 'VALIDATOR_MISMATCH',
    version: 'VALIDATOR_MISMATCH',
    last: 'VALUE_NODE_NOT_FOUND',
  },
  'a read of a node without text ends the execution': { blank: 'NODE_TEXT_EMPTY' },
  'scroll_and_click without its container ends the execution, even with the target on screen': {
    reveal: 'CONTAINER_NOT_FOUND',
  },
  'scroll_and_click that never reveals its target ends the execution': { absent: 'NODE_NOT_FOUND' },
  'more failures report the same codes': {
    flat: 'CONTAINER_NOT_SCROLLABLE',
    temp: 'VALIDATOR_MISMATCH',
    gone: 'NODE_NOT_FOUND',
    nowhere: 'NAVIGATION_TIMEOUT',
  },
};

/** Values a scenario is there to reach (both drivers must report them, as they agree). */
const REACHED: Record<string, Record<string, Record<string, string>>> = {
  'scroll limits, a focus click on a text field and a wait left to its retry policy': {
    one: { termination_reason: 'MAX_SCROLLS_REACHED', scrolls_executed: '1' },
    nolist: { termination_reason: 'CONTAINER_NOT_FOUND' },
    focus: { click_types: 'focus' },
  },
  'matching by label, ignoring case where the app does': {
    bydesc: { label: 'Username', resource_id: `${L}:id/username` },
    anycase: { text: 'Password' },
    typed: { text: 'ada' },
    title: { text: 'Thermostat' },
    tabbar: { resource_id: `${T}:id/room_tabs` },
  },
  'text goes to the matched field, never to a field inside the match': { read: { text: 'tea' } },
  'reads: all as a JSON array, containers, whole-text validators, values by the row walk': {
    none: { text: '[]', all: 'true', count: '0', validator: 'none' },
    quoted: { text: '["Tom & Jerry\'s \\"notes\\" <draft>"]', count: '1' },
    inrow: {
      text: 'Archived notes',
      container: `NodeMatcher(resourceId=${N}:id/archive_row, role=null, textEquals=null, textContains=null, contentDescEquals=null, contentDescContains=null)`,
    },
    whole: { validator: 'regex' },
    row: { label: 'Archived notes', value: 'Archive all' },
  },
  'scrolling to the end of a list and back': {
    down: { termination_reason: 'EDGE_REACHED' },
    edge: { scroll_outcome: 'edge_reached' },
  },
};

describe('the operator and adb drivers agree step by step', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}, {}] });
  });
  after(() => lab.close());

  const runOn = async (index: number, driver: string, actions: unknown[], timeoutMs = 60_000): Promise<RunResult> =>
    runExecution(labContext(lab), {
      execution: payload(actions, { timeoutMs }),
      deviceId: lab.devices[index]?.serial,
      driver,
      cwd: lab.home,
    });

  for (const [name, actions] of SCENARIOS) {
    test(name, async () => {
      const [viaOperator, viaAdb] = await Promise.all([runOn(0, 'operator', actions), runOn(1, 'adb', actions)]);
      assert.ok(viaOperator.ok, JSON.stringify(viaOperator));
      assert.ok(viaAdb.ok, JSON.stringify(viaAdb));
      assert.equal(viaOperator.driver, 'operator');
      assert.equal(viaAdb.driver, 'adb');
      assert.equal(
        viaAdb.envelope.status,
        viaOperator.envelope.status,
        JSON.stringify([viaAdb.envelope, viaOperator.envelope].map((e) => [e.error, e.stepResults?.at(-1)?.id])),
      );
      const steps = (r: typeof viaAdb) => (r.envelope.stepResults ?? []).map(comparable);
      const [op, adb] = [steps(viaOperator), steps(viaAdb)];
      assert.equal(
        adb.length,
        op.length,
        JSON.stringify([viaAdb.envelope, viaOperator.envelope].map((e) => [e.error, e.stepResults?.at(-1)?.id])),
      );
      for (const [i, expected] of op.entries()) assert.deepEqual(adb[i], expected, `step ${expected.id}`);
      const failures = Object.fromEntries(op.filter((s) => !s.success).map((s) => [s.id, s.data.error]));
      assert.deepEqual(failures, FAILURES[name] ?? {}, 'the steps that fail, with their codes');
      for (const [id, values] of Object.entries(REACHED[name] ?? {})) {
        const data = adb.find((s) => s.id === id)?.data ?? {};
        for (const [key, value] of Object.entries(values)) assert.equal(data[key], value, `${id}.${key}`);
      }
    });
  }
  const bothRun = (actions: unknown[], timeoutMs = 60_000) =>
    Promise.all([runOn(0, 'operator', actions, timeoutMs), runOn(1, 'adb', actions, timeoutMs)]);

  test('an execution that runs out of time fails with EXECUTION_TIMEOUT on both, naming the running step', async () => {
    const actions = [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'long', type: 'sleep', params: { durationMs: 5000 } },
      { id: 'never', type: 'snapshot_ui' },
    ];
    const [viaOperator, viaAdb] = await bothRun(actions, 1500);
    for (const r of [viaOperator, viaAdb]) {
      assert.ok(r.ok, JSON.stringify(r));
      assert.equal(r.envelope.status, 'failed');
      assert.equal(r.envelope.errorCode, 'EXECUTION_TIMEOUT');
    }
    // Which steps finished is the same; how the interrupted step is reported is the envelope's concern.
    const done = (r: RunResult) =>
      r.ok ? (r.envelope.stepResults ?? []).filter((s) => s.success).map((s) => s.id) : [];
    assert.deepEqual(done(viaAdb), ['open']);
    assert.deepEqual(done(viaOperator), ['open']);
  });

  test('the lock screen stops an acting execution on the adb driver with SECURITY_BLOCK_DETECTED', async () => {
    const lock = (i: number, key: number) => lab.adb('-s', lab.devices[i]!.serial, 'shell', `input keyevent ${key}`);
    await Promise.all([lock(0, 26), lock(1, 26)]);
    try {
      const actions = [{ id: 'tap', type: 'click', params: { matcher: { textContains: 'Unlock' } } }];
      const [viaOperator, viaAdb] = await bothRun(actions);
      // The adb driver refuses to act on the lock screen; the operator app has no such rule and acts on what the
      // lock screen shows (a deliberate difference, docs/decisions.md OP-12).
      assert.ok(viaOperator.ok, JSON.stringify(viaOperator));
      assert.ok(viaAdb.ok, JSON.stringify(viaAdb));
      assert.equal(viaAdb.envelope.status, 'failed');
      assert.deepEqual(
        viaAdb.envelope.stepResults?.filter((s) => s.success),
        [],
      );
      assert.equal(viaAdb.ok && viaAdb.envelope.errorCode, 'SECURITY_BLOCK_DETECTED');
    } finally {
      await Promise.all([lock(0, 82), lock(1, 82)]);
    }
  });
});
