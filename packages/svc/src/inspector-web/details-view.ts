// Every attribute of the selected node as the dump has it, plus what svc infers: its role, whether it is on screen,
// its place in the tree.
import { byId, el } from './dom.ts';
import { store } from './store.ts';

const panel = byId('details');

const pointAt = () => el('p', { class: 'hint', text: 'Point at the screen or the tree.' });

export function mountDetailsView(): void {
  panel.replaceChildren(pointAt());
  store.on('screen', () => panel.replaceChildren(pointAt()));
  store.on('select', (order) => {
    const node = order === null ? undefined : store.screen?.nodes[order];
    if (node === undefined) {
      panel.replaceChildren(el('p', { class: 'hint', text: 'Nothing selected.' }));
      return;
    }
    const row = (name: string, value: string, cls = '') =>
      el('tr', { class: cls }, el('th', { text: name }), el('td', { text: value }));
    const inferred = [
      row('role', node.role ?? '(none)', 'inferred'),
      row('on screen', node.visible ? 'yes' : 'no (empty bounds)', 'inferred'),
      row('node', `#${node.order}, depth ${node.depth}`, 'inferred'),
    ];
    const attributes = Object.entries(node.attributes).map(([name, value]) =>
      row(name, value, value === '' || value === 'false' ? 'dim' : ''),
    );
    panel.replaceChildren(el('table', { class: 'attributes' }, el('tbody', {}, ...inferred, ...attributes)));
  });
}
