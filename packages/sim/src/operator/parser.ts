// AgentCommandParserDefault (apps/android/shared/data/operator/src/main/kotlin/clawperator/operator/agent/
// AgentCommandParser.kt:27-405 @ v0.5.2): every accept and reject rule, in the app's order, with the app's exception
// messages. A rejected payload throws; the receiver then writes no envelope at all (OperatorCommandReceiver.kt:71-91).

import { compileJavaRegex } from './java-regex.ts';
import {
  booleanOrNull,
  doubleOrNull,
  intOrNull,
  type JsonObject,
  jsonArray,
  jsonObject,
  longOrNull,
  parseToJsonElement,
  primitive,
} from './json-element.ts';
import { coerceIn, error, isBlank, require } from './kotlin.ts';
import type { AgentCommand, ClickType, Direction, NodeMatcher, TaskRetry, TextValidator, UiAction } from './model.ts';
import { RETRY } from './model.ts';
import { parseOnScreenLog } from './parser-on-screen-log.ts';
import { svcKeyCode } from './svc-keys.ts';

const MAX_PAYLOAD_BYTES = 64_000; // :32
const MAX_ACTIONS = 64; // :33
const MAX_ID_LENGTH = 128; // :34
const MAX_SOURCE_LENGTH = 64; // :35
const MAX_MATCHER_VALUE_LENGTH = 512; // :36
const MAX_URI_LENGTH = 2048; // :37

export interface ParserOptions {
  /** The svc variant keeps the on-screen log panel of the app's later builds; 0.5.x rejects it (unsupported type). */
  onScreenLog: boolean;
  /** The svc variant presses more keys than back/home/recents (../svc-keys.ts); the app refuses them. */
  svcKeys?: boolean;
}

/** `stringOrNull` (:357-360): a primitive's content (a number's text, `null` for JsonNull), else absent. */
const str = (o: JsonObject, key: string) => primitive(o, key)?.content;

function stringRequired(o: JsonObject, key: string, maxLen: number): string {
  const value = str(o, key) ?? error(`${key} is required`);
  require(!isBlank(value), () => `${key} must not be blank`);
  require(value.length <= maxLen, () => `${key} exceeds max length of ${maxLen}`);
  return value;
}

function stringOrNullWithMax(o: JsonObject, key: string, maxLen: number): string | undefined {
  const value = str(o, key);
  if (value === undefined) return undefined;
  require(value.length <= maxLen, () => `${key} exceeds max length of ${maxLen}`);
  return value;
}

function optionalNonBlankString(o: JsonObject, key: string, maxLen: number): string | undefined {
  const value = stringOrNullWithMax(o, key, maxLen);
  if (value === undefined) return undefined;
  require(!isBlank(value), () => `${key} must not be blank`);
  return value;
}

const intOr = (o: JsonObject, key: string, d: number) => intOrNull(primitive(o, key)) ?? d;
const longOr = (o: JsonObject, key: string, d: number) => longOrNull(primitive(o, key)) ?? d;
const doubleOr = (o: JsonObject, key: string, d: number) => doubleOrNull(primitive(o, key)) ?? d;
const boolOr = (o: JsonObject, key: string, d: boolean) => booleanOrNull(primitive(o, key)) ?? d;
/** `.toFloat().coerceIn(0f, 1f)` of distanceRatio. */
const ratio = (o: JsonObject) => coerceIn(Math.fround(doubleOr(o, 'distanceRatio', 0.7)), 0, 1);

/**
 * `this[key]?.jsonObject` (:86, :292, :315, :340): absent is null; anything else must be an object, JSON `null`
 * included (JsonNull is an element, so `?.` does not skip it and `.jsonObject` throws).
 */
function objectOrNull(o: JsonObject, key: string): JsonObject | undefined {
  const e = o.entries.get(key);
  return e === undefined ? undefined : jsonObject(e);
}

function matcherOrNull(o: JsonObject, key: string): NodeMatcher | undefined {
  const m = objectOrNull(o, key);
  if (!m) return undefined;
  const out: NodeMatcher = {};
  for (const field of [
    'resourceId',
    'role',
    'textEquals',
    'textContains',
    'contentDescEquals',
    'contentDescContains',
  ] as const) {
    const value = stringOrNullWithMax(m, field, MAX_MATCHER_VALUE_LENGTH);
    if (value !== undefined) out[field] = value;
  }
  require(Object.keys(out).length > 0, () => `${key} must include at least one matcher field`);
  return out;
}

const matcherRequired = (o: JsonObject, key: string) => matcherOrNull(o, key) ?? error(`${key} is required`);

