// The common flat actions as tools: click, type, read, wait, wait-for-nav, scroll, scroll-until, open, close-app,
// press-key, sleep. Each maps its arguments to the flags of the same CLI command and runs the CLI's builder
// (builders/), so both build identical executions.

import type { FlagBag } from '../builders/flag-values.ts';
import { buildClick, buildRead, buildType, buildWait, buildWaitForNav } from '../builders/flat-element.ts';
import { buildScroll, buildScrollUntil } from '../builders/flat-scroll.ts';
import { buildClose, buildOpen, buildPress, buildSleep } from '../builders/flat-simple.ts';
import type { BuildInput } from '../builders/types.ts';
import { SvcError } from '../contracts/errors.ts';
import { deviceToolDescription, SELECTOR_GUIDE, SETTLE_GUIDE } from './guidance.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  executionTimeoutSchema,
  type JsonSchema,
  matcherSchema,
  objectSchema,
  paramSchema,
  targetProperties,
} from './schema-parts.ts';
import { checkArguments, int, type ToolArgs, type ToolDef } from './tool-kit.ts';

type Build = (input: BuildInput) => Parameters<typeof fromMcp>[0];

const timeout = () => executionTimeoutSchema('Execution timeout in ms (default 30000).');
const selector = () => matcherSchema('The element (NodeMatcher; all given fields must match).');
const json = (value: unknown) => [JSON.stringify(value)];
const text = (value: unknown) => [String(value)];

/** Builds the flag bag of the CLI command from the tool arguments present. */
function flags(args: ToolArgs, map: Record<string, (value: unknown) => unknown>): FlagBag {
  const bag: Record<string, unknown> = {};
  for (const [key, to] of Object.entries(map)) {
    if (args[key] !== undefined) Object.assign(bag, to(args[key]));
  }
  return bag;
}

function actionTool(
  name: string,
  spec: {
    title: string;
    description: string;
    properties: Record<string, JsonSchema>;
    required?: string[];
    /** `timeoutMs` is the action timeout (wait) instead of the execution timeout. */
    actionTimeout?: JsonSchema;
    build: Build;
    toFlags: (args: ToolArgs) => FlagBag;
    positional?: (args: ToolArgs) => string[];
    check?: (args: ToolArgs) => void;
  },
): ToolDef {
  return {
    name,
    title: spec.title,
    description: spec.description,
    inputSchema: objectSchema(
      { ...spec.properties, ...targetProperties(), timeoutMs: spec.actionTimeout ?? timeout() },
      spec.required,
    ),
    annotations: { destructiveHint: true, openWorldHint: false },
    run: async (args, runtime) => {
      const raw = checkArguments(() => {
        spec.check?.(args);
        const input = {
          flags: spec.toFlags(args),
          args: spec.positional?.(args) ?? [],
          timeoutMs: int(args, 'timeoutMs'),
          ids: mcpIds(name),
        };
        return fromMcp(spec.build(input));
      });
      return runResultToTool(await runOnDevice(raw, args, runtime));
    },
  };
}

const click = actionTool('click', {
  title: 'Click an element',
  description: deviceToolDescription(
    'Click an element found by `selector`, or a `coordinate` in screen pixels (give exactly one). clickType: ' +
      'default, long_click, or focus (not with a coordinate). Retries finding the element for a few seconds.',
    SELECTOR_GUIDE,
    SETTLE_GUIDE,
  ),
  properties: {
    selector: selector(),
    coordinate: paramSchema('click', 'coordinate', 'Screen pixels {x, y}, instead of a selector'),
    clickType: paramSchema('click', 'clickType'),
  },
  check: (args) => {
    if ((args.selector === undefined) === (args.coordinate === undefined)) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', 'click takes exactly one of selector or coordinate', {
        path: 'actions[0].params',
      });
    }
  },
  build: buildClick,
  toFlags: (args) =>
    flags(args, {
      selector: (v) => ({ selector: json(v) }),
      coordinate: (v) => ({ coordinate: [String((v as { x: number }).x), String((v as { y: number }).y)] }),
      clickType: (v) => (v === 'focus' ? { focus: true } : v === 'long_click' ? { long: true } : {}),
    }),
});

