// The real pages of one simulated device: one headless Chromium (started when a page first shows), one tab per app
// that shows a WebView (the browser, a hybrid app), kept in step with the app's screen before every dump,
// screenshot and input. Pages come only from http://127.0.0.1:<port>/ addresses: the first address an app opens
// sets the origin its tab may load from, and every other request of the tab (another host, another local port such
// as svc's own server) is refused before it leaves Chromium.
import { CdpConnection } from './cdp.ts';
import { type Chromium, launchChromium } from './chromium.ts';
import { type PageRead, READ_PAGE_NODES } from './page-nodes.ts';

/** Which DevTools socket an app's WebView serves (none: a WebView the app did not make debuggable). */
export type DevtoolsSocket = 'chrome' | 'webview' | 'none';

export interface WebViewSpec {
  /** The app that shows it (one tab per app). */
  owner: string;
  url: string;
  socket: DevtoolsSocket;
  /** Physical pixels of the WebView on screen, and the display's scale (density / 160). */
  width: number;
  height: number;
  scale: number;
}

interface Tab {
  targetId: string;
  sessionId: string;
  spec: WebViewSpec;
  origin: string | undefined;
  read: PageRead | undefined;
  png: Uint8Array | undefined;
  /** The tab has a page before this one in its history (BACK goes there). */
  canGoBack: boolean;
}

const LOAD_TIMEOUT_MS = 10_000;
const FRAME_OR_TIMEOUT = 'new Promise((r) => { requestAnimationFrame(() => r(1)); setTimeout(() => r(0), 500); })';

/** The only pages a simulated device opens: plain http on the loopback address, a port given. */
export function allowedPageUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && u.hostname === '127.0.0.1' && u.port !== '';
  } catch {
    return false;
  }
}

export class WebEngine {
  #browser: Promise<{ chromium: Chromium; cdp: CdpConnection }> | undefined;
  readonly #tabs = new Map<string, Tab>();
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  /** The tab of an app, as last read (sync: the tree and the screenshot are built from it). */
  tab(owner: string): Readonly<Pick<Tab, 'spec' | 'read' | 'png' | 'canGoBack'>> | undefined {
    return this.#tabs.get(owner);
  }

  /** The DevTools target ids an app's socket serves. */
  targetsOf(owners: readonly string[]): string[] {
    return owners.flatMap((owner) => {
      const tab = this.#tabs.get(owner);
      return tab ? [tab.targetId] : [];
    });
  }

