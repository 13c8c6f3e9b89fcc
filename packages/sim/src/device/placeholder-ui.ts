// The UiHost a bare device model runs with until the virtual UI (ui/) is installed on it: a launcher with an empty
// screen. It keeps the foreground app honest (launch / force-stop / back / home) so `am` and `monkey` work alone.
import { PNG } from 'pngjs';
import type { DeviceApi, UiHost } from './types.ts';

export const PLACEHOLDER_LAUNCHER = 'com.android.launcher3';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class PlaceholderUi implements UiHost {
  readonly display = { width: 1080, height: 2400, density: 420 };
  readonly #device: DeviceApi;
  #stack: string[] = [];

  constructor(device: DeviceApi) {
    this.#device = device;
  }

  foregroundPackage(): string {
    return this.#stack.at(-1) ?? PLACEHOLDER_LAUNCHER;
  }

  launch(pkg: string): boolean {
    if (!this.#device.packages.get(pkg)?.launcherActivity) return false;
    this.#stack = this.#stack.filter((p) => p !== pkg);
    this.#stack.push(pkg);
    return true;
  }

  openUri(uri: string): { handled: boolean; handlers: string[] } {
    // A browser-like app handles web links; nothing else is known to a bare device.
    const web = /^https?:/i.test(uri) && this.#device.packages.has('com.android.chrome');
    if (web) this.launch('com.android.chrome');
    return { handled: web, handlers: web ? ['com.android.chrome'] : [] };
  }

  forceStop(pkg: string): void {
    this.#stack = this.#stack.filter((p) => p !== pkg);
  }

  dumpXml(): string {
    const { width, height } = this.display;
    const pkg = escapeXml(this.foregroundPackage());
    return (
      `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
      `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${pkg}" content-desc="" ` +
      `checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" ` +
      `scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][${width},${height}]" />` +
      `</hierarchy>`
    );
  }

  uiautomatorXml(): string {
    return this.dumpXml();
  }

  runningPackages(): string[] {
    return [...this.#stack];
  }

  keyboardShown(): boolean {
    return false;
  }

  locked(): boolean {
    return false;
  }

  unlock(): void {}

  screencapPng(): Uint8Array {
    const png = new PNG({ width: this.display.width, height: this.display.height });
    png.data.fill(0xff);
    return new Uint8Array(PNG.sync.write(png));
  }

  tap(): void {}

  swipe(): void {}

  keyevent(keyCode: string): void {
    const code = keyCode.replace(/^KEYCODE_/, '');
    if (code === 'HOME' || code === '3') this.#stack = [];
    if (code === 'BACK' || code === '4') this.#stack.pop();
  }

  inputText(): void {}
}
