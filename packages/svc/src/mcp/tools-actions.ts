// The common flat actions as tools. Each builds its one-action execution from its arguments with the typed builders
// the CLI uses too (builders/one-action.ts): no flag strings in between, and every rule of the execution itself is
// the contracts' to check, on every surface alike.

import { PANEL_NUMBER_FLAGS, PANEL_STRING_FLAGS } from '../builders/on-screen-log.ts';
import type { ClickType, Shape } from '../builders/one-action.ts';
import * as oneAction from '../builders/one-action.ts';
import { SvcError } from '../contracts/errors.ts';
import { inToolTerms } from './action-argument-names.ts';
import { fromMcp, mcpIds, runOnDevice, runResultToTool } from './run-on-device.ts';
import {
  executionTimeoutSchema,
  type JsonSchema,
  matcherSchema,
  objectSchema,
  paramSchema,
  targetProperties,
} from './schema-parts.ts';
import { checkArguments, int, str, type ToolArgs, type ToolDef } from './tool-kit.ts';

type Build = (args: ToolArgs, shape: Shape) => Parameters<typeof fromMcp>[0];
type Matcher = oneAction.Matcher;

const timeout = () => executionTimeoutSchema('Execution timeout in ms (default 30000).');
const selector = () => matcherSchema('The element (NodeMatcher; all given fields must match).');
const matcherArg = (args: ToolArgs, key: string) => args[key] as Matcher | undefined;
const bool = (args: ToolArgs, key: string) => args[key] === true;

function actionTool(
  name: string,
  spec: {
    description: string;
    properties: Record<string, JsonSchema>;
    required?: string[];
    /** `timeoutMs` is the action's own timeout (wait, wait-for-nav) instead of the execution's. */
    actionTimeout?: JsonSchema;
    build: Build;
  },
): ToolDef {
  return {
    name,
    description: spec.description,
    inputSchema: objectSchema(
      { ...spec.properties, ...targetProperties(), timeoutMs: spec.actionTimeout ?? timeout() },
      spec.required,
    ),
    run: async (args, runtime) => {
      const restate = (error: SvcError) => inToolTerms(name, error);
      const raw = checkArguments(() => {
        try {
          return fromMcp(spec.build(args, { ids: mcpIds(name), timeoutMs: int(args, 'timeoutMs') }));
        } catch (error) {
          throw error instanceof SvcError ? restate(error) : error;
        }
      });
      return runResultToTool(await runOnDevice(raw, args, runtime, restate));
    },
  };
}

const click = actionTool('click', {
  description:
    'Click an element found by `selector`, or a `coordinate` in screen pixels (give exactly one). clickType: ' +
    'default, long_click, or focus (not with a coordinate). Retries finding the element for a few seconds.',
  properties: {
    selector: selector(),
    coordinate: paramSchema('click', 'coordinate', 'Screen pixels {x, y}, instead of a selector'),
    clickType: paramSchema('click', 'clickType'),
  },
  build: (args, shape) =>
    oneAction.click(shape, {
      matcher: matcherArg(args, 'selector'),
      coordinate: args.coordinate as { x: number; y: number } | undefined,
      clickType: str(args, 'clickType') as ClickType | undefined,
    }),
});

const type = actionTool('type', {
  description:
    'Enter `text` into the field found by `selector` (role "textfield" targets text inputs); the field is cleared ' +
    'first; `submit` presses enter afterwards. Without the operator app (driver adb) only printable ASCII can be ' +
    'typed.',
  properties: {
    selector: selector(),
    text: paramSchema('enter_text', 'text', 'The text to enter'),
    submit: paramSchema('enter_text', 'submit', 'Press enter after typing (default false)'),
  },
  required: ['selector', 'text'],
  build: (args, shape) =>
    oneAction.type(shape, {
      matcher: matcherArg(args, 'selector') as Matcher,
      text: String(args.text),
      submit: bool(args, 'submit'),
    }),
});

