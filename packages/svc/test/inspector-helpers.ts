// The browser side of the inspector suites: Debian's chromium driven by playwright-core (never a downloaded
// browser), headless, against a lab server (own adb server and simulated devices). The page is opened at the address
// the started server gives a browser (browserUrl), so the suites follow whatever sign-in the server asks for.
import { type Browser, chromium, type Page } from 'playwright-core';
import type { SimDeviceOptions } from 'svc-sim';
import { browserUrl, inspectorPath } from '../src/server/inspector/browser-url.ts';
import { type LabServer, startLabServer } from './server-helpers.ts';

/** The image element's fields these helpers read (the test files are compiled without the DOM's types). */
interface Picture {
  naturalWidth: number;
  naturalHeight: number;
  complete: boolean;
  src: string;
}

/** The few document methods the page-side helpers call. */
interface PageDocument {
  getElementById(id: string): Picture | null;
  querySelectorAll(selector: string): { length: number };
}

export const CHROMIUM = process.env.SVC_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface InspectorLab {
  server: LabServer;
  browser: Browser;
  serial: string;
  /**
   * A fresh page on the inspector of a device of this lab (the first one unless `serial` says), loaded and showing
   * its first screen (`waitForScreen: false` for a page whose capture is expected to fail).
   */
  openInspector(options?: {
    width?: number;
    height?: number;
    serial?: string;
    driver?: string;
    waitForScreen?: boolean;
  }): Promise<Page>;
  close(): Promise<void>;
}

export async function startInspectorLab(devices: SimDeviceOptions[] = [{}]): Promise<InspectorLab> {
  const server = await startLabServer(devices);
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const serial = server.lab.devices[0]?.serial as string;
  return {
    server,
    browser,
    serial,
    async openInspector(options = {}) {
      const page = await browser.newPage({ viewport: { width: options.width ?? 1400, height: options.height ?? 900 } });
      await page.goto(browserUrl(server.running, inspectorPath(options.serial ?? serial, options.driver)));
      if (options.waitForScreen !== false) await waitForScreen(page);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Waits until the page shows a captured screen (its tree has rows and the status names the device). */
export async function waitForScreen(page: Page, previousScreen?: string): Promise<string> {
  await page.waitForFunction(
    (previous) => {
      // Runs in the page (a function, not a string: the page's Content-Security-Policy forbids eval).
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const img = doc.getElementById('screen-picture');
      const rows = doc.querySelectorAll('#tree .row').length;
      return rows > 0 && img !== null && img.complete && img.naturalWidth > 0 && img.src !== previous;
    },
    previousScreen ?? '',
    { timeout: 30_000 },
  );
  return page.$eval('#screen-picture', (img) => (img as unknown as Picture).src);
}

/** Where a point given in device pixels is on the page's picture. */
export async function pagePointOf(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await page.locator('#screen-frame').boundingBox();
  if (box === null) throw new Error('the screen frame is not on view');
  const size = await page.$eval('#screen-picture', (img) => [
    (img as unknown as Picture).naturalWidth,
    (img as unknown as Picture).naturalHeight,
  ]);
  const [w = 1, h = 1] = size;
  return { x: box.x + (x / w) * box.width, y: box.y + (y / h) * box.height };
}

/** Clicks the picture at a point given in device pixels. */
export async function clickDevicePoint(page: Page, x: number, y: number): Promise<void> {
  const point = await pagePointOf(page, x, y);
  await page.mouse.click(point.x, point.y);
}
