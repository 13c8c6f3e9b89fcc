// The web-page source of the screen: where the app in front shows a WebView (Chrome's page, or a hybrid app's), the
// page's own elements, read over the DevTools protocol, take the WebView's place in the tree: each with its box in
// screen pixels, an Android class by its role (so roles, texts and ids match as on native nodes), and a link back
// to the element for the web actions. Which page: a debuggable WebView serves `webview_devtools_remote_<pid>` for
// its process; Chrome serves `chrome_devtools_remote` (both listed in /proc/net/unix). A WebView with neither keeps
// its accessibility nodes, and the reader is told once why and what the app's developer can do.
import type { SvcContext } from '../core/context.ts';
import type { DeviceShell } from '../device-shell/device-shell.ts';
import { readForeground } from '../device-shell/foreground.ts';
import { area, CSS_MATCHES, type Rect, type UiNode, type UiTree, walk } from '../ui/index.ts';
import type { CdpSession } from './cdp-session.ts';
import type { DevtoolsPage } from './devtools-connection.ts';
import { type PageElement, type PageRead, readPageExpression } from './page-script.ts';
import { noticeOnce, pageSession, pagesOf } from './page-sessions.ts';

/** Chrome's packages: they serve their tabs on `chrome_devtools_remote`. */
const CHROME_PACKAGES = new Set([
  'com.android.chrome',
  'com.chrome.beta',
  'com.chrome.dev',
  'com.chrome.canary',
  'org.chromium.chrome',
]);
const PACKAGE = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;
/** At most this many elements of one page's viewport (a budget then chooses what is printed). */
const MAX_PAGE_ELEMENTS = 3000;

/** Where an element of a page lives: enough for a web action to reach it again. */
export interface WebTarget {
  serial: string;
  socket: string;
  page: string;
  element: number;
  /** The WebView on screen and its scale (screen pixels per CSS pixel). */
  view: Rect;
  scale: number;
}

const targets = new WeakMap<UiNode, WebTarget>();

/** The page element a node of the tree stands for (undefined: a native node). */
export const webTargetOf = (node: UiNode): WebTarget | undefined => targets.get(node);

/** The page shown in the app's largest WebView, if the tree has one. */
export interface ShownPage {
  session: CdpSession;
  socket: string;
  page: string;
  webview: UiNode;
}

function largestWebView(tree: UiTree): UiNode | undefined {
  const pkg = tree.roots[0]?.pkg;
  const views = tree.nodes.filter((n) => n.cls === 'android.webkit.WebView' && n.pkg === pkg && area(n.bounds) > 0);
  return views.sort((a, b) => area(b.bounds) - area(a.bounds))[0];
}

/** The DevTools socket that serves the app's pages, from /proc/net/unix and the app's pid. */
async function socketOf(shell: DeviceShell, pkg: string): Promise<string | undefined> {
  const out = await shell.read(`cat /proc/net/unix; pidof ${pkg}`);
  const names = new Set([...out.matchAll(/@(\w*devtools_remote\w*)\s*$/gm)].map((m) => m[1] as string));
  // pidof's line (the last): an app may run several processes; the WebView's socket names the one that holds it.
  const last = out.trim().split('\n').at(-1) ?? '';
  const pids = /^\d+(?: \d+)*$/.test(last) ? last.split(' ') : [];
  const webview = pids.map((pid) => `webview_devtools_remote_${pid}`).find((name) => names.has(name));
  if (webview !== undefined) return webview;
  if (CHROME_PACKAGES.has(pkg) && names.has('chrome_devtools_remote')) return 'chrome_devtools_remote';
  return undefined;
}

/** The page in front: a WebView says it is visible; among Chrome's tabs, the one whose document is visible. */
async function pageInFront(ctx: SvcContext, serial: string, socket: string, pages: DevtoolsPage[]) {
  const described = pages.filter((p) => /"visible":\s*true/.test(p.description ?? ''));
  const candidates = described.length > 0 ? described : pages;
  if (candidates.length === 1) return candidates[0];
  for (const page of candidates) {
    const session = await pageSession(ctx, serial, socket, page.id);
    if ((await session.evaluate<string>('document.visibilityState')) === 'visible') return page;
  }
  return candidates[0];
}

export async function shownPage(ctx: SvcContext, shell: DeviceShell, tree: UiTree): Promise<ShownPage | undefined> {
  const webview = largestWebView(tree);
  if (webview === undefined || !PACKAGE.test(webview.pkg)) return undefined;
  const socket = await socketOf(shell, webview.pkg);
  if (socket === undefined) {
    noticeOnce(
      ctx,
      shell.serial,
      webview.pkg,
      `the WebView of ${webview.pkg} is not debuggable, so its page is shown as its accessibility nodes only; ` +
        'the app’s developer can call WebView.setWebContentsDebuggingEnabled(true) (debug builds) to let svc read the page',
    );
    return undefined;
  }
  const page = await pageInFront(ctx, shell.serial, socket, await pagesOf(ctx, shell.serial, socket));
  if (page === undefined) return undefined;
  return { session: await pageSession(ctx, shell.serial, socket, page.id), socket, page: page.id, webview };
}

