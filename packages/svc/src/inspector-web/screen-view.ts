// The device's picture with the snapshot's node bounds drawn over it. Bounds are drawn once per screen on a canvas;
// hover, selection and the matches of the current selector are a few boxes moved by style, so pointing costs no
// redraw. A point on the picture picks the smallest visible node that contains it (the deepest on a tie).
import { byId, el } from './dom.ts';
import { store } from './store.ts';
import type { PageNode, Screen } from './types.ts';

const frame = byId('screen-frame');
const picture = byId<HTMLImageElement>('screen-picture');
const canvas = byId<HTMLCanvasElement>('screen-bounds');
const problemNote = byId('screen-problem');
const hoverBox = el('div', { class: 'box box-hover' });
const selectBox = el('div', { class: 'box box-select' });
const matchLayer = el('div', { class: 'match-layer' });
hoverBox.hidden = true;
selectBox.hidden = true;
frame.append(matchLayer, hoverBox, selectBox);

/** Device pixels of the screen: the picture's size, else the union of the bounds. */
let size = { width: 1080, height: 2400 };

function sizeOf(screen: Screen): { width: number; height: number } {
  if (screen.picture) return screen.picture;
  let width = 1;
  let height = 1;
  for (const node of screen.nodes) {
    width = Math.max(width, node.bounds[2]);
    height = Math.max(height, node.bounds[3]);
  }
  return { width, height };
}

/** Places a box over a node's bounds, in percent of the frame so it follows any zoom. */
function place(box: HTMLElement, node: PageNode | undefined): void {
  if (node === undefined) {
    box.hidden = true;
    return;
  }
  const [l, t, r, b] = node.bounds;
  box.hidden = false;
  box.style.left = `${(l / size.width) * 100}%`;
  box.style.top = `${(t / size.height) * 100}%`;
  box.style.width = `${((r - l) / size.width) * 100}%`;
  box.style.height = `${((b - t) / size.height) * 100}%`;
}

function drawBounds(screen: Screen): void {
  canvas.width = size.width;
  canvas.height = size.height;
  const g = canvas.getContext('2d');
  if (g === null) return;
  g.clearRect(0, 0, size.width, size.height);
  g.lineWidth = Math.max(2, size.width / 400);
  g.strokeStyle = 'rgba(37, 99, 235, 0.45)';
  for (const node of screen.nodes) {
    if (!node.visible) continue;
    const [l, t, r, b] = node.bounds;
    g.strokeRect(l, t, r - l, b - t);
  }
}

/** The node under a device point: smallest visible area containing it, the later (deeper) one on a tie. */
export function nodeAt(screen: Screen, x: number, y: number): PageNode | undefined {
  let best: PageNode | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  for (const node of screen.nodes) {
    const [l, t, r, b] = node.bounds;
    if (!node.visible || x < l || x >= r || y < t || y >= b) continue;
    const area = (r - l) * (b - t);
    if (area <= bestArea) {
      best = node;
      bestArea = area;
    }
  }
  return best;
}

function devicePoint(event: MouseEvent): { x: number; y: number } {
  const rect = frame.getBoundingClientRect();
  return {
    x: Math.floor(((event.clientX - rect.left) / rect.width) * size.width),
    y: Math.floor(((event.clientY - rect.top) / rect.height) * size.height),
  };
}

export function mountScreenView(): void {
  store.on('screen', (screen) => {
    hoverBox.hidden = true;
    selectBox.hidden = true;
    matchLayer.replaceChildren();
    frame.classList.toggle('empty', screen === null);
    if (screen === null) {
      picture.removeAttribute('src');
      return;
    }
    size = sizeOf(screen);
    frame.style.aspectRatio = `${size.width} / ${size.height}`;
    if (screen.picture) picture.src = `/inspector/api/screens/${encodeURIComponent(screen.id)}/picture.png`;
    else picture.removeAttribute('src');
    picture.hidden = screen.picture === null;
    drawBounds(screen);
  });
  // A failed capture says why over the picture (an older picture stays, dimmed: it may no longer be the screen).
  store.on('problem', (problem) => {
    problemNote.hidden = problem === null;
    frame.classList.toggle('stale', problem !== null && store.screen !== null);
    problemNote.replaceChildren();
    if (problem === null) return;
    problemNote.append(el('p', { text: problem.text }));
    if (problem.hint) problemNote.append(el('p', { class: 'hint', text: problem.hint }));
  });
  store.on('hover', (order) => place(hoverBox, order === null ? undefined : store.screen?.nodes[order]));
  store.on('select', (order) => place(selectBox, order === null ? undefined : store.screen?.nodes[order]));
  store.on('matches', (orders) => {
    const boxes = orders.slice(0, 100).map((order) => {
      const box = el('div', { class: 'box box-match' });
      place(box, store.screen?.nodes[order]);
      return box;
    });
    matchLayer.replaceChildren(...boxes);
  });

  frame.addEventListener('mousemove', (event) => {
    const screen = store.screen;
    if (screen === null) return;
    const { x, y } = devicePoint(event);
    store.hover(nodeAt(screen, x, y)?.order ?? null);
  });
  frame.addEventListener('mouseleave', () => store.hover(null));
  frame.addEventListener('click', (event) => {
    const screen = store.screen;
    if (screen === null) return;
    const { x, y } = devicePoint(event);
    const node = nodeAt(screen, x, y);
    if (node !== undefined) store.select(node.order);
  });
}
