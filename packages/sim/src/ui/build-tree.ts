// Lays out a screen definition into the materialized tree. Scrollable containers shift their content by the stored
// offset and only rows that intersect the viewport exist (like RecyclerView); visible bounds are clipped.
import type { NodeDef } from './app-def.ts';
import { type AppState, currentScreen, fillTemplate } from './app-state.ts';
import type { Rect, UiNode } from './ui-node.ts';

const LEAF_HEIGHT = 126;
const SCROLL_ITEM_WIDTH = 360;
const INTERACTIVE = new Set(['Button', 'ImageButton', 'EditText', 'Switch', 'CheckBox', 'RadioButton', 'ToggleButton']);

interface Ctx {
  state: AppState;
  pkg: string;
  /**
   * Android 7-9 report an empty field's hint as its text to accessibility (and so to uiautomator):
   * appium/appium#13618.
   */
  hintAsText: boolean;
}

export function widgetClass(def: NodeDef): string {
  const cls = def.class ?? 'LinearLayout';
  return cls.includes('.') ? cls : `android.widget.${cls}`;
}

function shortClass(def: NodeDef): string {
  const cls = def.class ?? 'LinearLayout';
  return cls.slice(cls.lastIndexOf('.') + 1);
}

/** Expands `repeat` into concrete child definitions with their row numbers (1-based). */
function childDefs(def: NodeDef): { def: NodeDef; row: number | undefined; index: number }[] {
  const out: { def: NodeDef; row: number | undefined; index: number }[] = (def.children ?? []).map((child, index) => ({
    def: child,
    row: undefined,
    index,
  }));
  if (def.repeat) {
    for (let i = 1; i <= def.repeat.count; i++) out.push({ def: def.repeat.template, row: i, index: out.length });
  }
  return out;
}

/** Natural height of a node laid out vertically. */
export function naturalHeight(def: NodeDef): number {
  if (def.visible === false) return 0;
  if (def.height !== undefined) return def.height;
  const kids = childDefs(def);
  if (kids.length === 0) return LEAF_HEIGHT;
  const heights = kids.map((k) => naturalHeight(k.def));
  if (def.orientation === 'overlay') return Math.max(...kids.map((k, i) => (k.def.frame?.top ?? 0) + heights[i]!));
  return def.orientation === 'horizontal' ? Math.max(...heights) : heights.reduce((a, b) => a + b, 0);
}

function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

function isEmpty(r: Rect): boolean {
  return r.right <= r.left || r.bottom <= r.top;
}

/** Rectangles of the children inside `inner` (content coordinates, before scrolling). */
function layoutChildren(def: NodeDef, inner: Rect, kids: { def: NodeDef }[]): Rect[] {
  if (def.orientation === 'overlay') return kids.map((k) => framed(k.def, inner));
  const horizontal = def.orientation === 'horizontal' || def.scrollAxis === 'horizontal';
  if (horizontal) {
    const width = inner.right - inner.left;
    const fixed = kids.reduce((sum, k) => sum + (k.def.width ?? 0), 0);
    const flexible = kids.filter((k) => k.def.width === undefined).length;
    const share = def.scrollable ? SCROLL_ITEM_WIDTH : Math.floor((width - fixed) / Math.max(1, flexible));
    let x = inner.left;
    return kids.map((k) => {
      const w = k.def.width ?? share;
      const r = { left: x, top: inner.top, right: x + w, bottom: inner.bottom };
      x += w;
      return r;
    });
  }
  const height = inner.bottom - inner.top;
  const fixed = kids.reduce((sum, k) => sum + (k.def.fill ? 0 : naturalHeight(k.def)), 0);
  let y = inner.top;
  return kids.map((k) => {
    const h = k.def.fill ? Math.max(0, height - fixed) : naturalHeight(k.def);
    const r = { left: inner.left, top: y, right: inner.right, bottom: y + h };
    y += h;
    return r;
  });
}

/** A child of an overlay: where its frame puts it inside the parent (FrameLayout with margins). */
function framed(def: NodeDef, inner: Rect): Rect {
  const left = inner.left + (def.frame?.left ?? 0);
  const top = inner.top + (def.frame?.top ?? 0);
  const w = def.frame?.width ?? def.width;
  const h = def.frame?.height ?? def.height;
  return {
    left,
    top,
    right: w === undefined ? inner.right : left + w,
    bottom: h === undefined ? inner.bottom : top + h,
  };
}

interface Placement {
  key: string;
  row: number | undefined;
  index: number;
  parent: UiNode | undefined;
}

