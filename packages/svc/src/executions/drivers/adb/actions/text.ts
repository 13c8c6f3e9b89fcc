// enter_text without the operator app: find the field (the matched node or a text field inside it), tap it to focus
// it unless it has the focus already, clear what it holds (the operator's set-text replaces the text, so this driver always clears: MOVE_END, then
// one DEL per character the dump shows, plus a FORWARD_DEL each for anything after the cursor), type with
// `input text`, then read the screen again to check the field holds the text. `submit` taps the field, as the
// operator app's submit is ACTION_CLICK on it (TaskUiScopeDefault.kt:507-560 @ v0.5.2), not an Enter key.
// A password field shows no text to check; a field showing its hint while empty (Android 7-9 report the hint as the
// text: appium/appium#13618) is cleared the same way, harmlessly.
import { SvcError } from '../../../../contracts/errors.ts';
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { centerOf, editableWithin, findAll, type UiNode, type UiTree } from '../../../../ui/index.ts';
import type { Supported } from '../../../driver-table.ts';
import { findOrFail, gestureAt, readScreen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import { typingCommands, untypable } from '../text-input.ts';

const KEYCODE_MOVE_END = 123;
const KEYCODE_DEL = 67;
const KEYCODE_FORWARD_DEL = 112;
/** Key events per `input keyevent` call: one JVM start types them all. */
const KEYS_PER_CALL = 200;

function clearCommands(current: string): string[] {
  const count = [...current].length;
  const keys: number[] = [KEYCODE_MOVE_END];
  for (let i = 0; i < count; i++) keys.push(KEYCODE_DEL, KEYCODE_FORWARD_DEL);
  const out: string[] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_CALL)
    out.push(`input keyevent ${keys.slice(i, i + KEYS_PER_CALL).join(' ')}`);
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
    const field = editableWithin(findOrFail(screen.tree, matcher));
    if (!field) {
      throw new StepFailure('NODE_NOT_FOUND', 'the matched node holds no editable text field', { retryable: true });
    }
    // Already focused: key events reach it as they are (a tap would only cost a keyboard check and a round trip).
    if (field.focused) return field;
    const { x, y } = centerOf(field.bounds);
    if ((await gestureAt(step, screen, y, `input tap ${x} ${y}`)) === 'done') return field;
  }
}

export const enterText: ActionRunner<'enter_text'> = async (step) => {
  const { text, matcher } = step.action.params;
  const submit = step.action.params.submit ?? false;
  const field = await focusField(step, matcher);
  const lines = [...clearCommands(field.text), ...typingCommands(text)];
  const typed = await step.shell.run(lines.join(' && '));
  if (typed.status !== 0) {
    throw new StepFailure(
      'TEXT_ENTRY_FAILED',
      `typing failed (exit ${typed.status}): ${typed.output.trim().slice(0, 200)}`,
      {
        retryable: true,
      },
    );
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
    const { x, y } = centerOf(field.bounds);
    await step.shell.run(`input tap ${x} ${y}`);
  }
  return { text, submit: String(submit) };
};

/** Text `input text` cannot type (outside printable ASCII and newlines) is refused before the execution starts. */
export const refuseUntypable: NonNullable<Supported<'enter_text'>['refuse']> = (action, { path, details }) => {
  const bad = untypable(action.params.text);
  if (bad === undefined) return undefined;
  return new SvcError(
    'TEXT_NOT_TYPABLE',
    `${path}.params.text (${action.id}): the adb driver cannot type ${JSON.stringify(bad.char)} (position ${bad.index}); \`input text\` types printable ASCII only. Nothing was run.`,
    { ...details, path: `${path}.params.text`, character: bad.char, index: bad.index },
  );
};
