// Keyboard shortcuts for the common moves. They are off while typing in a field (Escape leaves it).
import { type ActKind, act } from './acts.ts';
import { showForm, toggleRecording } from './copy-view.ts';
import { byId } from './dom.ts';
import { refresh } from './refresh.ts';
import { store } from './store.ts';
import { focusSearch, neighbourRow, nextSearchHit, toggleCollapsed } from './tree-view.ts';

export const SHORTCUTS: readonly [string, string][] = [
  ['r', 'capture the screen again'],
  ['/', 'search the tree'],
  ['↑ ↓', 'previous / next node'],
  ['← →', 'collapse / expand'],
  ['n N', 'next / previous search hit'],
  ['t', 'tap the selection'],
  ['l', 'long-press it'],
  ['e', 'read its text'],
  ['i', 'type into it (focuses the text box)'],
  ['s S', 'scroll down / up'],
  ['b h a', 'back / home / recents'],
  ['o', 'open an app'],
  ['.', 'start / stop recording'],
  ['c', 'show the execution JSON'],
  ['Esc', 'clear the selection'],
  ['?', 'show these keys'],
];

const ACTS: Record<string, ActKind> = { t: 'tap', l: 'long', e: 'read', b: 'back', h: 'home', a: 'recents' };

/** True in a field that takes keys (a text box, a list): a checkbox just clicked keeps the shortcuts on. */
function typing(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) return false;
  return target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable]') !== null;
}

function scroll(direction: 'down' | 'up'): void {
  byId<HTMLSelectElement>('act-direction').value = direction;
  void act('scroll');
}

export function mountShortcuts(): void {
  const help = byId<HTMLDialogElement>('keys');
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      if (typing(event.target)) (event.target as HTMLElement).blur();
      else store.select(null);
      return;
    }
    if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const selected = store.selected;
    const moves: Record<string, () => void> = {
      r: () => void refresh(),
      '/': focusSearch,
      ArrowDown: () => store.select(neighbourRow(1) ?? selected),
      ArrowUp: () => store.select(neighbourRow(-1) ?? selected),
      ArrowLeft: () => selected !== null && toggleCollapsed(selected, true),
      ArrowRight: () => selected !== null && toggleCollapsed(selected, false),
      n: () => store.select(nextSearchHit(1) ?? selected),
      N: () => store.select(nextSearchHit(-1) ?? selected),
      i: () => byId('act-text').focus(),
      s: () => scroll('down'),
      S: () => scroll('up'),
      o: () => byId('act-app').focus(),
      '.': toggleRecording,
      c: () => void showForm('json'),
      '?': () => (help.open ? help.close() : help.showModal()),
    };
    const kind = ACTS[event.key];
    const move = kind ? () => void act(kind) : moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    move();
  });
}