const type = actionTool('type', {
  title: 'Type text into a field',
  description: deviceToolDescription(
    'Enter `text` into the field found by `selector` (role "textfield" targets text inputs); `submit` presses ' +
      'enter afterwards.',
    SELECTOR_GUIDE,
  ),
  properties: {
    selector: selector(),
    text: paramSchema('enter_text', 'text', 'The text to enter'),
    submit: paramSchema('enter_text', 'submit', 'Press enter after typing (default false)'),
  },
  required: ['selector', 'text'],
  build: buildType,
  toFlags: (args) =>
    flags(args, {
      selector: (v) => ({ selector: json(v) }),
      text: (v) => ({ text: text(v) }),
      submit: (v) => (v === true ? { submit: true } : {}),
    }),
});

const read = actionTool('read', {
  title: 'Read the text of an element',
  description: deviceToolDescription(
    'Read the visible text of the element found by `selector` (data.text); `all` returns every match; ' +
      '`container` limits the search; `validator` (temperature, version, regex + validatorPattern) checks the text.',
    SELECTOR_GUIDE,
  ),
  properties: {
    selector: selector(),
    container: paramSchema('read_text', 'container', 'Only search inside this element (NodeMatcher)'),
    all: paramSchema('read_text', 'all', 'Return every match'),
    validator: paramSchema('read_text', 'validator'),
    validatorPattern: paramSchema('read_text', 'validatorPattern', 'Required with validator "regex"'),
  },
  required: ['selector'],
  build: buildRead,
  toFlags: (args) =>
    flags(args, {
      selector: (v) => ({ selector: json(v) }),
      container: (v) => ({ containerSelector: json(v) }),
      all: (v) => (v === true ? { all: true } : {}),
      validator: (v) => ({ validator: text(v) }),
      validatorPattern: (v) => ({ validatorPattern: text(v) }),
    }),
});

const wait = actionTool('wait', {
  title: 'Wait for an element',
  description: deviceToolDescription(
    'Wait until the element found by `selector` is on screen (wait_for_node). `timeoutMs` here is the wait ' +
      'itself; the execution gets max(timeoutMs + 5000, 30000). Use it after a click to know the next screen is ' +
      'there; a miss is a failed step with data.error NODE_NOT_FOUND.',
    SELECTOR_GUIDE,
  ),
  properties: { selector: selector() },
  required: ['selector'],
  actionTimeout: paramSchema('wait_for_node', 'timeoutMs', 'How long to wait for the element, in ms'),
  build: buildWait,
  toFlags: (args) => flags(args, { selector: (v) => ({ selector: json(v) }) }),
});

const scrollUntil = actionTool('scroll-until', {
  title: 'Scroll until an element is visible',
  description: deviceToolDescription(
    'Scroll (default down) until the element found by `selector` is visible (scroll_until, data.termination_reason); ' +
      'with `click` true it clicks it once found (scroll_and_click, at most maxSwipes swipes). `container` picks ' +
      'the scrollable element on nested layouts.',
    SELECTOR_GUIDE,
    SETTLE_GUIDE,
  ),
  properties: {
    selector: selector(),
    container: paramSchema('scroll_until', 'container', 'The scrollable element (default: the first scrollable)'),
    direction: paramSchema('scroll_until', 'direction', 'Content direction (default down)'),
    maxScrolls: paramSchema('scroll_until', 'maxScrolls', 'Without click: at most this many scrolls'),
    maxDurationMs: paramSchema('scroll_until', 'maxDurationMs', 'Without click: stop after this long'),
    click: { type: 'boolean', description: 'Click the element once visible (runs scroll_and_click)' },
    maxSwipes: paramSchema('scroll_and_click', 'maxSwipes', 'With click: at most this many swipes'),
  },
  required: ['selector'],
  build: buildScrollUntil,
  toFlags: (args) =>
    flags(args, {
      selector: (v) => ({ selector: json(v) }),
      container: (v) => ({ containerSelector: json(v) }),
      direction: (v) => ({ direction: text(v) }),
      maxScrolls: (v) => ({ maxScrolls: text(v) }),
      maxDurationMs: (v) => ({ maxDurationMs: text(v) }),
      click: (v) => (v === true ? { click: true } : {}),
      maxSwipes: (v) => ({ maxSwipes: text(v) }),
    }),
});

