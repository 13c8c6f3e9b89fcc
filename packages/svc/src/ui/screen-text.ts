// The compact screen as text, whole or as the changes since the client's last read, within a budget. A budget keeps
// the elements to act on first, then the ones to read, each group top to bottom, and prints them in screen order;
// what it leaves out is counted on a last line that says how to see it. Pure: no I/O.
//   # com.svc.login 1080x2400, 6 elements                    (the whole screen: refs not listed are gone)
//   # com.svc.login 1080x2400: 1 changed, 5 as before         (the changes: listed lines replace or add)
//   # com.android.settings 1080x2400: 2 new, 18 as before, gone e4 e5
//   # com.android.settings 1080x2400: 20 again, 0 as before, gone e21-e27   (back on a screen read earlier: its lines
//   follow, under their old refs)
import { readScreen, type Screen } from './compact.ts';
import type { UiTree } from './node.ts';
import { type AssignedRefs, assignRefs } from './screen-refs.ts';

export type ScreenForm = 'full' | 'diff';

/** At most this many characters or elements (undefined or 0: no limit). */
export interface ScreenBudget {
  maxChars?: number | undefined;
  maxElements?: number | undefined;
}

export interface ScreenText {
  text: string;
  /** Whether each element of the screen is now known to the client (printed, or as before). */
  known: boolean[];
  form: ScreenForm;
}

const limit = (value: number | undefined) => (value === undefined || value <= 0 ? Number.POSITIVE_INFINITY : value);

/** Which of `candidates` (indexes into the screen) fit: actionable first, then readable, each in screen order. */
function fit(screen: Screen, lines: Map<number, string>, head: number, budget: ScreenBudget): Set<number> {
  const maxChars = limit(budget.maxChars);
  const maxElements = limit(budget.maxElements);
  const order = [...lines.keys()].sort((a, b) => {
    const tier = (i: number) => (screen.elements[i]?.actionable ? 0 : 1);
    return tier(a) - tier(b) || a - b;
  });
  const kept = new Set<number>();
  let chars = head;
  for (const index of order) {
    const size = (lines.get(index)?.length ?? 0) + 1;
    if (kept.size >= maxElements || chars + size > maxChars) continue;
    kept.add(index);
    chars += size;
  }
  return kept;
}

/** The last line of a screen a budget cut: how many elements it left out, and how to see them. */
function leftOutLine(count: number, acting: number): string {
  const what = acting > 0 ? `${count} more elements (${acting} to act on)` : `${count} more texts`;
  return `… ${what} left out by the budget: read again with a larger maxChars/maxElements (CLI: --max-chars/--max-elements; 0 = all)`;
}

function leftOut(screen: Screen, lines: Map<number, string>, kept: Set<number>): string | undefined {
  const out = [...lines.keys()].filter((i) => !kept.has(i));
  if (out.length === 0) return undefined;
  return leftOutLine(out.length, out.filter((i) => screen.elements[i]?.actionable).length);
}

/**
 * The text within the budget, its last line included: the cap is exact. The elements that fit are chosen first
 * with the whole budget; when some are left out, again with room kept for the line that says so (its longest form).
 */
function render(
  screen: Screen,
  head: string,
  lines: Map<number, string>,
  budget: ScreenBudget,
): { text: string; printed: Set<number> } {
  let kept = fit(screen, lines, head.length + 1, budget);
  if (kept.size < lines.size) {
    const room = leftOutLine(lines.size, lines.size).length + 1;
    kept = fit(screen, lines, head.length + 1 + room, budget);
  }
  const body = [...kept].sort((a, b) => a - b).map((i) => lines.get(i) as string);
  const tail = leftOut(screen, lines, kept);
  const text = [head, ...body, ...(tail === undefined ? [] : [tail])].join('\n');
  // A budget smaller than the header and that line together: cut at it, still.
  return { text: text.slice(0, limit(budget.maxChars)), printed: kept };
}

function fullText(screen: Screen, assigned: AssignedRefs, budget: ScreenBudget): ScreenText {
  const lines = new Map(screen.elements.map((element, i) => [i, `${assigned.refs[i]} ${element.body}`]));
  const head = `# ${screen.title}, ${screen.elements.length} elements`;
  const { text, printed } = render(screen, head, lines, budget);
  return { text, known: screen.elements.map((_, i) => printed.has(i)), form: 'full' };
}

/** Refs as few words: a run of three or more numbers in a row as `e21-e27`, the rest one by one (`e2 e3 e6`). */
function refRanges(refs: readonly string[]): string {
  const numbers = refs.map((ref) => Number(ref.slice(1))).sort((a, b) => a - b);
  const words: string[] = [];
  for (let at = 0; at < numbers.length; ) {
    let end = at;
    while (end + 1 < numbers.length && numbers[end + 1] === (numbers[end] as number) + 1) end++;
    if (end - at >= 2) words.push(`e${numbers[at]}-e${numbers[end]}`);
    else for (let i = at; i <= end; i++) words.push(`e${numbers[i]}`);
    at = end + 1;
  }
  return words.join(' ');
}

function diffText(screen: Screen, assigned: AssignedRefs, budget: ScreenBudget): ScreenText {
  // Back from a read before the last one (an earlier screen): printed as lines under their old refs, so a reader
  // needs no memory of that read, only of the last one.
  const again = (i: number) => assigned.status[i] === 'same' && assigned.again[i] === true;
  const lines = new Map<number, string>();
  screen.elements.forEach((element, i) => {
    if (assigned.status[i] !== 'same' || again(i)) lines.set(i, `${assigned.refs[i]} ${element.body}`);
  });
  const count = (status: string) => assigned.status.filter((s) => s === status).length;
  const back = screen.elements.filter((_, i) => again(i)).length;
  const parts = [
    ...(count('new') > 0 ? [`${count('new')} new`] : []),
    ...(count('changed') > 0 ? [`${count('changed')} changed`] : []),
    ...(back > 0 ? [`${back} again`] : []),
    `${count('same') - back} as before`,
    ...(assigned.gone.length > 0 ? [`gone ${refRanges(assigned.gone)}`] : []),
  ];
  const head =
    lines.size === 0 && assigned.gone.length === 0
      ? `# ${screen.title}: unchanged (${screen.elements.length} elements as before)`
      : `# ${screen.title}: ${parts.join(', ')}`;
  const { text, printed } = render(screen, head, lines, budget);
  return { text, known: screen.elements.map((_, i) => printed.has(i) || !lines.has(i)), form: 'diff' };
}

/**
 * The screen for a client: whole, or (form `diff`) only what changed since its last read when that is shorter. An
 * element `same` as in that read was printed to this client before (or was as before then), so it is not repeated.
 */
export function screenText(
  screen: Screen,
  assigned: AssignedRefs,
  form: ScreenForm,
  budget: ScreenBudget = {},
): ScreenText {
  const full = fullText(screen, assigned, budget);
  // Another app in front: every line, whatever the client read before.
  if (form === 'full' || assigned.appChanged || assigned.status.every((status) => status === 'new')) return full;
  const diff = diffText(screen, assigned, budget);
  return diff.text.length < full.text.length ? diff : full;
}

/** A tree's compact screen as a first read shows it (refs from e1), whole. */
export function renderCompact(tree: UiTree, budget: ScreenBudget = {}): string {
  const screen = readScreen(tree);
  const current = screen.elements.map((element) => ({ identity: element.identity, line: element.body }));
  return screenText(screen, assignRefs(undefined, current, screen.title, screen.signature), 'full', budget).text;
}
