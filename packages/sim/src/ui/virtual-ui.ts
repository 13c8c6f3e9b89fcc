// The UiHost of the simulated device: input and rendering over the task stack. Everything (dump, screencap,
// operator actions) is derived from the same state, so they always agree.
import type { TouchedNode } from '../device/input-log.ts';
import type { UiHost } from '../device/types.ts';
import type { FaultControl } from '../faults.ts';
import type { WebEngine } from '../web/web-engine.ts';
import type { TransitionDef } from './app-def.ts';
import { type AppState, currentScreen, freshState } from './app-state.ts';
import { buildTree } from './build-tree.ts';
import { type CapturedScreen, parseCapturedScreen } from './captured-screen.ts';
import { contentRect, type Display, defaultDisplay, dpToPx, screenRect } from './display.ts';
import { keyCodeOf } from './key-codes.ts';
import { type PanelOverlay, renderScreen } from './render-png.ts';
import type { Shade } from './shade.ts';
import { shadeSwipe } from './shade-swipe.ts';
import { keyguardApp, SYSTEM_UI_PACKAGE } from './system-apps.ts';
import { TaskStack } from './task-stack.ts';
import { dispatchTouch } from './touch-dispatch.ts';
import { clickableSelfOrAncestor, contains, type Rect, rectString, type UiNode, walk } from './ui-node.ts';
import { renderUiautomatorXml } from './uiautomator-xml.ts';
import { attachPages, pagePointAt, pageTakesKey, webSpecs } from './web-content.ts';
import { renderXml } from './xml.ts';

/** A finger that moves less than this (8 dp, ViewConfiguration's touch slop) has not moved. */
const TOUCH_SLOP_DP = 8;
/** A press held this long is a long press (ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT). */
const LONG_PRESS_MS = 400;
/** Share of the screen height the soft keyboard takes (Gboard on a 1080x2400 phone: ~840 px). */
const KEYBOARD_HEIGHT_SHARE = 0.35;

export class VirtualUi extends TaskStack implements UiHost {
  readonly display: Display = defaultDisplay();
  /** A system security dialog over everything (interactions are blocked while it shows). */
  securityOverlay = false;
  /** The operator's on-screen log panel: drawn on screenshots, never part of the accessibility tree. */
  panel: PanelOverlay | undefined;
  /** API level of the phone (some levels report an empty field's hint as its text). */
  apiLevel = 35;
  /** The device's fault switches (`keyboard_no_view`), when installed on a device. */
  faults: FaultControl | undefined;
  /** Whether the selected input method draws a view (device/input-methods.ts); absent = it does. */
  inputMethodHasView: (() => boolean) | undefined;
  /** The notification shade (ui/shade.ts), when the device keeps notifications. */
  shade: Shade | undefined;
  private readonly configListeners = new Set<() => void>();
  #keyguard: AppState | undefined;
  /** The soft keyboard, shown for a field of one screen of one app: it goes when that screen does. */
  #keyboard: { state: AppState; screen: string } | undefined;
  /** The input method's own `mIsInputViewShown`: set each time the keyboard shows, kept after it hides. */
  #inputViewFlag = false;
  /** A screen captured from a real phone, shown over the apps until cleared, and the display size it replaced. */
  #captured: { screen: CapturedScreen; size: { width: number; height: number } } | undefined;
  /** The real pages of the apps' WebViews (a headless Chromium, started when a page first shows). */
  web: WebEngine | undefined;
  /** The app whose page took the last touch: typed text and keys go to that page while its app is in front. */
  #pageFocus: string | undefined;