/** :286-309: a given retry object starts from one attempt and no delay; each field is clamped. */
function retryOr(o: JsonObject, defaultRetry: TaskRetry, key = 'retry'): TaskRetry {
  const r = objectOrNull(o, key);
  if (!r) return defaultRetry;
  const initialDelayMs = coerceIn(longOr(r, 'initialDelayMs', 0), 0, 30_000);
  return {
    maxAttempts: coerceIn(intOr(r, 'maxAttempts', 1), 1, 10),
    initialDelayMs,
    maxDelayMs: coerceIn(longOr(r, 'maxDelayMs', initialDelayMs), initialDelayMs, 60_000),
    backoffMultiplier: coerceIn(doubleOr(r, 'backoffMultiplier', 1.0), 1.0, 5.0),
    jitterRatio: coerceIn(doubleOr(r, 'jitterRatio', 0.0), 0.0, 1.0),
  };
}

function direction(o: JsonObject): Direction {
  const raw = str(o, 'direction');
  if (raw === undefined) return 'Down';
  const d = ({ down: 'Down', up: 'Up', left: 'Left', right: 'Right' } as const)[raw.toLowerCase()];
  return d ?? error(`unsupported direction: ${raw}`);
}

function clickType(o: JsonObject): ClickType {
  const raw = str(o, 'clickType');
  if (raw === undefined) return 'Click';
  const t = (
    { default: 'Click', click: 'Click', long_click: 'LongClick', longclick: 'LongClick', focus: 'Focus' } as const
  )[raw.toLowerCase()];
  return t ?? error(`unsupported clickType: ${raw}`);
}

function validator(o: JsonObject): TextValidator | undefined {
  const raw = str(o, 'validator');
  if (raw === undefined) return undefined;
  const v = ({ temperature: 'Temperature', version: 'Version', regex: 'Regex' } as const)[raw.toLowerCase()];
  return v ?? error(`unsupported validator: ${raw}`);
}

function point(o: JsonObject, key: string) {
  const p = objectOrNull(o, key);
  if (!p) return undefined;
  const x = intOrNull(primitive(p, 'x')) ?? error(`${key}.x is required`);
  const y = intOrNull(primitive(p, 'y')) ?? error(`${key}.y is required`);
  require(x >= 0 && y >= 0, () => `${key} must contain non-negative integers`);
  return { x, y };
}

const scrolling = (p: JsonObject) => ({
  direction: direction(p),
  distanceRatio: ratio(p),
  settleDelayMs: coerceIn(longOr(p, 'settleDelayMs', 250), 0, 10_000),
  findFirstScrollableChild: boolOr(p, 'findFirstScrollableChild', true),
});

function withContainer<T extends object>(
  value: T,
  container: NodeMatcher | undefined,
): T & { container?: NodeMatcher } {
  return container ? { ...value, container } : value;
}