  owners(): { owner: string; socket: DevtoolsSocket }[] {
    return [...this.#tabs.values()].map((t) => ({ owner: t.spec.owner, socket: t.spec.socket }));
  }

  port(): Promise<number> {
    return this.#ensureBrowser().then((b) => b.chromium.port);
  }

  /** Brings each shown WebView's tab in line with its app, then reads it (and its pixels when asked). */
  sync(specs: readonly WebViewSpec[], options: { pixels?: boolean } = {}): Promise<void> {
    return this.#serial(async () => {
      for (const spec of specs) {
        const tab = await this.#tabFor(spec);
        await this.#read(tab, options.pixels === true);
      }
    });
  }

  /** A touch at CSS pixels of an app's page (a real click: mouse pressed and released there). */
  tap(owner: string, x: number, y: number): Promise<void> {
    return this.#act(owner, async (cdp, session) => {
      for (const type of ['mousePressed', 'mouseReleased'])
        await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, session);
    });
  }

  /** Text committed by the keyboard into the focused element, any characters. */
  insertText(owner: string, text: string): Promise<void> {
    return this.#act(owner, (cdp, session) => cdp.send('Input.insertText', { text }, session));
  }

  /** Enter or Backspace pressed on the page. */
  key(owner: string, key: 'Enter' | 'Backspace'): Promise<void> {
    const code = key === 'Enter' ? 13 : 8;
    return this.#act(owner, async (cdp, session) => {
      for (const type of ['rawKeyDown', 'keyUp'])
        await cdp.send(
          'Input.dispatchKeyEvent',
          { type, key, code: key, windowsVirtualKeyCode: code, ...(key === 'Enter' ? { text: '\r' } : {}) },
          session,
        );
      if (key === 'Enter')
        await cdp.send('Input.dispatchKeyEvent', { type: 'char', key, text: '\r', unmodifiedText: '\r' }, session);
    });
  }

  /** The page went back in its history: true when there was a page to go back to. */
  async back(owner: string): Promise<boolean> {
    let went = false;
    await this.#act(owner, async (cdp, session) => {
      const history = await cdp.send<{ currentIndex: number; entries: { id: number }[] }>(
        'Page.getNavigationHistory',
        {},
        session,
      );
      const previous = history.entries[history.currentIndex - 1];
      if (history.currentIndex <= 1 || previous === undefined) return;
      await cdp.send('Page.navigateToHistoryEntry', { entryId: previous.id }, session);
      went = true;
    });
    return went;
  }

  /** Every queued page action has run. */
  settled(): Promise<void> {
    return this.#serial(async () => {});
  }

  /** Forgets an app's tab (the app was stopped). */
  drop(owner: string): void {
    const tab = this.#tabs.get(owner);
    if (!tab) return;
    this.#tabs.delete(owner);
    void this.#serial(async () => {
      const { cdp } = await this.#ensureBrowser();
      await cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => {});
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = undefined;
    this.#tabs.clear();
    if (!browser) return;
    const started = await browser.catch(() => undefined);
    started?.cdp.close();
    await started?.chromium.close();
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => {});
    return run;
  }

  #act(owner: string, action: (cdp: CdpConnection, session: string) => Promise<unknown>): Promise<void> {
    return this.#serial(async () => {
      const tab = this.#tabs.get(owner);
      if (!tab) return;
      const { cdp } = await this.#ensureBrowser();
      await action(cdp, tab.sessionId);
      await this.#settle(cdp, tab.sessionId);
    });
  }

  #ensureBrowser(): Promise<{ chromium: Chromium; cdp: CdpConnection }> {
    if (this.#closed) return Promise.reject(new Error('the device stopped'));
    this.#browser ??= (async () => {
      const chromium = await launchChromium();
      try {
        const cdp = await CdpConnection.open(chromium.browserUrl);
        cdp.on('Fetch.requestPaused', (params, sessionId) => void this.#filter(cdp, params, sessionId));
        return { chromium, cdp };
      } catch (error) {
        await chromium.close();
        throw error;
      }
    })();
    return this.#browser;
  }

  /**
   * Answers a tab's request from its own origin, fetched here (Chromium itself reaches no network: its proxy is a
   * closed port, loopback included, so neither a request nor a WebSocket of a page leaves it); any other is refused.
   */
  async #filter(cdp: CdpConnection, params: Record<string, unknown>, sessionId: string | undefined): Promise<void> {
    const request = params.request as {
      url: string;
      method: string;
      headers: Record<string, string>;
      postData?: string;
    };
    const tab = [...this.#tabs.values()].find((t) => t.sessionId === sessionId);
    const allowed =
      tab?.origin !== undefined && allowedPageUrl(request.url) && new URL(request.url).origin === tab.origin;
    const fail = () =>
      cdp.send('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' }, sessionId);
    if (!allowed) return void (await fail().catch(() => {}));
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        ...(request.postData === undefined ? {} : { body: request.postData }),
      });
      const body = Buffer.from(await response.arrayBuffer()).toString('base64');
      const responseHeaders = [...response.headers].map(([name, value]) => ({ name, value }));
      await cdp.send(
        'Fetch.fulfillRequest',
        { requestId: params.requestId, responseCode: response.status, responseHeaders, body },
        sessionId,
      );
    } catch {
      await fail().catch(() => {});
    }
  }

  async #tabFor(spec: WebViewSpec): Promise<Tab> {
    const { cdp } = await this.#ensureBrowser();
    let tab = this.#tabs.get(spec.owner);
    if (!tab) {
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId);
      await cdp.send('Page.enable', {}, sessionId);
      tab = {
        targetId,
        sessionId,
        spec: { ...spec, url: 'about:blank' },
        origin: undefined,
        read: undefined,
        png: undefined,
        canGoBack: false,
      };
      this.#tabs.set(spec.owner, tab);
      await this.#resize(cdp, tab, spec);
    } else if (spec.width !== tab.spec.width || spec.height !== tab.spec.height || spec.scale !== tab.spec.scale) {
      await this.#resize(cdp, tab, spec);
    }
    if (spec.url !== tab.spec.url) {
      tab.spec = { ...spec };
      await this.#open(cdp, tab, spec.url);
    }
    tab.spec = { ...spec };
    // The app on screen shows its tab: the browser draws it and its document is visible (the others are hidden).
    await cdp.send('Page.bringToFront', {}, tab.sessionId);
    return tab;
  }

  async #resize(cdp: CdpConnection, tab: Tab, spec: WebViewSpec): Promise<void> {
    await cdp.send(
      'Emulation.setDeviceMetricsOverride',
      {
        width: Math.max(1, Math.round(spec.width / spec.scale)),
        height: Math.max(1, Math.round(spec.height / spec.scale)),
        deviceScaleFactor: spec.scale,
        mobile: true,
      },
      tab.sessionId,
    );
  }

  /** Opens an address in the tab: one of the loopback addresses a test serves, else a page that says it is refused. */
  async #open(cdp: CdpConnection, tab: Tab, url: string): Promise<void> {
    if (!allowedPageUrl(url)) {
      tab.origin = undefined;
      const html = `<title>Refused</title><p>svc-sim opens only http://127.0.0.1:&lt;port&gt;/ pages</p>`;
      const { frameTree } = await cdp.send<{ frameTree: { frame: { id: string } } }>(
        'Page.getFrameTree',
        {},
        tab.sessionId,
      );
      await cdp.send('Page.setDocumentContent', { frameId: frameTree.frame.id, html }, tab.sessionId);
      return;
    }
    tab.origin = new URL(url).origin;
    await cdp.send('Page.navigate', { url }, tab.sessionId);
    await this.#settle(cdp, tab.sessionId);
  }

  /** Waits for a document that finished loading (a click may have started a navigation), then a frame. */
  async #settle(cdp: CdpConnection, session: string): Promise<void> {
    const until = Date.now() + LOAD_TIMEOUT_MS;
    await new Promise((resolve) => setTimeout(resolve, 30));
    while (Date.now() < until) {
      const state = await cdp
        .send<{ result: { value?: unknown } }>(
          'Runtime.evaluate',
          { expression: 'document.readyState', returnByValue: true },
          session,
        )
        .catch(() => undefined);
      if (state?.result.value === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cdp
      .send(
        'Runtime.evaluate',
        // A frame, or half a second in a tab the browser does not draw (no animation frames come there).
        { expression: FRAME_OR_TIMEOUT, awaitPromise: true },
        session,
      )
      .catch(() => {});
  }

  async #read(tab: Tab, pixels: boolean): Promise<void> {
    const { cdp } = await this.#ensureBrowser();
    const evaluated = await cdp.send<{ result: { value?: PageRead } }>(
      'Runtime.evaluate',
      { expression: READ_PAGE_NODES, returnByValue: true },
      tab.sessionId,
    );
    tab.read = evaluated.result.value;
    const history = await cdp.send<{ currentIndex: number }>('Page.getNavigationHistory', {}, tab.sessionId);
    // Entry 0 is the blank page every tab starts on.
    tab.canGoBack = history.currentIndex > 1;
    if (!pixels) return;
    const shot = await cdp.send<{ data: string }>('Page.captureScreenshot', { format: 'png' }, tab.sessionId);
    tab.png = Buffer.from(shot.data, 'base64');
  }
}