const open = actionTool('open', {
  title: 'Open an app or a URI',
  description: deviceToolDescription(
    '`target` is an application id (com.android.settings → open_app, its launch activity) or a URI with a scheme ' +
      '(https://..., tel:..., myapp://... → open_uri, the registered handler; none → step error URI_NOT_HANDLED).',
    SETTLE_GUIDE,
  ),
  properties: { target: paramSchema('open_app', 'applicationId', 'Application id or URI') },
  required: ['target'],
  build: buildOpen,
  toFlags: () => ({}),
  positional: (args) => [String(args.target)],
});

const pressKey = actionTool('press-key', {
  title: 'Press a system key',
  description: deviceToolDescription('Press back, home or recents (an accessibility global action).'),
  properties: { key: paramSchema('press_key', 'key') },
  required: ['key'],
  build: buildPress,
  toFlags: (args) => flags(args, { key: (v) => ({ key: text(v) }) }),
});

const waitForNav = actionTool('wait-for-nav', {
  title: 'Wait for the next screen',
  description: deviceToolDescription(
    'Wait until the app in front is `app` and/or the element found by `selector` is on screen ' +
      '(wait_for_navigation); give at least one. `timeoutMs` (required, at most 30000) is the wait itself. Use it ' +
      'after a click that opens another screen or app; a miss is a failed step.',
    SELECTOR_GUIDE,
  ),
  properties: {
    app: paramSchema('wait_for_navigation', 'expectedPackage', 'The package expected in front'),
    selector: matcherSchema('An element expected on the next screen (NodeMatcher).'),
  },
  required: ['timeoutMs'],
  actionTimeout: paramSchema('wait_for_navigation', 'timeoutMs', 'How long to wait, in ms'),
  build: buildWaitForNav,
  toFlags: (args) => flags(args, { app: (v) => ({ app: text(v) }), selector: (v) => ({ selector: json(v) }) }),
});

const scroll = actionTool('scroll', {
  title: 'Scroll once',
  description: deviceToolDescription(
    'Scroll the content once in `direction` (default down; scroll). `container` picks the scrollable element on ' +
      'nested layouts. To bring a given element into view, scroll-until is the better tool.',
    SETTLE_GUIDE,
  ),
  properties: {
    direction: paramSchema('scroll', 'direction', 'Content direction (default down)'),
    container: paramSchema('scroll', 'container', 'The scrollable element (default: the first scrollable)'),
  },
  build: buildScroll,
  toFlags: (args) =>
    flags(args, {
      direction: (v) => ({ direction: text(v) }),
      container: (v) => ({ containerSelector: json(v) }),
    }),
});

const closeApp = actionTool('close-app', {
  title: 'Close an app',
  description: deviceToolDescription(
    'Force-stop the app `target` (close_app: svc force-stops it from the host first, so it is closed even when the ' +
      'operator cannot). Use it to start an app from a clean state before open.',
  ),
  properties: { target: paramSchema('close_app', 'applicationId', 'Application id') },
  required: ['target'],
  build: buildClose,
  toFlags: () => ({}),
  positional: (args) => [String(args.target)],
});

const sleep = actionTool('sleep', {
  title: 'Wait a fixed time',
  description: deviceToolDescription(
    'Pause on the device for `durationMs` (sleep). Prefer wait or wait-for-nav, which end as soon as the screen is ' +
      'ready; a fixed pause is for animations nothing on screen announces.',
  ),
  properties: { durationMs: paramSchema('sleep', 'durationMs') },
  required: ['durationMs'],
  build: buildSleep,
  toFlags: () => ({}),
  positional: (args) => [String(args.durationMs)],
});

export function actionTools(): ToolDef[] {
  return [click, type, read, wait, waitForNav, scroll, scrollUntil, open, closeApp, pressKey, sleep];
}
