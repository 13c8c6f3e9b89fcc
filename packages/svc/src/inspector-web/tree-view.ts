// The hierarchy as a collapsible tree, built once per screen (one row per node, nested as the dump nests them). Hover
// and selection toggle a class on the rows concerned; search hides the rows that neither match nor lead to a match.
import { byId, debounce, el, shortClass } from './dom.ts';
import { store } from './store.ts';
import type { PageNode, Screen } from './types.ts';

const container = byId('tree');
const search = byId<HTMLInputElement>('tree-search');
const searchCount = byId('tree-search-count');

let rows: HTMLElement[] = [];
let groups: HTMLElement[] = [];
let matchesOfSearch: number[] = [];

function labelOf(node: PageNode): HTMLElement {
  const a = node.attributes;
  const id = a['resource-id'] ?? '';
  return el(
    'span',
    { class: 'label' },
    el('span', { class: 'cls', text: shortClass(a.class) }),
    a.text ? el('span', { class: 'text', text: ` "${a.text}"` }) : null,
    a['content-desc'] ? el('span', { class: 'desc', text: ` desc="${a['content-desc']}"` }) : null,
    id ? el('span', { class: 'rid', text: ` #${id.slice(id.indexOf('/') + 1)}` }) : null,
    node.role ? el('span', { class: 'role', text: ` ${node.role}` }) : null,
    node.visible ? null : el('span', { class: 'invisible', text: ' (off screen)' }),
  );
}

function build(screen: Screen): void {
  rows = [];
  groups = [];
  const kidsOf: HTMLElement[] = [];
  const roots: HTMLElement[] = [];
  for (const node of screen.nodes) {
    const hasKids = screen.nodes[node.order + 1]?.parent === node.order;
    const toggle = el('span', { class: hasKids ? 'toggle' : 'toggle leaf', text: hasKids ? '▾' : '' });
    const row = el('div', { class: 'row', attrs: { 'data-order': String(node.order) } }, toggle, labelOf(node));
    row.style.paddingLeft = `${node.depth * 14 + 4}px`;
    const kids = el('div', { class: 'kids' });
    const group = el('div', { class: 'node' }, row, kids);
    rows[node.order] = row;
    groups[node.order] = group;
    kidsOf[node.order] = kids;
    if (node.parent === null) roots.push(group);
    else kidsOf[node.parent]?.append(group);
  }
  container.replaceChildren(...roots);
  applySearch();
}

/** Opens every collapsed ancestor of a node so its row shows. */
function reveal(order: number): void {
  for (let p = store.screen?.nodes[order]?.parent ?? null; p !== null; p = store.screen?.nodes[p]?.parent ?? null) {
    groups[p]?.classList.remove('collapsed');
  }
}

export function toggleCollapsed(order: number, collapsed?: boolean): void {
  groups[order]?.classList.toggle('collapsed', collapsed);
}

function nodeMatches(node: PageNode, query: string): boolean {
  const a = node.attributes;
  return [a.text, a['content-desc'], a['resource-id'], a.class, node.role ?? ''].some((v) =>
    (v ?? '').toLowerCase().includes(query),
  );
}

function applySearch(): void {
  const screen = store.screen;
  const query = search.value.trim().toLowerCase();
  matchesOfSearch = [];
  container.classList.toggle('searching', query !== '');
  for (const row of container.querySelectorAll('.row.hit')) row.classList.remove('hit');
  for (const group of container.querySelectorAll('.node.shown')) group.classList.remove('shown');
  if (screen === null || query === '') {
    searchCount.textContent = '';
    return;
  }
  for (const node of screen.nodes) {
    if (!nodeMatches(node, query)) continue;
    matchesOfSearch.push(node.order);
    rows[node.order]?.classList.add('hit');
    for (let o: number | null = node.order; o !== null; o = screen.nodes[o]?.parent ?? null) {
      groups[o]?.classList.add('shown');
    }
  }
  searchCount.textContent = `${matchesOfSearch.length} found`;
}

/** The next (or previous) search hit after the selection. */
export function nextSearchHit(step: 1 | -1): number | undefined {
  if (matchesOfSearch.length === 0) return undefined;
  const at = store.selected ?? -1;
  const after = step === 1 ? matchesOfSearch.find((o) => o > at) : matchesOfSearch.findLast((o) => o < at);
  return after ?? (step === 1 ? matchesOfSearch[0] : matchesOfSearch.at(-1));
}

/** The row above or below the selection among those on view (collapsed and filtered ones skipped). */
export function neighbourRow(step: 1 | -1): number | undefined {
  const onView = [...container.querySelectorAll<HTMLElement>('.row')].filter((row) => row.offsetParent !== null);
  const index = onView.findIndex((row) => Number(row.dataset.order) === store.selected);
  const next = onView[index === -1 ? 0 : index + step];
  return next === undefined ? undefined : Number(next.dataset.order);
}

export function focusSearch(): void {
  search.focus();
  search.select();
}

export function mountTreeView(): void {
  store.on('screen', (screen) => (screen === null ? container.replaceChildren() : build(screen)));
  let hovered: HTMLElement | undefined;
  store.on('hover', (order) => {
    hovered?.classList.remove('hovered');
    hovered = order === null ? undefined : rows[order];
    hovered?.classList.add('hovered');
    if (hovered && !container.matches(':hover')) hovered.scrollIntoView({ block: 'nearest' });
  });
  let selected: HTMLElement | undefined;
  store.on('select', (order) => {
    selected?.classList.remove('selected');
    selected = order === null ? undefined : rows[order];
    if (order !== null) reveal(order);
    selected?.classList.add('selected');
    selected?.scrollIntoView({ block: 'nearest' });
  });
  container.addEventListener('mouseover', (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.row');
    if (row) store.hover(Number(row.dataset.order));
  });
  container.addEventListener('mouseleave', () => store.hover(null));
  container.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('.row');
    if (!row) return;
    const order = Number(row.dataset.order);
    if (target.classList.contains('toggle')) toggleCollapsed(order);
    else store.select(order);
  });
  const searchSoon = debounce(applySearch, 80);
  // Clearing shows the whole tree at once; typing waits for a pause.
  search.addEventListener('input', () => (search.value === '' ? applySearch() : searchSoon()));
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    applySearch(); // the search may not have run yet after the last key
    const hit = nextSearchHit(event.shiftKey ? -1 : 1);
    if (hit !== undefined) store.select(hit);
  });
}
