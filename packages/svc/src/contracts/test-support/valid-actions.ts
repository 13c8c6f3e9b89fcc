import { ACTION_DEFINITIONS } from '../actions/index.ts';
import type { Action } from '../types.ts';
import { M } from './payloads.ts';

type Case = [raw: Record<string, unknown>, expected: Action];

/** Each definition's own example, which validation must return unchanged (a new action type brings its own). */
const EXAMPLES: Case[] = ACTION_DEFINITIONS.map((definition) => [
  { type: definition.type, params: definition.example },
  { id: 'a1', type: definition.type, params: definition.example } as Action,
]);

/** Written-out forms the examples do not show: aliases, case and spelling, key order, no params, odd text. */
const SPECIAL: Case[] = [
  [{ type: 'stop_recording' }, { id: 'a1', type: 'stop_recording' }],
  [{ type: 'snapshot_ui' }, { id: 'a1', type: 'snapshot_ui' }],
  [
    { type: 'wait_for_node', params: { matcher: M, timeoutMs: 5000 } },
    { id: 'a1', type: 'wait_for_node', params: { matcher: M, timeoutMs: 5000 } },
  ],
  [
    { type: 'click', params: { coordinate: { y: 20, x: 10 }, clickType: 'long_click' } },
    { id: 'a1', type: 'click', params: { coordinate: { x: 10, y: 20 }, clickType: 'long_click' } },
  ],
  [
    { type: 'read_text', params: { matcher: M, validator: 'regex', validatorPattern: '^\\d+$', all: true } },
    { id: 'a1', type: 'read_text', params: { matcher: M, all: true, validator: 'regex', validatorPattern: '^\\d+$' } },
  ],
  [
    {
      type: 'enter_text',
      params: { matcher: { role: 'textfield' }, text: ' a\'b"c $(x)\n😀', submit: true, clear: true },
    },
    {
      id: 'a1',
      type: 'enter_text',
      params: { matcher: { role: 'textfield' }, text: ' a\'b"c $(x)\n😀', submit: true, clear: true },
    },
  ],
  [
    {
      type: 'scroll_and_click',
      params: { target: M, maxSwipes: 50, clickAfter: false, scrollRetry: { maxAttempts: 2 } },
    },
    {
      id: 'a1',
      type: 'scroll_and_click',
      params: { target: M, maxSwipes: 50, clickAfter: false, scrollRetry: { maxAttempts: 2 } },
    },
  ],
  [
    {
      type: 'scroll',
      params: { direction: 'up', distanceRatio: 0, settleDelayMs: 10_000, findFirstScrollableChild: false },
    },
    {
      id: 'a1',
      type: 'scroll',
      params: { direction: 'up', distanceRatio: 0, settleDelayMs: 10_000, findFirstScrollableChild: false },
    },
  ],
  [
    {
      type: 'scroll_until',
      params: {
        clickAfter: true,
        matcher: M,
        maxScrolls: 200,
        maxDurationMs: 0,
        noPositionChangeThreshold: 1,
        clickType: 'focus',
      },
    },
    {
      id: 'a1',
      type: 'scroll_until',
      params: {
        matcher: M,
        clickAfter: true,
        maxScrolls: 200,
        maxDurationMs: 0,
        noPositionChangeThreshold: 1,
        clickType: 'focus',
      },
    },
  ],
  [
    { type: 'read_key_value_pair', params: { labelMatcher: { textContains: 'Battery' } } },
    { id: 'a1', type: 'read_key_value_pair', params: { labelMatcher: { textContains: 'Battery' } } },
  ],
  [
    { type: 'wait_for_navigation', params: { expectedNode: M, timeoutMs: 30_000 } },
    { id: 'a1', type: 'wait_for_navigation', params: { expectedNode: M, timeoutMs: 30_000 } },
  ],
  [
    { type: 'sleep', params: { durationMs: 120_000 } },
    { id: 'a1', type: 'sleep', params: { durationMs: 120_000 } },
  ],
  [
    { type: 'press_key', params: { key: 'HoMe' } },
    { id: 'a1', type: 'press_key', params: { key: 'home' } },
  ],
  [
    { type: 'press_key', params: { key: 'KEYCODE_DEL' } },
    { id: 'a1', type: 'press_key', params: { key: 'delete' } },
  ],
  [
    { type: 'press_key', params: { key: 'Volume_Up' } },
    { id: 'a1', type: 'press_key', params: { key: 'volume_up' } },
  ],
  [
    { type: 'press_key', params: { key: '66' } },
    { id: 'a1', type: 'press_key', params: { key: '66' } },
  ],
  [
    {
      type: 'set_on_screen_log',
      params: { text: '  two\nlines  ', textColor: '#ff00aa11', anchor: 'left', ttlMs: 0, widthDp: 1200 },
    },
    {
      id: 'a1',
      type: 'set_on_screen_log',
      params: { text: '  two\nlines  ', anchor: 'left', widthDp: 1200, textColor: '#FF00AA11', ttlMs: 0 },
    },
  ],
  [
    { type: 'drag_and_drop', params: { from: M, to: { textEquals: 'Trash' }, durationMs: 800 } },
    { id: 'a1', type: 'drag', params: { from: M, to: { textEquals: 'Trash' }, durationMs: 800 } },
  ],
  [
    { type: 'double_click', params: { coordinate: { y: 900, x: 540 } } },
    { id: 'a1', type: 'double_tap', params: { coordinate: { x: 540, y: 900 } } },
  ],
  [
    { type: 'long_tap', params: { matcher: M, durationMs: 1500 } },
    { id: 'a1', type: 'long_press', params: { matcher: M, durationMs: 1500 } },
  ],
  [
    { type: 'swipe', params: { matcher: M, direction: 'left', durationMs: 150 } },
    { id: 'a1', type: 'swipe', params: { matcher: M, direction: 'left', durationMs: 150 } },
  ],
];

// Valid raw actions and the canonical action each must become: every type's own example first, then the special
// cases.
export const VALID: Case[] = [...EXAMPLES, ...SPECIAL];
