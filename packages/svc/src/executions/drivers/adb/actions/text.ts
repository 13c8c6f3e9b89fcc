// enter_text without the operator app: find the field as the operator app does (the first text field among the
// matched node and its 7 nearest ancestors, else the match, which then takes no text: TEXT_ENTRY_FAILED), tap it to focus
// it unless it has the focus already, clear what it holds (the operator's set-text replaces the text, so this driver always clears: MOVE_END, then
// one DEL per character the dump shows, plus a FORWARD_DEL each for anything after the cursor), type with
// `input text`, then read the screen again to check the field holds the text. `submit` taps the field, as the
// operator app's submit is ACTION_CLICK on it (TaskUiScopeDefault.kt:507-560 @ v0.5.2), not an Enter key.
// A password field shows no text to check; a field showing its hint while empty (Android 7-9 report the hint as the
// text: appium/appium#13618) is cleared the same way, harmlessly.
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { inputLine, KEYCODE, typingCommands } from '../../../../device-shell/input-line.ts';
import { untypable } from '../../../../device-shell/unicode-keyboard-app.ts';
import { centerOf, editTargetOf, findAll, isEditable, type UiNode, type UiTree } from '../../../../ui/index.ts';
import { webTargetOf } from '../../../../web-pages/web-source.ts';
import { checkInput, sendInput } from '../device-input.ts';
import { findOrFail, gestureAt, readScreen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import { unicodeKeyboardText, withUnicodeKeyboard } from '../unicode-keyboard.ts';
import type { AdbEntries } from './adb-table.ts';
import { typeIntoPage } from './web.ts';

/** Key events per `input keyevent` call: one JVM start types them all. */
const KEYS_PER_CALL = 200;

function clearCommands(current: string): string[] {
  const count = [...current].length;
  const keys: number[] = [KEYCODE.MOVE_END];
  for (let i = 0; i < count; i++) keys.push(KEYCODE.DEL, KEYCODE.FORWARD_DEL);
  const out: string[] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_CALL) out.push(inputLine.keys(keys.slice(i, i + KEYS_PER_CALL)));
  return out;
}

/** The field in a newer tree: same resource id and class, nearest the old place. */
function sameField(tree: UiTree, old: UiNode): UiNode | undefined {
  const candidates = findAll(tree, old.resourceId ? { resourceId: old.resourceId } : { role: 'textfield' }).filter(
    (n) => n.cls === old.cls,
  );
  const d = (n: UiNode) => Math.abs(n.bounds.top - old.bounds.top) + Math.abs(n.bounds.left - old.bounds.left);
  return candidates.sort((a, b) => d(a) - d(b))[0];
}

async function focusField(step: StepContext, matcher: NodeMatcher): Promise<UiNode> {
  for (;;) {
    const screen = await readScreen(step, { interacts: true });
    // UiTreeManagerAndroid.kt:76-108 @ v0.5.2: set-text on a node that is not a text field fails, and is retried.
    const field = editTargetOf(findOrFail(screen.tree, matcher));
    // A page's field is typed into through the page (typeInto), never tapped here.
    if (webTargetOf(field) !== undefined) return field;
    if (!isEditable(field)) {
      throw new StepFailure(
        'TEXT_ENTRY_FAILED',
        'Failed to set text on matching UI node: neither it nor an ancestor is a text field',
        { retryable: true, missOnScreen: true },
      );
    }
    // Already focused: key events reach it as they are (a tap would only cost a keyboard check and a round trip).
    if (field.focused) return field;
    const { x, y } = centerOf(field.bounds);
    if ((await gestureAt(step, screen, y, inputLine.tap(x, y))) === 'done') return field;
  }
}

const enterText: ActionRunner<'enter_text'> = async (step) => {
  const { text } = step.action.params;
  // Text beyond printable ASCII goes through the Unicode keyboard (the driver checked it is installed before the
  // execution started); the user's own keyboard is selected again whatever becomes of the step.
  if (untypable(text) === undefined) return typeInto(step, false);
  // A page's field takes any text as it is; only a native field needs the Unicode keyboard.
  const field = await focusField(step, step.action.params.matcher);
  const web = webTargetOf(field);
  if (web !== undefined) return typeIntoPage(step, web);
  return withUnicodeKeyboard(step.shell, () => typeInto(step, true));
};

async function typeInto(step: StepContext<'enter_text'>, unicode: boolean): Promise<Record<string, string>> {
  const { text, matcher } = step.action.params;
  const submit = step.action.params.submit ?? false;
  const field = await focusField(step, matcher);
  const web = webTargetOf(field);
  if (web !== undefined) return typeIntoPage(step, web);
  const lines = [...clearCommands(field.text), ...typingCommands(text, unicode ? unicodeKeyboardText : undefined)];
  const typed = await step.shell.run(lines.join(' && '));
  try {
    checkInput(typed, 'TEXT_ENTRY_FAILED', 'typing');
  } catch (error) {
    // Typing that failed for a reason that passes is tried again by the step's retry; a refused injection is not.
    if (error instanceof StepFailure && error.code === 'TEXT_ENTRY_FAILED') {
      throw new StepFailure(error.code, error.message, { retryable: true });
    }
    throw error;
  }
  if (!field.password) {
    const after = await readScreen(step, { interacts: false });
    const now = sameField(after.tree, field);
    if (now !== undefined && now.text !== text) {
      // Typing again would press enter again for each newline (a single-line field submits on it): not retried.
      throw new StepFailure('TEXT_ENTRY_MISMATCH', `the field holds ${JSON.stringify(now.text)} after typing`, {
        retryable: !text.includes('\n'),
      });
    }
  }
  if (submit) {
    // The operator app's submit is ACTION_CLICK on the field (TaskUiScopeDefault.kt:507-560 @ v0.5.2): a tap here.
    const { x, y } = centerOf(field.bounds);
    await sendInput(step.shell, inputLine.tap(x, y), 'TEXT_ENTRY_FAILED', 'submit tap');
  }
  return { text, submit: String(submit) };
}

export const TEXT_ACTIONS = {
  enter_text: { run: enterText },
} satisfies AdbEntries;
