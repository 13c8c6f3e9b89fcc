// Invalid payloads for the top-level, action-object and type rules of SPEC 2.1/2.2 and part 8.
import { BASE, one, payload } from './payloads.ts';

/** One invalid payload and the exact details.path (and actionType) its error must name. */
export interface InvalidCase {
  rule: string;
  input: unknown;
  path: string;
  actionType?: string;
}

export const long = (n: number) => 'x'.repeat(n);
export const sleep0 = { id: 'a', type: 'sleep', params: { durationMs: 0 } };

const withoutKey = (key: string) => {
  const copy: Record<string, unknown> = { ...BASE, actions: [sleep0] };
  delete copy[key];
  return copy;
};

export const INVALID_TOP_LEVEL: InvalidCase[] = [
  { rule: 'the payload must be an object', input: [], path: '$' },
  { rule: 'the payload must not be null', input: null, path: '$' },
  { rule: 'commandId is required', input: withoutKey('commandId'), path: 'commandId' },
  { rule: 'taskId is required', input: withoutKey('taskId'), path: 'taskId' },
  { rule: 'source is required', input: withoutKey('source'), path: 'source' },
  { rule: 'expectedFormat is required', input: withoutKey('expectedFormat'), path: 'expectedFormat' },
  { rule: 'timeoutMs is required', input: withoutKey('timeoutMs'), path: 'timeoutMs' },
  { rule: 'actions is required', input: withoutKey('actions'), path: 'actions' },
  { rule: 'commandId must be a string', input: payload([sleep0], { commandId: 7 }), path: 'commandId' },
  { rule: 'commandId is at most 128 chars', input: payload([sleep0], { commandId: long(129) }), path: 'commandId' },
  { rule: 'commandId must not be blank', input: payload([sleep0], { commandId: '  ' }), path: 'commandId' },
  { rule: 'commandId carries no whitespace', input: payload([sleep0], { commandId: 'a b' }), path: 'commandId' },
  { rule: 'commandId carries no NUL', input: payload([sleep0], { commandId: 'a\u0000b' }), path: 'commandId' },
  {
    rule: 'commandId carries no control character',
    input: payload([sleep0], { commandId: 'a\u001bb' }),
    path: 'commandId',
  },
  { rule: 'taskId carries no newline', input: payload([sleep0], { taskId: 'a\nb' }), path: 'taskId' },
  { rule: 'taskId is at most 128 chars', input: payload([sleep0], { taskId: long(129) }), path: 'taskId' },
  { rule: 'source is at most 64 chars', input: payload([sleep0], { source: long(65) }), path: 'source' },
  {
    rule: 'expectedFormat must be android-ui-automator',
    input: payload([sleep0], { expectedFormat: 'xml' }),
    path: 'expectedFormat',
  },
  { rule: 'timeoutMs below 1000 is rejected', input: payload([sleep0], { timeoutMs: 999 }), path: 'timeoutMs' },
  { rule: 'timeoutMs above 120000 is rejected', input: payload([sleep0], { timeoutMs: 120_001 }), path: 'timeoutMs' },
  { rule: 'timeoutMs must be an integer', input: payload([sleep0], { timeoutMs: 1500.5 }), path: 'timeoutMs' },
  { rule: 'timeoutMs must be a number', input: payload([sleep0], { timeoutMs: '5000' }), path: 'timeoutMs' },
  { rule: 'mode must be artifact_compiled or direct', input: payload([sleep0], { mode: 'fast' }), path: 'mode' },
  { rule: 'unknown top-level keys are rejected', input: payload([sleep0], { extra: 1 }), path: 'extra' },
  {
    rule: '__proto__ at top level is an unknown key',
    input: JSON.parse(`{"__proto__":{"x":1},"commandId":"c"}`),
    path: '__proto__',
  },
  {
    rule: 'a key and its alias together are rejected',
    input: payload([sleep0], { command_id: 'other' }),
    path: 'commandId',
  },
  { rule: 'actions must be an array', input: payload([sleep0], { actions: {} }), path: 'actions' },
  { rule: 'actions must not be empty', input: payload([]), path: 'actions' },
  {
    rule: 'actions holds at most 50 items',
    input: payload(Array.from({ length: 51 }, (_, i) => ({ ...sleep0, id: `s${i}` }))),
    path: 'actions',
  },
  { rule: 'an action must be an object', input: payload(['sleep']), path: 'actions[0]' },
  {
    rule: 'an action id is required',
    input: payload([{ type: 'sleep', params: { durationMs: 0 } }]),
    path: 'actions[0].id',
  },
  { rule: 'an action id must be a string', input: payload([{ ...sleep0, id: 3 }]), path: 'actions[0].id' },
  { rule: 'an action id must not be empty', input: payload([{ ...sleep0, id: '' }]), path: 'actions[0].id' },
  { rule: 'an action id carries no whitespace', input: payload([{ ...sleep0, id: 'a b' }]), path: 'actions[0].id' },
  { rule: 'an action id carries no NUL', input: payload([{ ...sleep0, id: 'a\u0000' }]), path: 'actions[0].id' },
  { rule: 'action ids are unique', input: payload([sleep0, sleep0]), path: 'actions[1].id', actionType: 'sleep' },
  { rule: 'an action type is required', input: payload([{ id: 'a' }]), path: 'actions[0].type' },
  { rule: 'unknown action types are rejected', input: one('swipe_left'), path: 'actions[0].type' },
  { rule: 'doctor_ping is not accepted from users', input: one('doctor_ping'), path: 'actions[0].type' },
  {
    rule: 'on-screen-log aliases are matched exactly (case)',
    input: one('On_Screen_Log_Set', { text: 'hi' }),
    path: 'actions[0].type',
  },
  {
    rule: 'on-screen-log aliases are matched exactly (whitespace)',
    input: one(' on_screen_log_clear'),
    path: 'actions[0].type',
  },
  {
    rule: 'unknown action keys are rejected',
    input: payload([{ ...sleep0, retry: {} }]),
    path: 'actions[0].retry',
    actionType: 'sleep',
  },
  { rule: 'params must be an object', input: one('sleep', [1]), path: 'actions[0].params', actionType: 'sleep' },
  { rule: 'params must not be null', input: one('sleep', null), path: 'actions[0].params', actionType: 'sleep' },
  {
    rule: 'unknown param keys are rejected',
    input: one('sleep', { durationMs: 0, speed: 1 }),
    path: 'actions[0].params.speed',
    actionType: 'sleep',
  },
  {
    rule: 'constructor as a param key is rejected',
    input: one('sleep', JSON.parse('{"durationMs":0,"constructor":{}}')),
    path: 'actions[0].params.constructor',
    actionType: 'sleep',
  },
  {
    rule: 'a param and its alias together are rejected',
    input: one('open_app', { applicationId: 'a', package: 'b' }),
    path: 'actions[0].params.applicationId',
    actionType: 'open_app',
  },
];
