// Acting from the page: each act is a one-action execution sent to POST /execute (the API every client uses, so it
// shows in the event stream), then the screen is captured again. Acts on an element use the selector in the
// editor; with none, a tap falls back to the centre of the selected node.
import { execute, get, post } from './api.ts';
import { byId, el } from './dom.ts';
import { executionOf, nextActionId } from './execution.ts';
import { autoRefreshOn, refresh } from './refresh.ts';
import { store } from './store.ts';
import type { Action, Candidate, NodeMatcher, PageNode, RunResult } from './types.ts';

export type ActKind = 'tap' | 'long' | 'type' | 'scroll' | 'read' | 'back' | 'home' | 'recents' | 'open';

const result = byId('act-result');
const textInput = byId<HTMLInputElement>('act-text');
const submitBox = byId<HTMLInputElement>('act-submit');
const direction = byId<HTMLSelectElement>('act-direction');
const appInput = byId<HTMLInputElement>('act-app');
const packageList = byId<HTMLDataListElement>('packages');

/** The action of an act, or why it cannot be built now. */
async function actionFor(kind: ActKind): Promise<Omit<Action, 'id'> | string> {
  const selector = store.selector;
  const node = store.selected === null ? undefined : store.screen?.nodes[store.selected];
  const matcher = selector?.matcher;
  const needsElement = () => (matcher === undefined ? 'Select an element (and a selector that finds it) first.' : '');
  switch (kind) {
    case 'back':
    case 'home':
    case 'recents':
      return { type: 'press_key', params: { key: kind } };
    case 'open':
      return appInput.value.trim() === ''
        ? 'Type or pick a package to open.'
        : { type: 'open_app', params: { applicationId: appInput.value.trim() } };
    case 'scroll': {
      const container = node === undefined ? undefined : await scrollContainerOf(node, matcher);
      return { type: 'scroll', params: { direction: direction.value, ...(container ? { container } : {}) } };
    }
    case 'read':
      return (
        needsElement() || {
          type: 'read_text',
          params: { matcher, ...(selector?.container ? { container: selector.container } : {}) },
        }
      );
    case 'type':
      if (textInput.value === '') return 'Type the text to enter in the text box first.';
      return (
        needsElement() || { type: 'enter_text', params: { matcher, text: textInput.value, submit: submitBox.checked } }
      );
    case 'tap':
    case 'long': {
      const clickType = kind === 'long' ? { clickType: 'long_click' } : {};
      if (selector?.container) return 'A selector with a container finds elements for read and scroll only.';
      if (matcher) return { type: 'click', params: { matcher, ...clickType } };
      if (node === undefined) return 'Select an element first.';
      const [l, t, r, b] = node.bounds;
      return {
        type: 'click',
        params: { coordinate: { x: Math.floor((l + r) / 2), y: Math.floor((t + b) / 2) }, ...clickType },
      };
    }
  }
}

function within(order: number, ancestor: number): boolean {
  for (let o: number | null = order; o !== null; o = store.screen?.nodes[o]?.parent ?? null)
    if (o === ancestor) return true;
  return false;
}

const scrolls = (node: PageNode) => node.attributes.scrollable === 'true';

/**
 * What a scroll with this selection moves: the list the selected node is in (or is), by a selector that finds that
 * list alone; else the selection itself when a list is inside it (the driver scrolls its first scrollable child);
 * else nothing named (the driver takes the first list on the screen).
 */
async function scrollContainerOf(node: PageNode, matcher: NodeMatcher | undefined): Promise<NodeMatcher | undefined> {
  const screen = store.screen;
  if (screen === null) return undefined;
  let list: PageNode | undefined = node;
  while (list !== undefined && !scrolls(list)) list = list.parent === null ? undefined : screen.nodes[list.parent];
  if (list !== undefined) {
    const answer = await post<{ candidates: Candidate[] }>('/inspector/api/selectors', {
      screenId: screen.id,
      node: list.order,
    });
    const own = answer.ok
      ? answer.candidates.find((c) => c.count === 1 && c.first === list.order && c.container === undefined)
      : undefined;
    if (own) return own.matcher;
  }
  const holdsList = screen.nodes.some((n) => scrolls(n) && within(n.order, node.order));
  return holdsList ? matcher : undefined;
}

