// Where the simulator's apps show real pages: the WebView nodes of the tree (NodeDef.web), the tab each one is
// (web/web-engine.ts), and the page's nodes placed under the WebView in screen pixels, as Chrome gives them to
// accessibility (web/page-nodes.ts). A WebView the app flattens keeps no children.
import type { PageNode } from '../web/page-nodes.ts';
import type { WebEngine, WebViewSpec } from '../web/web-engine.ts';
import { fillTemplate } from './app-state.ts';
import type { Display } from './display.ts';
import { type Rect, type UiNode, walk } from './ui-node.ts';

export function webNodes(root: UiNode): UiNode[] {
  return [...walk(root)].filter((node) => node.def.web !== undefined);
}

export function webSpecs(root: UiNode, vars: ReadonlyMap<string, string>, display: Display): WebViewSpec[] {
  return webNodes(root).map((node) => {
    const web = node.def.web as NonNullable<UiNode['def']['web']>;
    return {
      owner: node.pkg,
      url: fillTemplate(web.url, vars),
      socket: web.devtools,
      width: node.bounds.right - node.bounds.left,
      height: node.bounds.bottom - node.bounds.top,
      scale: display.density / 160,
    };
  });
}

/**
 * A point of the screen inside a page: the app and the point in CSS pixels of the page's layout (what
 * Input.dispatchMouseEvent takes), through the page's zoom.
 */
export function pagePointAt(root: UiNode, engine: WebEngine, display: Display, x: number, y: number) {
  for (const node of webNodes(root)) {
    const b = node.bounds;
    if (x < b.left || x >= b.right || y < b.top || y >= b.bottom) continue;
    const read = engine.tab(node.pkg)?.read;
    const zoom = read && read.viewport.width > 0 ? (b.right - b.left) / read.viewport.width : display.density / 160;
    return { owner: node.pkg, x: (x - b.left) / zoom, y: (y - b.top) / zoom };
  }
  return undefined;
}

function pageChild(parent: UiNode, page: PageNode, index: number, scale: number): UiNode {
  const b = parent.bounds;
  const bounds: Rect = {
    left: Math.max(b.left, Math.round(b.left + page.x * scale)),
    top: Math.max(b.top, Math.round(b.top + page.y * scale)),
    right: Math.min(b.right, Math.round(b.left + (page.x + page.w) * scale)),
    bottom: Math.min(b.bottom, Math.round(b.top + (page.y + page.h) * scale)),
  };
  return {
    index,
    cls: page.cls,
    resourceId: page.id,
    text: page.text,
    hint: '',
    desc: '',
    pkg: parent.pkg,
    clickable: page.clickable,
    longClickable: false,
    focusable: page.focusable,
    focused: page.focused,
    scrollable: false,
    checkable: page.checkable,
    checked: page.checked,
    password: page.password,
    enabled: page.enabled,
    selected: false,
    bounds,
    children: [],
    parent,
    key: `${parent.key}/web${index}`,
    def: { class: page.cls, ...(page.heading ? { heading: true } : {}) },
    row: undefined,
  };
}

/** Puts each WebView's page nodes (as last read) under it. */
export function attachPages(root: UiNode, engine: WebEngine, display: Display): void {
  const scale = display.density / 160;
  for (const node of webNodes(root)) {
    const tab = engine.tab(node.pkg);
    const read = tab?.read;
    if (!read || node.def.web?.flatten) continue;
    node.text = read.title;
    // Screen pixels per CSS pixel of the page's layout (a page laid out wider than the screen is shown zoomed out).
    const zoom = read.viewport.width > 0 ? (node.bounds.right - node.bounds.left) / read.viewport.width : scale;
    node.children = read.nodes.map((page, i) => pageChild(node, page, i, zoom));
  }
}

/**
 * A key the page in front takes: ENTER and DEL go to the focused page; BACK in a browser goes back in the tab's history
 * first (Chrome's own back handling), then leaves. Returns whether the page took it.
 */
export function pageTakesKey(
  web: WebEngine,
  focusedPage: string | undefined,
  pkg: string,
  code: number | undefined,
): boolean {
  if (focusedPage && (code === 66 || code === 67)) {
    void web.key(focusedPage, code === 66 ? 'Enter' : 'Backspace').catch(() => {});
    return true;
  }
  if (code === 4 && web.tab(pkg)?.canGoBack) {
    void web.back(pkg).catch(() => {});
    return true;
  }
  return false;
}
