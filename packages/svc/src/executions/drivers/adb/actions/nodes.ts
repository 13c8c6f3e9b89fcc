// click (default, long_click, focus; by matcher or coordinate), read_text and read_key_value_pair: one dump per
// attempt, the host matcher, then one gesture where the operator app would click (screen.ts clickGesture: where the
// touch reaches the clickable view holding the match, else the match's centre; NODE_NOT_CLICKABLE only when other
// views cover all of that clickable view). `focus` without the operator app can only mean tapping a text field,
// which focuses it; other nodes cannot be focused from adb.
import { SvcError } from '../../../../contracts/errors.ts';
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { findAll, findFirst, isEditable, labelOf, type Scope, valueOfLabel } from '../../../../ui/index.ts';
import { clickWeb } from '../../../../web-pages/web-actions.ts';
import { webTargetOf } from '../../../../web-pages/web-source.ts';
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
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import { hostRegexRefusal, textValidator } from '../validators.ts';
import type { AdbEntries } from './adb-table.ts';
import { checkPoints } from './gestures.ts';
import { webStep } from './web.ts';

type ClickParam = ClickType | 'focus';

async function clickMatched(step: StepContext, matcher: NodeMatcher, type: ClickParam): Promise<void> {
  for (;;) {
    const screen = await readScreen(step, { interacts: true });
    const node = findOrFail(screen.tree, matcher);
    const web = webTargetOf(node);
    if (web !== undefined) {
      // A page's element: the page is clicked where the element is (web-pages/web-actions.ts).
      if (await webStep(() => clickWeb(step.ctx, web, type === 'long_click'))) return;
      continue;
    }
    if (type === 'focus' && !(isEditable(node) && node.enabled)) {
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
  await checkPoints(step, [{ x, y }], 'tap');
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

/** The app's JSON array of texts (UiActionEngine.kt:423-594 @ v0.5.2): only backslash and double quote escaped. */
const textArray = (texts: readonly string[]) =>
  `[${texts.map((t) => `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}]`;

/**
 * read_text as the operator app runs it (UiActionEngine.kt:423-594, TaskUiScopeDefault.kt:140-198,285-440 @ v0.5.2):
 * the label (text, else content description) of the first match, inside the first container match when a container
 * is given; `all` gives every non-blank label as a JSON array (none is success) and ignores the validator. Which of
 * these failures end the execution: fatal.ts.
 */
const readText: ActionRunner<'read_text'> = async (step) => {
  const p = step.action.params;
  const { matcher, container } = p;
  const screen = await readScreen(step, { interacts: false });
  const containerData = container === undefined ? {} : { container: describeMatcher(container) };
  let scope: Scope = screen.tree;
  if (container !== undefined) {
    const found = findFirst(screen.tree, container);
    if (!found)
      throw new StepFailure('CONTAINER_NOT_FOUND', `Container not found for: ${describeMatcher(container)}`, {
        retryable: true,
      });
    scope = found;
  }
  if (p.all === true) {
    const texts = findAll(scope, matcher)
      .map(labelOf)
      .filter((t) => t.trim() !== '');
    return { text: textArray(texts), all: 'true', count: String(texts.length), validator: 'none', ...containerData };
  }
  const within = container === undefined ? '' : ` within container: ${describeMatcher(container)}`;
  const node = findFirst(scope, matcher);
  if (!node)
    throw new StepFailure(
      'NODE_NOT_FOUND',
      `No UI node found matching criteria: ${describeMatcher(matcher)}${within}`,
      {
        retryable: true,
      },
    );
  const text = labelOf(node);
  if (text.trim() === '')
    throw new StepFailure('NODE_TEXT_EMPTY', 'Matching UI node has no text content', { retryable: true });
  const name = p.validator;
  const validate = textValidator(name, p.validatorPattern);
  if (validate && !validate(text)) {
    // VALIDATOR_MISMATCH with the text read, after the retries.
    throw new StepFailure('VALIDATOR_MISMATCH', `text "${text}" does not pass validator ${name}`, {
      retryable: true,
      data: { raw_text: text },
    });
  }
  return { text, validator: validate ? (name as string) : 'none', ...containerData };
};

/**
 * read_key_value_pair as the operator app runs it (TaskUiScopeDefault.kt:270-283,1389-1469 @ v0.5.2): the value is
 * found by walking up from the first label match (ui/relations.ts valueOfLabel). `all` (svc's own) does the same for
 * every label match.
 */
const readKeyValuePair: ActionRunner<'read_key_value_pair'> = async (step) => {
  const { labelMatcher: matcher, all } = step.action.params;
  const { tree } = await readScreen(step, { interacts: false });
  const wantAll = all ?? false;
  const labels = wantAll ? findAll(tree, matcher) : [findOrFail(tree, matcher)];
  if (labels.length === 0)
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  const pairs = labels.map((l) => ({ label: labelOf(l), value: valueOfLabel(l) }));
  const missing = pairs.find((pair) => pair.value === undefined);
  if (missing)
    throw new StepFailure('VALUE_NODE_NOT_FOUND', `no value belongs to the label "${missing.label}"`, {
      retryable: true,
    });
  const read = pairs.map((pair) => ({
    label: pair.label,
    value: labelOf(pair.value as NonNullable<typeof pair.value>),
  }));
  if (!wantAll) return { label: read[0]?.label ?? '', value: read[0]?.value ?? '' };
  return { pairs: JSON.stringify(read), count: String(read.length) };
};

export const NODE_ACTIONS = {
  click: { run: click },
  read_text: {
    run: readText,
    // A pattern the host's regular expressions cannot run as the device's would is refused before anything runs.
    refuse(action, site) {
      if (action.params.validator !== 'regex') return undefined;
      const problem = hostRegexRefusal(action.params.validatorPattern);
      if (problem === undefined) return undefined;
      const path = `${site.path}.params.validatorPattern`;
      return new SvcError('EXECUTION_VALIDATION_FAILED', `${path}: ${problem.why} (${problem.construct}).`, {
        ...site.details,
        path,
        construct: problem.construct,
      });
    },
  },
  read_key_value_pair: { run: readKeyValuePair },
} satisfies AdbEntries;