const read = actionTool('read', {
  description:
    'Read the visible text of the element found by `selector` (data.text); `all` returns every match; ' +
    '`container` limits the search; `validator` (temperature, version, regex + validatorPattern) checks the text.',
  properties: {
    selector: selector(),
    container: paramSchema('read_text', 'container', 'Only search inside this element (NodeMatcher)'),
    all: paramSchema('read_text', 'all', 'Return every match'),
    validator: paramSchema('read_text', 'validator'),
    validatorPattern: paramSchema('read_text', 'validatorPattern', 'Required with validator "regex"'),
  },
  required: ['selector'],
  build: (args, shape) =>
    oneAction.read(shape, {
      matcher: matcherArg(args, 'selector') as Matcher,
      container: matcherArg(args, 'container'),
      all: bool(args, 'all'),
      validator: str(args, 'validator'),
      validatorPattern: str(args, 'validatorPattern'),
    }),
});

const readValue = actionTool('read-value', {
  description:
    'Read the value shown next to the label found by `label` (read_key_value_pair): the next sibling holding text, ' +
    'else the next text on screen. data.label and data.value; with `all`, data.pairs for every matching label. ' +
    'Use it for settings-style rows such as "Android version  15".',
  properties: {
    label: matcherSchema('The label element (NodeMatcher).'),
    all: paramSchema('read_key_value_pair', 'all', 'Every matching label'),
  },
  required: ['label'],
  build: (args, shape) =>
    oneAction.readValue(shape, { labelMatcher: matcherArg(args, 'label') as Matcher, all: bool(args, 'all') }),
});

const wait = actionTool('wait', {
  description:
    'Wait until the element found by `selector` is on screen (wait_for_node). `timeoutMs` here is the wait ' +
    'itself; the execution gets max(timeoutMs + 5000, 30000). Use it after a click to know the next screen is ' +
    'there; a miss is a failed step with data.error NODE_NOT_FOUND.',
  properties: { selector: selector() },
  required: ['selector'],
  actionTimeout: paramSchema('wait_for_node', 'timeoutMs', 'How long to wait for the element, in ms'),
  build: (args, shape) =>
    oneAction.wait(shape, { matcher: matcherArg(args, 'selector') as Matcher, timeoutMs: int(args, 'timeoutMs') }),
});

const scrollUntil = actionTool('scroll-until', {
  description:
    'Scroll (default down) until the element found by `selector` is visible (scroll_until, data.termination_reason); ' +
    'with `click` true it clicks it once found (scroll_and_click, at most maxSwipes swipes). `container` picks ' +
    'the scrollable element on nested layouts.',
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
  build: (args, shape) => {
    const base = { direction: str(args, 'direction') ?? 'down', container: matcherArg(args, 'container') };
    const matcher = matcherArg(args, 'selector') as Matcher;
    if (bool(args, 'click')) {
      return oneAction.scrollAndClick(
        shape,
        { ...base, target: matcher, maxSwipes: int(args, 'maxSwipes') },
        'scroll-until',
      );
    }
    return oneAction.scrollUntil(shape, {
      ...base,
      matcher,
      maxScrolls: int(args, 'maxScrolls'),
      maxDurationMs: int(args, 'maxDurationMs'),
    });
  },
});

const open = actionTool('open', {
  description:
    '`target` is an application id (com.android.settings → open_app, its launch activity) or a URI with a scheme ' +
    '(https://..., tel:..., myapp://... → open_uri, the registered handler; none → step error URI_NOT_HANDLED).',
  properties: { target: paramSchema('open_app', 'applicationId', 'Application id or URI') },
  required: ['target'],
  build: (args, shape) => oneAction.open(shape, String(args.target)),
});

const pressKey = actionTool('press-key', {
  description: 'Press back, home or recents.',
  properties: { key: paramSchema('press_key', 'key') },
  required: ['key'],
  build: (args, shape) => oneAction.press(shape, String(args.key)),
});