const CLASS_OF_ROLE: Record<string, string> = {
  button: 'android.widget.Button',
  textfield: 'android.widget.EditText',
  checkbox: 'android.widget.CheckBox',
  radio: 'android.widget.RadioButton',
  switch: 'android.widget.Switch',
  combobox: 'android.widget.Spinner',
  image: 'android.widget.Image',
};

type Place = Omit<WebTarget, 'element'> & { offset: { left: number; top: number } };

function elementNode(
  parent: UiNode,
  element: PageElement,
  index: number,
  place: Place,
  selectors: readonly string[],
): UiNode {
  const [id, role, name, value, hint, htmlId, x, y, w, h, flags, css] = element;
  const field = role === 'textfield';
  const attributes: Record<string, string> = field && hint !== '' ? { hint } : {};
  if (css.length > 0) attributes[CSS_MATCHES] = css.map((i) => selectors[i] ?? '').join('\u0000');
  const { view, scale } = place;
  const clickable = !['text', 'heading', 'image'].includes(role) || field;
  const left = view.left - place.offset.left * scale;
  const top = view.top - place.offset.top * scale;
  const bounds: Rect = {
    left: Math.max(view.left, Math.round(left + x * scale)),
    top: Math.max(view.top, Math.round(top + y * scale)),
    right: Math.min(view.right, Math.round(left + (x + w) * scale)),
    bottom: Math.min(view.bottom, Math.round(top + (y + h) * scale)),
  };
  const checkable = role === 'checkbox' || role === 'radio' || role === 'switch';
  const node: UiNode = {
    index,
    text: field ? value : name,
    resourceId: htmlId,
    cls: CLASS_OF_ROLE[role] ?? 'android.view.View',
    pkg: parent.pkg,
    desc: field ? name : '',
    checkable,
    checked: (flags & 2) !== 0,
    clickable,
    enabled: (flags & 4) === 0,
    focusable: clickable,
    focused: (flags & 1) !== 0,
    scrollable: false,
    longClickable: false,
    password: (flags & 8) !== 0,
    selected: false,
    bounds,
    attributes,
    children: [],
    parent,
    order: 0,
  };
  const { offset: _, ...target } = place;
  targets.set(node, { ...target, element: id });
  return node;
}

/**
 * The tree with the page in front in place of its WebView's accessibility nodes; the tree as it was when there is
 * no WebView, no debuggable one, or its page cannot be read now.
 */
export async function withPages(
  ctx: SvcContext,
  shell: DeviceShell,
  tree: UiTree,
  selectors: readonly string[] = [],
): Promise<UiTree> {
  let shown: ShownPage | undefined;
  let read: PageRead;
  try {
    shown = await shownPage(ctx, shell, tree);
    if (shown === undefined) return tree;
    read = await shown.session.evaluate<PageRead>(readPageExpression(MAX_PAGE_ELEMENTS, selectors));
  } catch {
    return tree;
  }
  const { webview } = shown;
  const view = webview.bounds;
  const scale = read.width > 0 ? (view.right - view.left) / read.width : 1;
  const offset = { left: read.left ?? 0, top: read.top ?? 0 };
  const place = { serial: shell.serial, socket: shown.socket, page: shown.page, view, scale, offset };
  // The page's own elements say what it shows; the WebView's title would only repeat its heading.
  webview.text = '';
  webview.children = read.elements.map((element, i) => elementNode(webview, element, i, place, selectors));
  const nodes = tree.roots.flatMap((root) => [...walk(root)]);
  nodes.forEach((node, order) => {
    node.order = order;
  });
  return { ...tree, nodes };
}

/** The app in front serves its pages over DevTools now (a page's fields then take any text without a keyboard). */
export async function servesPagesInFront(shell: DeviceShell): Promise<boolean> {
  const { package: pkg } = await readForeground(shell);
  return pkg !== undefined && PACKAGE.test(pkg) && (await socketOf(shell, pkg)) !== undefined;
}

/** The CSS selectors an execution names anywhere in its actions' params (element, target, container, label). */
export function cssSelectorsOf(actions: readonly { params?: unknown }[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'css' && typeof inner === 'string') found.add(inner);
      else visit(inner);
    }
  };
  for (const action of actions) visit(action.params);
  return [...found];
}
