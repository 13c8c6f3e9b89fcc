// The selector builder: for the selected node, the selectors svc accepts, ranked by the server (unique ones that
// land on the node first, then by stability), each with its live count from the host matcher. The editor holds the
// selector the acts use; every edit is counted again by the server, never by a copy of the matcher here.
import { post } from './api.ts';
import { byId, debounce, el } from './dom.ts';
import { store } from './store.ts';
import type { Candidate, NodeMatcher, Selector, SelectorCount } from './types.ts';

const list = byId<HTMLOListElement>('selectors');
const editor = byId<HTMLTextAreaElement>('selector-edit');
const verdict = byId('selector-count');

export function countText(count: number): string {
  return count === 0 ? 'no match' : count === 1 ? 'unique' : `${count} matches`;
}

/** The editor's text for a selector: the bare matcher, or `{ matcher, container }` when it is scoped. */
function editorText(selector: Selector): string {
  const { matcher, container } = selector;
  return JSON.stringify(container === undefined ? matcher : { matcher, container });
}

function parseEditor(text: string): Selector | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON yet';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'a selector is a JSON object';
  const object = value as Record<string, unknown>;
  if ('matcher' in object) return object as unknown as Selector;
  return { matcher: object as NodeMatcher };
}

function showVerdict(count: SelectorCount | undefined, problem?: string): void {
  verdict.className = 'verdict';
  if (problem !== undefined || count === undefined) {
    verdict.classList.add('bad');
    verdict.textContent = problem ?? '';
    store.emit('matches', []);
    return;
  }
  verdict.classList.add(count.count === 1 ? 'good' : count.count === 0 ? 'bad' : 'warn');
  const lands = store.selected !== null && count.first !== null && count.first !== store.selected;
  verdict.textContent = `${countText(count.count)}${lands ? ` · acts on #${count.first}` : ''}`;
  store.emit('matches', count.matches);
}

/** Answers to older edits are dropped: only the count of the text in the editor is shown. */
let recountSeq = 0;

async function recount(): Promise<void> {
  const seq = ++recountSeq;
  const screen = store.screen;
  const parsed = parseEditor(editor.value);
  if (typeof parsed === 'string' || screen === null) {
    showVerdict(undefined, typeof parsed === 'string' ? parsed : 'no screen');
    store.setSelector(null);
    return;
  }
  const answer = await post<{ counts: (SelectorCount | { error: { message: string } })[] }>('/inspector/api/count', {
    screenId: screen.id,
    selectors: [parsed],
  });
  if (seq !== recountSeq) return;
  if (!answer.ok) return showVerdict(undefined, answer.error.message);
  const [result] = answer.counts;
  if (result === undefined || 'error' in result) {
    store.setSelector(null);
    return showVerdict(undefined, result?.error.message ?? 'no answer');
  }
  store.setSelector(parsed);
  showVerdict(result);
}

function use(candidate: Selector): void {
  editor.value = editorText(candidate);
  void recount();
}

function candidateItem(candidate: Candidate, index: number): HTMLLIElement {
  const cls = candidate.count === 1 && candidate.hitsNode ? 'good' : candidate.count === 0 ? 'bad' : 'warn';
  const notes = [
    candidate.hitsNode ? '' : 'finds another node first',
    candidate.container ? 'read and scroll only (container)' : '',
  ].filter(Boolean);
  const item = el(
    'li',
    { class: 'candidate', attrs: { 'data-index': String(index), 'data-count': String(candidate.count) } },
    el('code', { text: editorText(candidate) }),
    el('span', { class: `badge ${cls}`, text: countText(candidate.count) }),
    notes.length > 0 ? el('span', { class: 'note', text: notes.join(' · ') }) : null,
  );
  item.addEventListener('click', () => {
    for (const other of list.querySelectorAll('.chosen')) other.classList.remove('chosen');
    item.classList.add('chosen');
    use(candidate);
  });
  return item;
}

/**
 * Lists the candidates of the selected node. A fresh selection puts the best one in the editor; the same node kept
 * across a refresh keeps what the editor holds (perhaps the user's own edit) and counts it on the new screen.
 */
async function loadCandidates(order: number, keepEditor: boolean): Promise<void> {
  const screen = store.screen;
  if (screen === null) return;
  list.replaceChildren(el('li', { class: 'hint', text: 'counting…' }));
  const answer = await post<{ candidates: Candidate[] }>('/inspector/api/selectors', {
    screenId: screen.id,
    node: order,
  });
  if (store.selected !== order || store.screen !== screen) return;
  if (!answer.ok) {
    list.replaceChildren(el('li', { class: 'hint bad', text: answer.error.message }));
    return;
  }
  const items = answer.candidates.map(candidateItem);
  list.replaceChildren(
    ...(items.length > 0 ? items : [el('li', { class: 'hint', text: 'No selector: tap by coordinate.' })]),
  );
  const best = answer.candidates[0];
  if (keepEditor && editor.value !== '') {
    for (const item of items)
      if (item.querySelector('code')?.textContent === editor.value) item.classList.add('chosen');
    void recount();
  } else if (best) {
    items[0]?.classList.add('chosen');
    use(best);
  } else {
    editor.value = '';
    store.setSelector(null);
    showVerdict(undefined, '');
  }
}

export function mountSelectorView(): void {
  let screenOfSelection: string | undefined;
  let lastSelected: number | null = null;
  store.on('select', (order) => {
    const kept = order !== null && order === lastSelected && screenOfSelection !== store.screen?.id;
    lastSelected = order;
    screenOfSelection = store.screen?.id;
    if (order === null) {
      list.replaceChildren();
      return;
    }
    void loadCandidates(order, kept);
  });
  // A new screen: the editor's selector is counted again on it (the page refreshes after every act).
  store.on('screen', () => {
    list.replaceChildren();
    if (editor.value !== '') void recount();
  });
  editor.addEventListener(
    'input',
    debounce(() => void recount(), 120),
  );
}