/** :80-253, one branch per type after lower-casing it. */
function parseAction(index: number, a: JsonObject, options: ParserOptions): UiAction {
  const id = stringRequired(a, 'id', MAX_ID_LENGTH);
  const type = stringRequired(a, 'type', 64);
  const params: JsonObject = objectOrNull(a, 'params') ?? { kind: 'object', entries: new Map() };
  const p = params;
  switch (type.toLowerCase()) {
    case 'open_uri':
      return { id, type: 'OpenUri', uri: stringRequired(p, 'uri', MAX_URI_LENGTH), retry: retryOr(p, RETRY.AppLaunch) };
    case 'open_app':
      return {
        id,
        type: 'OpenApp',
        applicationId: stringRequired(p, 'applicationId', 512),
        retry: retryOr(p, RETRY.AppLaunch),
      };
    case 'close_app':
      return {
        id,
        type: 'CloseApp',
        applicationId: stringRequired(p, 'applicationId', 512),
        retry: retryOr(p, RETRY.AppClose),
      };
    case 'wait_for_node':
    case 'find_node': {
      const matcher = matcherRequired(p, 'matcher');
      const retry = retryOr(p, RETRY.UiReadiness);
      const timeoutMs = longOrNull(primitive(p, 'timeoutMs'));
      const action: UiAction = { id, type: 'WaitForNode', matcher, retry };
      return timeoutMs === undefined ? action : { ...action, timeoutMs: coerceIn(timeoutMs, 1, 120_000) };
    }
    case 'click': {
      const matcher = matcherOrNull(p, 'matcher');
      const coordinate = point(p, 'coordinate');
      require(matcher !== undefined || coordinate !== undefined, () => 'click requires matcher or coordinate');
      require(!(matcher && coordinate), () => 'click matcher and coordinate are mutually exclusive');
      const base = { id, type: 'Click' as const, clickType: clickType(p), retry: retryOr(p, RETRY.UiReadiness) };
      return matcher ? { ...base, matcher } : { ...base, coordinate: coordinate! };
    }
    case 'scroll_and_click':
      return withContainer(
        {
          id,
          type: 'ScrollAndClick',
          matcher: matcherRequired(p, 'matcher'),
          clickType: clickType(p),
          ...scrolling(p),
          maxSwipes: coerceIn(intOr(p, 'maxSwipes', 10), 1, 50),
          scrollRetry: retryOr(p, RETRY.UiScroll, 'scrollRetry'),
          clickRetry: retryOr(p, RETRY.UiReadiness, 'clickRetry'),
          clickAfter: boolOr(p, 'clickAfter', true),
        },
        matcherOrNull(p, 'container'),
      );
    case 'scroll':
      return withContainer(
        { id, type: 'Scroll', ...scrolling(p), retry: retryOr(p, RETRY.None) },
        matcherOrNull(p, 'container'),
      );
    case 'scroll_until': {
      const matcher = matcherOrNull(p, 'matcher');
      const container = matcherOrNull(p, 'container');
      const action = withContainer(
        {
          id,
          type: 'ScrollUntil' as const,
          clickType: clickType(p),
          ...scrolling(p),
          maxScrolls: coerceIn(intOr(p, 'maxScrolls', 20), 1, 200),
          maxDurationMs: coerceIn(longOr(p, 'maxDurationMs', 10_000), 0, 120_000),
          noPositionChangeThreshold: coerceIn(intOr(p, 'noPositionChangeThreshold', 3), 1, 20),
          clickAfter: boolOr(p, 'clickAfter', false),
        },
        container,
      );
      return matcher ? { ...action, matcher } : action;
    }
    case 'wait_for_navigation': {
      const expectedPackage = stringOrNullWithMax(p, 'expectedPackage', 512);
      const expectedNode = matcherOrNull(p, 'expectedNode');
      const hasPackage = expectedPackage !== undefined && !isBlank(expectedPackage);
      require(hasPackage || expectedNode !== undefined, () =>
        'wait_for_navigation requires at least one of expectedPackage or expectedNode');
      const timeoutMs = coerceIn(longOrNull(primitive(p, 'timeoutMs')) ?? error('timeoutMs is required'), 1, 30_000);
      return {
        id,
        type: 'WaitForNavigation',
        timeoutMs,
        ...(hasPackage ? { expectedPackage } : {}),
        ...(expectedNode ? { expectedNode } : {}),
      };
    }
    case 'read_key_value_pair':
      return {
        id,
        type: 'ReadKeyValuePair',
        labelMatcher: matcherRequired(p, 'labelMatcher'),
        retry: retryOr(p, RETRY.UiReadiness),
      };
    case 'read_text': {
      const v = validator(p);
      const validatorPattern = str(p, 'validatorPattern');
      if (v === 'Regex') {
        require(validatorPattern !== undefined && !isBlank(validatorPattern), () =>
          'validatorPattern is required for regex validator');
        compileKotlinRegex(validatorPattern);
      }
      const action = withContainer(
        {
          id,
          type: 'ReadText' as const,
          matcher: matcherRequired(p, 'matcher'),
          retry: retryOr(p, RETRY.UiReadiness),
          all: boolOr(p, 'all', false),
          ...(v ? { validator: v } : {}),
          ...(validatorPattern !== undefined ? { validatorPattern } : {}),
        },
        matcherOrNull(p, 'container'),
      );
      return action;
    }
    case 'enter_text':
    case 'type_text':
      return {
        id,
        type: 'EnterText',
        matcher: matcherRequired(p, 'matcher'),
        text: stringRequired(p, 'text', MAX_MATCHER_VALUE_LENGTH),
        submit: boolOr(p, 'submit', false),
        retry: retryOr(p, RETRY.UiReadiness),
      };
    case 'snapshot_ui':
      return { id, type: 'SnapshotUi', retry: retryOr(p, RETRY.UiReadiness) };
    case 'start_recording':
    case 'stop_recording': {
      const sessionId = optionalNonBlankString(p, 'sessionId', MAX_ID_LENGTH);
      const kind = type.toLowerCase() === 'start_recording' ? 'StartRecording' : 'StopRecording';
      return sessionId === undefined ? { id, type: kind } : { id, type: kind, sessionId };
    }
    case 'take_screenshot':
      return { id, type: 'TakeScreenshot', retry: retryOr(p, RETRY.None) };
    case 'doctor_ping':
      return { id, type: 'DoctorPing' };
    case 'press_key':
    case 'key_press': {
      // UiAction.kt:193-199: lower-cased, not trimmed.
      const raw = stringRequired(p, 'key', 32);
      const key = ({ back: 'BACK', home: 'HOME', recents: 'RECENTS' } as const)[raw.toLowerCase()];
      if (key !== undefined) return { id, type: 'PressKey', key };
      const code = options.svcKeys ? svcKeyCode(raw.toLowerCase()) : undefined;
      return code === undefined
        ? error(`unsupported key: ${raw}`)
        : { id, type: 'PressKey', key: raw.toLowerCase(), code };
    }
    case 'drag':
      // svc's variant only (an svc extension the published app lacks): one gesture from one element to another.
      if (!options.svcKeys) break;
      return {
        id,
        type: 'Drag',
        from: matcherRequired(p, 'from'),
        to: matcherRequired(p, 'to'),
        durationMs: coerceIn(longOr(p, 'durationMs', 1000), 100, 10_000),
        retry: retryOr(p, RETRY.UiReadiness),
      };
    case 'double_tap':
    case 'long_press': {
      // svc's variant only, as drag: a gesture at an element or at a point.
      if (!options.svcKeys) break;
      const matcher = matcherOrNull(p, 'matcher');
      const coordinate = point(p, 'coordinate');
      require((matcher === undefined) !== (coordinate === undefined), () => `${type} requires matcher or coordinate`);
      const target = matcher ? { matcher } : { coordinate: coordinate! };
      const retry = retryOr(p, RETRY.UiReadiness);
      if (type.toLowerCase() === 'double_tap') return { id, type: 'DoubleTap', ...target, retry };
      return {
        id,
        type: 'LongPress',
        ...target,
        durationMs: coerceIn(longOr(p, 'durationMs', 1000), 100, 10_000),
        retry,
      };
    }
    case 'swipe': {
      // svc's variant only: from a point to a point, or across an element in the finger's direction.
      if (!options.svcKeys) break;
      const matcher = matcherOrNull(p, 'matcher');
      const [from, to] = [point(p, 'from'), point(p, 'to')];
      const base = { id, type: 'Swipe' as const, durationMs: coerceIn(longOr(p, 'durationMs', 300), 10, 10_000) };
      const retry = retryOr(p, RETRY.UiReadiness);
      if (from && to && !matcher) return { ...base, from, to, retry };
      require(matcher !== undefined && !from && !to && str(p, 'direction') !== undefined, () =>
        'swipe requires from and to, or matcher and direction');
      return { ...base, matcher: matcher!, direction: direction(p), retry };
    }
    case 'sleep':
      return {
        id,
        type: 'Sleep',
        durationMs: coerceIn(longOr(p, 'durationMs', 0), 0, 120_000),
        retry: retryOr(p, RETRY.None),
      };
  }
  if (options.onScreenLog) {
    const panel = parseOnScreenLog(id, type, params);
    if (panel) return panel;
  }
  return error(`unsupported action type at index=${index}: ${type}`);
}