  /** The accessibility tree of the focused window: the lock screen while locked, else the foreground app. */
  tree(): UiNode {
    if (this.#captured && !this.#keyguard) return this.#captured.screen.root;
    const shade = this.#keyguard ? undefined : this.shade;
    // The shade's screen is built from what is posted now, over the state its user changed (the reply's text).
    const state = this.#keyguard ?? (shade?.state ? { ...shade.state, def: shade.def() } : this.top);
    const root = buildTree(state, screenRect(this.display), contentRect(this.display), {
      hintAsText: this.apiLevel >= 24 && this.apiLevel <= 28,
    });
    if (this.web) attachPages(root, this.web, this.display);
    return root;
  }

  /** Brings the pages of the screen's WebViews up to date (before a dump or a screenshot reads them). */
  async syncPages(options: { pixels?: boolean } = {}): Promise<void> {
    if (!this.web || this.#captured || this.#keyguard) return;
    const specs = webSpecs(this.tree(), this.top.vars, this.display);
    if (specs.length > 0) await this.web.sync(specs, options);
    else await this.web.settled();
  }

  /** The page that holds the focus, when its app is in front. */
  private focusedPage(): string | undefined {
    return this.web && this.#pageFocus === this.top.def.package && !this.locked() ? this.#pageFocus : undefined;
  }

  /** While the shade is open it has the focus: typed text and keys go to its reply field. */
  protected override get top(): AppState {
    return (!this.#keyguard && this.shade?.state) || super.top;
  }

  expandNotifications(): void {
    this.#keyboard = undefined;
    this.shade?.expand();
  }

  collapsePanels(): void {
    if (this.shade?.open) this.#keyboard = undefined;
    this.shade?.collapse();
  }

  shadeOpen(): boolean {
    return this.shade?.open === true;
  }

  /** A tap on the shade's rows, actions, Send and Clear all; any other transition as the app defines it. */
  protected override run(t: TransitionDef | undefined, node: UiNode): void {
    const shade = this.shade;
    if (shade?.open && t?.notification) {
      const apps = {
        launch: (pkg: string) => this.launch(pkg),
        showScreen: (_pkg: string, screen: string) => this.top.stack.push(screen),
      };
      if (!shade.act(t.notification, apps)) this.#keyboard = undefined;
      return;
    }
    if (shade?.open && node.resourceId === 'com.android.systemui:id/dismiss_text') {
      shade.clearAll();
      return;
    }
    super.run(t, node);
  }

  /**
   * Shows a `uiautomator dump` file captured on a real phone instead of the apps (undefined: the apps again). The
   * display takes the capture's size when its root fills the screen. Throws when the text is not a dump.
   */
  showScreen(dump: string | undefined): void {
    const previous = this.#captured;
    const screen = dump === undefined ? undefined : parseCapturedScreen(dump);
    this.#captured = screen && {
      screen,
      size: previous?.size ?? { width: this.display.width, height: this.display.height },
    };
    this.#keyboard = undefined;
    const size = screen?.screen ?? (screen ? undefined : previous?.size);
    if (size && (size.width !== this.display.width || size.height !== this.display.height))
      this.changeConfiguration(size);
  }

  override foregroundPackage(): string {
    return this.#captured && !this.#keyguard ? this.#captured.screen.pkg : super.foregroundPackage();
  }

  /** A stopped app's pages go with it (its tab is closed; it opens afresh). */
  override forceStop(pkg: string): void {
    super.forceStop(pkg);
    this.web?.drop(pkg);
    if (this.#pageFocus === pkg) this.#pageFocus = undefined;
  }

  /** Shows the lock screen (the keyguard window takes the focus; the app stays behind it). */
  lock(): void {
    this.#keyguard ??= freshState(keyguardApp());
    this.#keyboard = undefined;
  }

  unlock(): void {
    this.#keyguard = undefined;
  }

  locked(): boolean {
    return this.#keyguard !== undefined;
  }

  /** Something of the system's (a security overlay, the lock screen) takes every touch. */
  blocksInteraction(): boolean {
    return this.securityOverlay || this.locked();
  }

  keyboardShown(): boolean {
    const k = this.#keyboard;
    return k !== undefined && k.state === this.top && k.screen === currentScreen(this.top) && !this.locked();
  }

  /**
   * The keyboard draws a view over the screen. Not with `keyboard_no_view`: an input method shown without a view (a
   * hardware keyboard attached, an IME whose onEvaluateInputViewShown is false) reports mInputShown=true but
   * mIsInputViewShown=false, covers nothing, and does not take BACK (appium-adb isSoftKeyboardPresent).
   */
  keyboardViewShown(): boolean {
    return (
      this.keyboardShown() &&
      this.faults?.get('keyboard_no_view') === undefined &&
      (this.inputMethodHasView?.() ?? true)
    );
  }

  /**
   * What the input method's own dump says of its view (`mIsInputViewShown`): evaluated while the keyboard shows and
   * kept after it hides, as InputMethodService.hideWindow does not reset it (a real Motorola dump, Android 9: true
   * with mInputShown=false and no keyboard on screen; svc test/fixtures/real-dumpsys).
   */
  inputViewFlag(): boolean {
    if (this.keyboardShown()) this.#inputViewFlag = this.keyboardViewShown();
    return this.#inputViewFlag;
  }

  /** The node a touch at (x, y) reaches now (the input log records it). */
  touchedNodeAt(x: number, y: number): TouchedNode | undefined {
    const node = this.touchTarget(x, y);
    if (!node) return undefined;
    return {
      resourceId: node.resourceId,
      text: node.text,
      contentDesc: node.desc,
      className: node.cls,
      bounds: rectString(node.bounds),
    };
  }

  /** Where the soft keyboard covers the screen, above the navigation bar. */
  keyboardRect(): Rect {
    const content = contentRect(this.display);
    const top = content.bottom - Math.round(this.display.height * KEYBOARD_HEIGHT_SHARE);
    return { left: 0, top, right: this.display.width, bottom: content.bottom };
  }

  runningPackages(): string[] {
    return [...new Set([SYSTEM_UI_PACKAGE, ...this.tasks.map((t) => t.def.package)])];
  }

  click(target: UiNode): void {
    const node = clickableSelfOrAncestor(target) ?? target;
    if (node.cls.endsWith('EditText')) this.top.focusedKey = node.key;
    if (node.checkable && !node.def.onClick) this.top.checked.set(node.key, !node.checked);
    this.run(node.def.onClick, node);
  }

  longClick(target: UiNode): void {
    const node = clickableSelfOrAncestor(target, (n) => n.longClickable || n.clickable) ?? target;
    this.run(node.def.onLongClick ?? node.def.onClick, node);
  }

  focus(node: UiNode): void {
    this.top.focusedKey = node.key;
  }

  /** The node under a point that a touch reaches first among those `want` takes (ui/touch-dispatch.ts). */
  nodeAt(x: number, y: number, want: (n: UiNode) => boolean = (n) => n.clickable): UiNode | undefined {
    return dispatchTouch(this.tree(), x, y, want);
  }

  /**
   * The view a finger lands on, as Android dispatches touches: topmost window first (the keyboard takes its own
   * touches), then the deepest view that handles touches; a disabled clickable view still takes the touch and does
   * nothing (View.onTouchEvent), so the row behind it is not clicked.
   */
  private touchTarget(x: number, y: number): UiNode | undefined {
    if (this.blocksInteraction()) return undefined;
    if (this.keyboardViewShown() && contains(this.keyboardRect(), x, y)) return undefined;
    const hit = this.nodeAt(x, y, (n) => n.clickable || n.longClickable);
    return hit?.enabled ? hit : undefined;
  }

  tap(x: number, y: number): void {
    const node = this.touchTarget(x, y);
    const page =
      this.web && !this.blocksInteraction() ? pagePointAt(this.tree(), this.web, this.display, x, y) : undefined;
    if (page && this.web) {
      // The page handles its own touches (Chrome turns them into the page's pointer and click events).
      void this.web.tap(page.owner, page.x, page.y).catch(() => {});
      this.#pageFocus = page.owner;
      if (node?.cls.endsWith('EditText')) this.#keyboard = { state: this.top, screen: currentScreen(this.top) };
      return;
    }
    this.#pageFocus = undefined;
    if (!node) return;
    this.click(node);
    if (node.cls.endsWith('EditText')) {
      this.#keyboard = { state: this.top, screen: currentScreen(this.top) };
      this.#inputViewFlag = this.keyboardViewShown();
    }
  }

  private longPress(x: number, y: number): void {
    const node = this.touchTarget(x, y);
    if (node) this.longClick(node);
  }

  /** Scrolls a container by `delta` px along its axis (positive = content moves toward its end); returns px moved. */
  scrollBy(node: UiNode, delta: number): number {
    if (!node.scroll) return 0;
    const next = Math.min(node.scroll.max, Math.max(0, node.scroll.offset + delta));
    this.top.scroll.set(node.key, next);
    return next - node.scroll.offset;
  }

  /** A swipe that does not move is a tap, or a long press when held (`input swipe x y x y 800`). */
  swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): void {
    if (Math.hypot(x2 - x1, y2 - y1) < dpToPx(this.display, TOUCH_SLOP_DP)) {
      if (durationMs >= LONG_PRESS_MS) this.longPress(x1, y1);
      else this.tap(x1, y1);
      return;
    }
    if (this.blocksInteraction()) return;
    if (this.keyboardViewShown() && contains(this.keyboardRect(), x1, y1)) return;
    if (shadeSwipe(this, x1, y1, x2, y2)) return;
    const node = this.nodeAt(x1, y1, (n) => n.scrollable);
    if (!node?.scroll) return;
    this.scrollBy(node, node.scroll.axis === 'vertical' ? y1 - y2 : x1 - x2);
  }

  private focusedField(): { node: UiNode; name: string } | undefined {
    const key = this.top.focusedKey;
    const node = key ? [...walk(this.tree())].find((n) => n.key === key) : undefined;
    return node ? { node, name: node.def.bind ?? node.def.id ?? node.key } : undefined;
  }

  /** Key events typed into the focused field (the `input` command has already turned `%s` into spaces). */
  inputText(text: string): void {
    const page = this.focusedPage();
    if (page && this.web) {
      void this.web.insertText(page, text).catch(() => {});
      return;
    }
    const field = this.focusedField();
    if (!field || this.blocksInteraction()) return;
    const vars = this.top.vars;
    vars.set(field.name, (vars.get(field.name) ?? '') + text);
  }

  /** Replaces the text of a field (what ACTION_SET_TEXT does). */
  setText(node: UiNode, text: string): void {
    this.top.vars.set(node.def.bind ?? node.def.id ?? node.key, text);
    this.top.focusedKey = node.key;
  }

  submit(): void {
    const field = this.focusedField();
    if (field) this.run(field.node.def.onSubmit, field.node);
  }

  /**
   * A key press. With the keyboard up, BACK and ESCAPE only close it; while locked only the lock keys act. The cursor always sits at the end of a
   * field, so MOVE_END changes nothing and FORWARD_DEL has nothing to delete.
   */
  keyevent(keyCode: string): void {
    const code = keyCodeOf(keyCode);
    if ((code === 4 || code === 111) && this.keyboardViewShown()) {
      this.#keyboard = undefined;
      return;
    }
    // POWER and SLEEP turn the screen off, which locks it; MENU dismisses a keyguard without a PIN.
    if (code === 26 || code === 223) this.lock();
    else if (code === 82 && this.locked()) this.unlock();
    if (this.locked() || code === 82) return;
    if ((code === 4 || code === 3) && this.shade?.open) {
      this.collapsePanels();
      if (code === 4) return;
    }
    if (this.web && pageTakesKey(this.web, this.focusedPage(), this.top.def.package, code)) return;
    if (code === 4) this.back();
    else if (code === 3) this.home();
    else if (code === 187) this.recents();
    else if (code === 66 && this.focusedField()?.node.def.multiline) this.inputText('\n');
    else if (code === 66) this.submit();
    else if (code === 67) {
      const field = this.focusedField();
      const vars = this.top.vars;
      // DEL removes the character before the cursor, a whole code point (an emoji's two UTF-16 units), as
      // BaseKeyListener's backspace does.
      if (field) vars.set(field.name, [...(vars.get(field.name) ?? '')].slice(0, -1).join(''));
    }
  }

  screenName(): string {
    return currentScreen(this.top);
  }

  dumpXml(): string {
    return renderXml([this.tree()]);
  }

  uiautomatorXml(apiLevel: number): string {
    if (this.#captured && !this.#keyguard) return this.#captured.screen.xml;
    return renderUiautomatorXml(this.tree(), { apiLevel });
  }

  screencapPng(): Uint8Array {
    return renderScreen(this.tree(), this.display, {
      panel: this.panel,
      securityOverlay: this.securityOverlay,
      keyboard: this.keyboardViewShown() ? this.keyboardRect() : undefined,
      pagePixels: (node) => (node.def.web ? this.web?.tab(node.pkg)?.png : undefined),
    });
  }

  /** Rotation, density or font scale changed: listeners (the on-screen log panel) recompute. */
  changeConfiguration(change: Partial<Display>): void {
    Object.assign(this.display, change);
    for (const listener of this.configListeners) listener();
  }

  onConfigurationChanged(listener: () => void): () => void {
    this.configListeners.add(listener);
    return () => this.configListeners.delete(listener);
  }
}