const waitForNav = actionTool('wait-for-nav', {
  description:
    'Wait until the app in front is `app` and/or the element found by `selector` is on screen ' +
    '(wait_for_navigation); give at least one. `timeoutMs` (required, at most 30000) is the wait itself. Use it ' +
    'after a click that opens another screen or app; a miss is a failed step.',
  properties: {
    app: paramSchema('wait_for_navigation', 'expectedPackage', 'The package expected in front'),
    selector: matcherSchema('An element expected on the next screen (NodeMatcher).'),
  },
  required: ['timeoutMs'],
  actionTimeout: paramSchema('wait_for_navigation', 'timeoutMs', 'How long to wait, in ms'),
  build: (args, shape) =>
    oneAction.waitForNav(shape, {
      expectedPackage: str(args, 'app'),
      expectedNode: matcherArg(args, 'selector'),
      timeoutMs: int(args, 'timeoutMs') as number,
    }),
});

const scroll = actionTool('scroll', {
  description:
    'Scroll the content once in `direction` (default down; scroll). `container` picks the scrollable element on ' +
    'nested layouts. To bring a given element into view, scroll-until is the better tool.',
  properties: {
    direction: paramSchema('scroll', 'direction', 'Content direction (default down)'),
    container: paramSchema('scroll', 'container', 'The scrollable element (default: the first scrollable)'),
  },
  build: (args, shape) =>
    oneAction.scroll(shape, { direction: str(args, 'direction') ?? 'down', container: matcherArg(args, 'container') }),
});

const closeApp = actionTool('close-app', {
  description:
    'Force-stop the app `target` (close_app: svc force-stops it from the host). Use it to start an app from a clean ' +
    'state before open.',
  properties: { target: paramSchema('close_app', 'applicationId', 'Application id') },
  required: ['target'],
  build: (args, shape) => oneAction.close(shape, String(args.target)),
});

const sleep = actionTool('sleep', {
  description:
    'Pause for `durationMs` (sleep). Prefer wait or wait-for-nav, which end as soon as the screen is ready; a fixed ' +
    'pause is for animations nothing on screen announces.',
  properties: { durationMs: paramSchema('sleep', 'durationMs') },
  required: ['durationMs'],
  build: (args, shape) => oneAction.sleep(shape, int(args, 'durationMs') as number),
});

const panelKeys = [...PANEL_STRING_FLAGS, ...PANEL_NUMBER_FLAGS];

const onScreenLogSet = actionTool('on-screen-log-set', {
  description:
    'Show `text` in a small panel on the device screen (set_on_screen_log) for people watching the phone: progress ' +
    'of a long task, what the agent is about to do. It is not part of the UI tree (snapshots and reads never see ' +
    'it). Each call replaces the panel; it disappears after ttlMs (default 10000; 0 = until cleared). Needs the ' +
    'operator app (refused with the adb driver).',
  properties: {
    text: paramSchema('set_on_screen_log', 'text', 'What to show (newlines kept)'),
    ...Object.fromEntries(panelKeys.map((key) => [key, paramSchema('set_on_screen_log', key)])),
  },
  required: ['text'],
  build: (args, shape) =>
    oneAction.onScreenLogSet(shape, Object.fromEntries(['text', ...panelKeys].map((key) => [key, args[key]]))),
});

const onScreenLogClear = actionTool('on-screen-log-clear', {
  description: 'Remove the on-screen log panel (clear_on_screen_log); succeeds when none shows.',
  properties: {},
  build: (_args, shape) => oneAction.onScreenLogClear(shape),
});

export function actionTools(): ToolDef[] {
  return [
    click,
    type,
    read,
    readValue,
    wait,
    waitForNav,
    scroll,
    scrollUntil,
    open,
    closeApp,
    pressKey,
    sleep,
    onScreenLogSet,
    onScreenLogClear,
  ];
}