/** Kotlin `Regex(pattern)`: java.util.regex as Android compiles it (java-regex.ts). */
export function compileKotlinRegex(pattern: string): RegExp {
  return compileJavaRegex(pattern);
}

/** AgentCommandParserDefault.parse (:44-78). Throws the app's exception on any rejection. */
export function parseAgentCommand(payload: string, options: ParserOptions): AgentCommand {
  require(!isBlank(payload), () => 'payload is required');
  require(new TextEncoder().encode(payload).length <= MAX_PAYLOAD_BYTES, () =>
    `payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
  const root = jsonObject(parseToJsonElement(payload));
  const commandId = stringRequired(root, 'commandId', MAX_ID_LENGTH);
  const taskId = stringRequired(root, 'taskId', MAX_ID_LENGTH);
  const source = stringRequired(root, 'source', MAX_SOURCE_LENGTH);
  const t = longOrNull(primitive(root, 'timeoutMs'));
  const timeoutMs = t === undefined ? 30_000 : coerceIn(t, 1_000, 120_000);
  const actionsElement = root.entries.get('actions');
  const actionsArray = actionsElement === undefined ? error('actions is required') : jsonArray(actionsElement);
  require(actionsArray.items.length > 0, () => 'actions must not be empty');
  require(actionsArray.items.length <= MAX_ACTIONS, () => `actions exceeds max size of ${MAX_ACTIONS}`);
  const actions = actionsArray.items.map((e, i) => parseAction(i, jsonObject(e), options));
  return { commandId, taskId, source, timeoutMs, actions };
}