/** What an act came to, as the page says it: the device's answer, or the failure with svc's hint. */
export interface Outcome {
  ok: boolean;
  text: string;
  hint?: string | undefined;
}

function summaryOf(run: RunResult): Outcome {
  if (!run.ok) return { ok: false, text: `${run.error.code}: ${run.error.message}`, hint: run.error.hint };
  const step = run.envelope.stepResults?.[0];
  if (run.succeeded) {
    const data = step?.data ?? {};
    // A typed text comes back as its length only (results never echo what was typed).
    const said =
      data.text !== undefined
        ? ` → "${data.text}"`
        : data.text_length !== undefined
          ? ` → ${data.text_length} characters typed`
          : data.scroll_outcome
            ? ` → ${data.scroll_outcome}`
            : '';
    return { ok: true, text: `done${said}` };
  }
  return {
    ok: false,
    text: `${run.failedCode ?? 'failed'}: ${step?.data.message ?? run.envelope.error ?? ''}`,
    hint: run.hint,
  };
}

export function showResult(label: string, outcome: Outcome): void {
  result.className = outcome.ok ? 'good' : 'bad';
  result.replaceChildren(el('strong', { text: `${label}: ` }), outcome.text);
  if (outcome.hint) result.append(el('div', { class: 'hint', text: outcome.hint }));
}

/** The screen after an act: captured again, unless "auto" is off (then the page says the picture is the old one). */
async function afterAct(): Promise<void> {
  if (autoRefreshOn()) return refresh();
  result.append(el('div', { class: 'hint', text: 'auto is off: press r (or ⟳ Refresh) to see the screen now.' }));
}

export async function act(kind: ActKind): Promise<void> {
  const built = await actionFor(kind);
  if (typeof built === 'string') {
    showResult(kind, { ok: false, text: built });
    return;
  }
  const action = { id: nextActionId(built.type), ...built } as Action;
  store.emit('busy', `${kind}…`);
  const run = await execute(executionOf([action], 'act'), store.target);
  store.emit('busy', null);
  const outcome = summaryOf(run);
  showResult(kind, outcome);
  store.addAct({ action, at: Date.now(), ok: outcome.ok, summary: outcome.text });
  await afterAct();
}

/** Runs the recording as one execution. */
export async function replay(): Promise<void> {
  if (store.recorded.length === 0) {
    showResult('replay', { ok: false, text: 'Nothing recorded yet.' });
    return;
  }
  store.emit('busy', 'replaying…');
  const run = await execute(executionOf([...store.recorded], 'replay'), store.target);
  store.emit('busy', null);
  showResult(`replay of ${store.recorded.length} act(s)`, summaryOf(run));
  await afterAct();
}

async function loadPackages(): Promise<void> {
  if (packageList.childElementCount > 0) return;
  const device = store.target.deviceId ? `?deviceId=${encodeURIComponent(store.target.deviceId)}` : '';
  const answer = await get<{ packages: string[] }>(`/inspector/api/packages${device}`);
  if (answer.ok)
    packageList.replaceChildren(...answer.packages.map((name) => el('option', { attrs: { value: name } })));
}

export function mountActs(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-act]')) {
    button.addEventListener('click', () => void act(button.dataset.act as ActKind));
  }
  appInput.addEventListener('focus', () => void loadPackages());
  appInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void act('open');
  });
  textInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') void act('type');
  });
  byId('replay').addEventListener('click', () => void replay());
  store.on('busy', (what) => document.body.classList.toggle('busy', what !== null));
}