/** The text a node shows: a field shows what was typed (literally: typed braces are not templates). */
function shownText(def: NodeDef, ctx: Ctx, key: string, row: number | undefined): string {
  const vars = ctx.state.vars;
  if (shortClass(def) !== 'EditText') return fillTemplate(def.text ?? '', vars, row);
  const typed = vars.get(def.bind ?? def.id ?? key) ?? '';
  if (typed === '' && ctx.hintAsText) return def.hint ?? '';
  return def.password ? '•'.repeat(typed.length) : typed;
}

function materialize(def: NodeDef, rect: Rect, clip: Rect, ctx: Ctx, at: Placement): UiNode | undefined {
  const { key, row, parent } = at;
  const visible = intersect(rect, clip);
  if ((isEmpty(visible) || def.visible === false) && parent) return undefined;
  const short = shortClass(def);
  const vars = ctx.state.vars;
  const isField = short === 'EditText';
  const text = shownText(def, ctx, key, row);
  const checkable = def.checkable ?? (short === 'Switch' || short === 'CheckBox' || short === 'ToggleButton');
  const node: UiNode = {
    index: at.index,
    hint: def.hint ?? '',
    cls: widgetClass(def),
    resourceId: def.id ? (def.id.includes(':') ? def.id : `${ctx.pkg}:id/${fillTemplate(def.id, vars, row)}`) : '',
    text,
    desc: fillTemplate(def.desc ?? '', vars, row),
    pkg: ctx.pkg,
    clickable: def.clickable ?? (def.onClick !== undefined || INTERACTIVE.has(short)),
    longClickable: def.longClickable ?? def.onLongClick !== undefined,
    focusable: def.focusable ?? (isField || INTERACTIVE.has(short)),
    focused: ctx.state.focusedKey === key,
    scrollable: def.scrollable ?? false,
    checkable,
    checked: checkable ? (ctx.state.checked.get(key) ?? def.checked ?? false) : false,
    password: def.password ?? false,
    enabled: def.enabled ?? true,
    selected: def.selected ?? false,
    bounds: visible,
    children: [],
    parent,
    key,
    def,
    row,
  };
  const kids = childDefs(def);
  const rects = layoutChildren(def, rect, kids);
  let shift = 0;
  let childClip = intersect(clip, rect);
  if (def.scrollable) {
    const axis = def.scrollAxis ?? 'vertical';
    const vertical = axis === 'vertical';
    const end = rects.reduce((m, r) => Math.max(m, vertical ? r.bottom : r.right), vertical ? rect.top : rect.left);
    const max = Math.max(0, end - (vertical ? rect.bottom : rect.right));
    const offset = Math.min(max, Math.max(0, ctx.state.scroll.get(key) ?? 0));
    node.scroll = { axis, offset, max };
    shift = offset;
    childClip = intersect(clip, rect);
  }
  kids.forEach((kid, i) => {
    const r = rects[i]!;
    const vertical = (def.scrollAxis ?? 'vertical') === 'vertical';
    const moved = vertical
      ? { ...r, top: r.top - shift, bottom: r.bottom - shift }
      : { ...r, left: r.left - shift, right: r.right - shift };
    const childKey = `${key}/${kid.row ?? kid.def.id ?? kid.index}`;
    // A scrolling list holds only the rows on screen (recycled views leave no gap); other layouts keep off-screen
    // children, which the dump skips but counts.
    const index = def.scrollable ? node.children.length : kid.index;
    const child = materialize(kid.def, moved, childClip, ctx, {
      key: childKey,
      row: kid.row ?? row,
      index,
      parent: node,
    });
    if (child) node.children.push(child);
  });
  return node;
}

/** The whole window: a DecorView-like FrameLayout over the screen holding the app content. */
export function buildTree(
  state: AppState,
  screen: Rect,
  content: Rect,
  options: { hintAsText?: boolean } = {},
): UiNode {
  const pkg = state.def.package;
  const screenId = currentScreen(state);
  const screenDef = state.def.screens[screenId];
  const ctx: Ctx = { state, pkg, hintAsText: options.hintAsText ?? false };
  const place = (key: string, parent: UiNode | undefined): Placement => ({ key, row: undefined, index: 0, parent });
  const decor: NodeDef = { class: 'FrameLayout' };
  const root = materialize(decor, screen, screen, ctx, place(`${screenId}#decor`, undefined))!;
  const contentDef: NodeDef = { class: 'FrameLayout', id: 'android:id/content' };
  const holder = materialize(contentDef, content, content, ctx, place(`${screenId}#content`, root))!;
  root.children.push(holder);
  if (screenDef) {
    const child = materialize(screenDef.root, content, content, ctx, place(screenId, holder));
    if (child) holder.children.push(child);
  }
  return root;
}
