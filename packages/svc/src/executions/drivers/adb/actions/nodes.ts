// click (default, long_click, focus; by matcher or coordinate), read_text and read_key_value_pair: one dump per
// attempt, the host matcher, then one gesture where the operator app would click (screen.ts clickGesture: where the
// touch reaches the clickable view holding the match, else the match's centre; NODE_NOT_CLICKABLE only when other
// views cover all of that clickable view). `focus` without the operator app can only mean tapping a text field,
// which focuses it; other nodes cannot be focused from adb.
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { readForeground } from '../../../../device-shell/foreground.ts';
import { editableWithin, findAll, labelOf, valueBeside } from '../../../../ui/index.ts';
import { sendInput } from '../device-input.ts';
import {
  type ClickType,
  clickGesture,
  describeMatcher,
  findOrFail,
  gestureAt,
  pointGesture,
  readScreen,
} from '../screen.ts';
import { type ActionRunner, ExecutionFailure, type StepContext, StepFailure } from '../step.ts';
import { textValidator } from '../validators.ts';

type ClickParam = ClickType | 'focus';

async function clickMatched(step: StepContext, matcher: NodeMatcher, type: ClickParam): Promise<void> {
  for (;;) {
    const screen = await readScreen(step, { interacts: true });
    const node = findOrFail(screen.tree, matcher);
    if (type === 'focus' && editableWithin(node) !== node) {
      throw new StepFailure(
        'FOCUS_UNSUPPORTED',
        'without the operator app only a text field can be focused (by tapping it)',
      );
    }
    const gesture = clickGesture(screen, node, type === 'focus' ? 'default' : type);
    if ((await gestureAt(step, screen, gesture.y, gesture.line)) === 'done') return;
  }
}

/**
 * A tap at a point the caller chose: no dump, but one window-manager read refuses a point off the screen as it is
 * now (rotated) and the lock screen.
 */
async function clickPoint(step: StepContext, x: number, y: number, type: ClickParam): Promise<void> {
  const { screen, locked } = await readForeground(step.shell);
  if (screen && (x >= screen.width || y >= screen.height)) {
    throw new StepFailure('GESTURE_FAILED', 'tap outside the screen');
  }
  if (locked) throw new ExecutionFailure('SECURITY_BLOCK_DETECTED', 'the lock screen is showing; unlock the device');
  const gesture = type === 'long_click' ? 'long_click' : 'default';
  await sendInput(
    step.shell,
    pointGesture(x, y, gesture),
    'GESTURE_FAILED',
    gesture === 'long_click' ? 'long press' : 'tap',
  );
}

export const click: ActionRunner<'click'> = async (step) => {
  const { coordinate, matcher } = step.action.params ?? {};
  const type: ClickParam = step.action.params?.clickType ?? 'default';
  if (coordinate !== undefined) await clickPoint(step, coordinate.x, coordinate.y, type);
  else if (matcher !== undefined) await clickMatched(step, matcher, type);
  // UiActionEngine.kt:209-230 @ v0.5.2: the coordinate as "(x,y)" when one was given, the click type by the app's name.
  return {
    ...(coordinate === undefined ? {} : { coordinate: `(${coordinate.x},${coordinate.y})` }),
    click_types: clickTypeName(type),
  };
};

/** The operator app's name of a click type in step data: `click` for svc's `default`. */
export const clickTypeName = (type: string): string => (type === 'default' ? 'click' : type);

export const readText: ActionRunner<'read_text'> = async (step) => {
  const p = step.action.params;
  const { matcher } = p;
  const screen = await readScreen(step, { interacts: false });
  const container = p.container === undefined ? undefined : findOrFail(screen.tree, p.container);
  const scope = container ?? screen.tree;
  const wantAll = p.all ?? false;
  const nodes = wantAll ? findAll(scope, matcher) : [findOrFail(scope, matcher)];
  if (nodes.length === 0)
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  const texts = nodes.map(labelOf);
  const name = p.validator;
  const validate = textValidator(name, p.validatorPattern);
  const bad = validate ? texts.find((t) => !validate(t)) : undefined;
  if (bad !== undefined) {
    // UiActionEngine.kt:423-594 @ v0.5.2: VALIDATOR_MISMATCH with the text read, after the retries.
    throw new StepFailure('VALIDATOR_MISMATCH', `text "${bad}" does not pass validator ${name}`, {
      retryable: true,
      data: { raw_text: bad },
    });
  }
  const validator = validate ? (name as string) : 'none';
  if (!wantAll) return { text: texts[0] as string, validator };
  return { text: texts.join('\n'), texts: JSON.stringify(texts), count: String(texts.length), validator };
};

export const readKeyValuePair: ActionRunner<'read_key_value_pair'> = async (step) => {
  const { labelMatcher: matcher, all } = step.action.params;
  const { tree } = await readScreen(step, { interacts: false });
  const wantAll = all ?? false;
  const labels = wantAll ? findAll(tree, matcher) : [findOrFail(tree, matcher)];
  if (labels.length === 0)
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  const pairs = labels.map((l) => ({ label: labelOf(l), value: valueBeside(l, tree)?.text }));
  const missing = pairs.find((pair) => pair.value === undefined);
  if (missing) throw new StepFailure('NODE_NOT_FOUND', `no value next to "${missing.label}"`, { retryable: true });
  if (!wantAll) return { label: pairs[0]?.label ?? '', value: pairs[0]?.value ?? '' };
  return { pairs: JSON.stringify(pairs), count: String(pairs.length) };
};
