// What svc runs inside a page (DevTools Runtime.evaluate): the elements a user sees in the viewport, each with an id
// that stays the element's own for the page's life (kept page-side in a WeakMap under a symbol of svc's, so a later
// action finds the very element a screen showed), its role, its name, and its box in CSS pixels. Only the viewport:
// a page of thousands of nodes costs what its visible part costs, as a native list holds only its visible rows.

/**
 * [id, role, name, value, hint, htmlId, x, y, w, h, flags, css] — flags: 1 focused, 2 checked, 4 disabled, 8
 * password; css: the indexes of the asked CSS selectors the element matches.
 */
export type PageElement = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  number[],
];

export interface PageRead {
  url: string;
  title: string;
  /** The visual viewport (what the screen shows of the page), in CSS pixels of the layout. */
  width: number;
  height: number;
  left: number;
  top: number;
  elements: PageElement[];
  /** More elements were visible than one read keeps. */
  cut: boolean;
}

/** The page-side state and helpers, installed once per document (idempotent). */
const INSTALL = `
const K = Symbol.for('svc.web');
const S = window[K] || (() => {
  const s = { ids: new WeakMap(), els: new Map(), next: 1 };
  Object.defineProperty(window, K, { value: s });
  return s;
})();
const idOf = (el) => {
  let id = S.ids.get(el);
  if (!id) { id = S.next++; S.ids.set(el, id); S.els.set(id, new WeakRef(el)); }
  return id;
};
const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
const roleOf = (el) => {
  // ARIA roles of things a user acts on or reads as one; landmarks and lists (main, navigation, list) hold other
  // elements and are read through them.
  const aria = el.getAttribute('role');
  if (aria === 'textbox' || aria === 'searchbox') return 'textfield';
  if (aria === 'img') return 'image';
  if (['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'combobox', 'slider', 'heading'].includes(aria)) return aria;
  const tag = el.tagName;
  if (tag === 'A' && el.hasAttribute('href')) return 'link';
  if (tag === 'BUTTON' || tag === 'SUMMARY') return 'button';
  if (tag === 'TEXTAREA' || el.isContentEditable && el.contentEditable === 'true') return 'textfield';
  if (tag === 'SELECT') return 'combobox';
  if (tag === 'IMG') return el.alt ? 'image' : '';
  if (/^H[1-6]$/.test(tag)) return 'heading';
  if (tag === 'INPUT') {
    const t = (el.type || 'text').toLowerCase();
    if (t === 'hidden') return '';
    if (t === 'checkbox' || t === 'radio') return t === 'radio' ? 'radio' : 'checkbox';
    if (['submit', 'button', 'reset', 'image'].includes(t)) return 'button';
    return 'textfield';
  }
  if (el.onclick || el.hasAttribute('onclick')) return 'button';
  return '';
};
const ownText = (el) => clean([...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' '));
const nameOf = (el, role) => {
  const aria = el.getAttribute('aria-label');
  if (aria) return clean(aria);
  if (role === 'textfield' || role === 'combobox' || role === 'checkbox' || role === 'radio') {
    const label = el.labels && el.labels[0];
    return label ? clean(label.innerText) : clean(el.getAttribute('title'));
  }
  if (role === 'image') return clean(el.alt);
  if (el.tagName === 'INPUT') return clean(el.value);
  return role === '' ? ownText(el) : clean(el.innerText || el.textContent);
};
const visible = (el, r) => {
  const v = visualViewport || { width: innerWidth, height: innerHeight, offsetLeft: 0, offsetTop: 0 };
  if (r.width <= 0 || r.height <= 0 || r.bottom <= v.offsetTop || r.right <= v.offsetLeft || r.top >= v.offsetTop + v.height || r.left >= v.offsetLeft + v.width) return false;
  const st = getComputedStyle(el);
  return st.visibility !== 'hidden' && st.display !== 'none' && st.opacity !== '0';
};
`;

/** The visible elements, at most `max`, each with the indexes of the CSS `selectors` it matches. */
export function readPageExpression(max: number, selectors: readonly string[] = []): string {
  return `(() => {${INSTALL}
  const selectors = ${JSON.stringify(selectors)};
  const matching = (el) => selectors.flatMap((css, i) => { try { return el.matches(css) ? [i] : []; } catch { return []; } });
  const out = [];
  let cut = false;
  const inside = new Set();
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    // A field's label is the field's own name (its desc): not an element of its own.
    if (el.tagName === 'LABEL' && el.control) { inside.add(el); continue; }
    const role = roleOf(el);
    // Text inside an element already listed (a button's label, a link's words) belongs to it.
    if (role === '' && inside.has(el.parentElement)) { inside.add(el); continue; }
    if (role !== '' && role !== 'heading') inside.add(el);
    else if (inside.has(el.parentElement)) { inside.add(el); continue; }
    const name = nameOf(el, role);
    if (role === '' && name === '') continue;
    const r = el.getBoundingClientRect();
    if (!visible(el, r)) continue;
    if (out.length >= ${max}) { cut = true; break; }
    const field = role === 'textfield';
    const value = field ? (el.type === 'password' ? '•'.repeat((el.value || '').length) : (el.value ?? clean(el.innerText))) : '';
    const flags = (document.activeElement === el ? 1 : 0) | (el.checked ? 2 : 0) | (el.disabled ? 4 : 0) | (el.type === 'password' ? 8 : 0);
    out.push([idOf(el), role || 'text', name, value, field ? clean(el.placeholder) : '', el.id || '',
      Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height), flags, matching(el)]);
  }
  const vv = visualViewport || { width: innerWidth, height: innerHeight, offsetLeft: 0, offsetTop: 0 };
  return { url: location.href, title: document.title, width: vv.width, height: vv.height, left: vv.offsetLeft, top: vv.offsetTop, elements: out, cut };
})()`;
}

/**
 * Brings an element into view and answers its centre in CSS pixels (undefined: the element is gone). `focus`
 * also focuses it and selects what it holds, so typed text replaces it.
 */
export function elementPointExpression(id: number, focus: boolean): string {
  return `(() => {${INSTALL}
  const ref = S.els.get(${Number(id)});
  const el = ref && ref.deref();
  if (!el || !el.isConnected) return null;
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  if (${focus}) {
    el.focus();
    if (typeof el.select === 'function') el.select();
    else if (el.isContentEditable) { const range = document.createRange(); range.selectNodeContents(el); const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range); }
  }
  // Input.dispatchMouseEvent takes the point in CSS pixels of the page's layout viewport, as the box is.
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
})()`;
}

/** What a selector asks of the page: an exact or partial text, a role, a CSS selector. */
export interface PageQuery {
  text?: string;
  textContains?: string;
  role?: string;
  css?: string;
}

/** Finds the first element of the whole page (in view or not) that a query names and scrolls it into view. */
export function scrollIntoViewExpression(query: PageQuery): string {
  return `(() => {${INSTALL}
  const q = ${JSON.stringify(query)};
  let pool = [];
  try { pool = q.css ? document.querySelectorAll(q.css) : document.body ? document.body.querySelectorAll('*') : []; } catch { return null; }
  for (const el of pool) {
    const role = roleOf(el) || 'text';
    if (q.role && q.role !== role && !(q.role === 'button' && role === 'link') && !(q.role === 'text' && role === 'heading')) continue;
    const name = nameOf(el, roleOf(el));
    if (q.text !== undefined && name !== q.text) continue;
    if (q.textContains !== undefined && !name.toLowerCase().includes(q.textContains.toLowerCase())) continue;
    if (!q.css && !q.role && name === '') continue;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    return idOf(el);
  }
  return null;
})()`;
}
