// The one-action executions of the flat commands and tools, built from typed inputs: the CLI parses its flags into
// these, the MCP tools pass their arguments, the HTTP routes call them for /snapshot and /screenshot. The timeout
// rules live here once: plain commands 30000 ms unless given; wait and wait-for-nav max(action timeout + 5000,
// 30000); sleep max(duration + 5000, given, 30000). Rules of the execution itself (exactly one of matcher or
// coordinate, ...) are the contracts' to check, after building, on every surface alike.
import { type BuiltExecution, type Ids, plainTimeout, sleepTimeout, waitTimeout, wrapExecution } from './execution.ts';

export type Matcher = Record<string, unknown>;

export interface Shape {
  ids: Ids;
  /** The caller's execution timeout (`--timeout`, a tool's timeoutMs), when given. */
  timeoutMs?: number | undefined;
}

type Params = Record<string, unknown>;

/** Copies the defined entries only: an omitted input stays omitted (the device applies its default). */
function defined(entries: Params): Params {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

const one = (shape: Shape, id: string, type: BuiltExecution['actions'][number]['type'], params?: Params) =>
  wrapExecution(shape.ids, plainTimeout(shape.timeoutMs), [{ id, type, ...(params === undefined ? {} : { params }) }]);

export type ClickType = 'default' | 'long_click' | 'focus';

export interface ClickInput {
  matcher?: Matcher | undefined;
  coordinate?: { x: number; y: number } | undefined;
  clickType?: ClickType | undefined;
}

export function click(shape: Shape, o: ClickInput) {
  const clickType = o.clickType === 'default' ? undefined : o.clickType;
  return one(shape, 'click', 'click', defined({ matcher: o.matcher, coordinate: o.coordinate, clickType }));
}

export function type(
  shape: Shape,
  o: { matcher: Matcher; text: string; submit?: boolean | undefined; clear?: boolean | undefined },
) {
  return one(
    shape,
    'type',
    'enter_text',
    defined({ matcher: o.matcher, text: o.text, submit: o.submit || undefined, clear: o.clear || undefined }),
  );
}

export interface ReadInput {
  matcher: Matcher;
  container?: Matcher | undefined;
  all?: boolean | undefined;
  validator?: string | undefined;
  validatorPattern?: string | undefined;
}

export function read(shape: Shape, o: ReadInput) {
  return one(shape, 'read', 'read_text', defined({ ...o, all: o.all || undefined }));
}

export function readValue(shape: Shape, o: { labelMatcher: Matcher; all?: boolean | undefined }) {
  return one(
    shape,
    'read-value',
    'read_key_value_pair',
    defined({ labelMatcher: o.labelMatcher, all: o.all || undefined }),
  );
}

/** `timeoutMs` of a wait is the action's own; the execution gets room around it. */
export function wait(shape: Shape, o: { matcher: Matcher; timeoutMs?: number | undefined }) {
  return wrapExecution(shape.ids, waitTimeout(o.timeoutMs), [
    { id: 'wait', type: 'wait_for_node', params: defined({ matcher: o.matcher, timeoutMs: o.timeoutMs }) },
  ]);
}

export function waitForNav(
  shape: Shape,
  o: { expectedPackage?: string | undefined; expectedNode?: Matcher | undefined; timeoutMs: number },
) {
  return wrapExecution(shape.ids, waitTimeout(o.timeoutMs), [
    { id: 'wait-for-nav', type: 'wait_for_navigation', params: defined(o) },
  ]);
}

export type Direction = 'down' | 'up' | 'left' | 'right';

export function scroll(shape: Shape, o: { direction: string; container?: Matcher | undefined }) {
  return one(shape, 'scroll', 'scroll', defined(o));
}

export interface ScrollUntilInput {
  matcher: Matcher;
  direction: string;
  container?: Matcher | undefined;
  maxScrolls?: number | undefined;
  maxDurationMs?: number | undefined;
}

export function scrollUntil(shape: Shape, o: ScrollUntilInput) {
  return one(shape, 'scroll-until', 'scroll_until', defined({ ...o }));
}

export interface ScrollAndClickInput {
  target: Matcher;
  direction: string;
  container?: Matcher | undefined;
  maxSwipes?: number | undefined;
  clickType?: ClickType | undefined;
}

/** The flat commands always set the direction and never emit `clickAfter: false`. */
export function scrollAndClick(shape: Shape, o: ScrollAndClickInput, id = 'scroll-and-click') {
  const clickType = o.clickType === 'default' ? undefined : o.clickType;
  return one(shape, id, 'scroll_and_click', defined({ ...o, clickType }));
}

/** A URI has a scheme (`https:`, `tel:`, `myapp:`); an application id never holds a colon. */
export function isUriTarget(target: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target);
}

export function open(shape: Shape, target: string) {
  return isUriTarget(target)
    ? one(shape, 'open', 'open_uri', { uri: target })
    : one(shape, 'open', 'open_app', { applicationId: target });
}

export function close(shape: Shape, applicationId: string) {
  return one(shape, 'close', 'close_app', { applicationId });
}

export function press(shape: Shape, key: string, id = 'press') {
  return one(shape, id, 'press_key', { key });
}

export function sleep(shape: Shape, durationMs: number) {
  return wrapExecution(shape.ids, sleepTimeout(durationMs, shape.timeoutMs), [
    { id: 'sleep', type: 'sleep', params: { durationMs } },
  ]);
}

export function snapshot(shape: Shape) {
  return one(shape, 'snap', 'snapshot_ui');
}

export function screenshot(shape: Shape, path?: string) {
  return one(shape, 'shot', 'take_screenshot', path === undefined ? undefined : { path });
}

export function onScreenLogSet(shape: Shape, params: Params) {
  return one(shape, 'on-screen-log', 'set_on_screen_log', defined(params));
}

export function onScreenLogClear(shape: Shape) {
  return one(shape, 'on-screen-log', 'clear_on_screen_log');
}
