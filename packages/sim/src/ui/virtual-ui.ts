// The UiHost of the simulated device: input and rendering over the task stack. Everything (dump, screencap,
// operator actions) is derived from the same state, so they always agree.
import type { UiHost } from '../device/types.ts';
import { currentScreen } from './app-state.ts';
import { buildTree } from './build-tree.ts';
import { contentRect, type Display, defaultDisplay, screenRect } from './display.ts';
import { type PanelOverlay, renderScreen } from './render-png.ts';
import { TaskStack } from './task-stack.ts';
import { contains, type UiNode, walk } from './ui-node.ts';
import { renderXml } from './xml.ts';

/** Clicking a label clicks its row: the node itself when clickable, else its nearest clickable ancestor. */
export function clickableSelfOrAncestor(
  node: UiNode,
  want: (n: UiNode) => boolean = (n) => n.clickable,
): UiNode | undefined {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (want(n) && n.enabled) return n;
  return undefined;
}

export class VirtualUi extends TaskStack implements UiHost {
  readonly display: Display = defaultDisplay();
  /** A system security dialog over everything (interactions are blocked while it shows). */
  securityOverlay = false;
  /** The operator's on-screen log panel: drawn on screenshots, never part of the accessibility tree. */
  panel: PanelOverlay | undefined;
  private readonly configListeners = new Set<() => void>();

  /** The accessibility tree of the foreground window. */
  tree(): UiNode {
    return buildTree(this.top, screenRect(this.display), contentRect(this.display));
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

  /** The topmost clickable node under a point (the last in document order). */
  nodeAt(x: number, y: number, want: (n: UiNode) => boolean = (n) => n.clickable): UiNode | undefined {
    let hit: UiNode | undefined;
    for (const node of walk(this.tree())) if (contains(node.bounds, x, y) && want(node)) hit = node;
    return hit;
  }

  tap(x: number, y: number): void {
    if (this.securityOverlay) return;
    const node = this.nodeAt(x, y);
    if (node) this.click(node);
  }

  /** Scrolls a container by `delta` px along its axis (positive = content moves toward its end); returns px moved. */
  scrollBy(node: UiNode, delta: number): number {
    if (!node.scroll) return 0;
    const next = Math.min(node.scroll.max, Math.max(0, node.scroll.offset + delta));
    this.top.scroll.set(node.key, next);
    return next - node.scroll.offset;
  }

  swipe(x1: number, y1: number, x2: number, y2: number, _durationMs: number): void {
    if (this.securityOverlay) return;
    const node = this.nodeAt(x1, y1, (n) => n.scrollable);
    if (!node?.scroll) return;
    this.scrollBy(node, node.scroll.axis === 'vertical' ? y1 - y2 : x1 - x2);
  }

  private focusedField(): { node: UiNode; name: string } | undefined {
    const key = this.top.focusedKey;
    const node = key ? [...walk(this.tree())].find((n) => n.key === key) : undefined;
    return node ? { node, name: node.def.bind ?? node.def.id ?? node.key } : undefined;
  }

  inputText(text: string): void {
    const field = this.focusedField();
    if (!field || this.securityOverlay) return;
    const vars = this.top.vars;
    // `input text` spells spaces as %s.
    vars.set(field.name, (vars.get(field.name) ?? '') + text.replaceAll('%s', ' '));
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

  keyevent(keyCode: string): void {
    const code = keyCode.replace(/^KEYCODE_/, '').toUpperCase();
    if (code === 'BACK' || code === '4') this.back();
    else if (code === 'HOME' || code === '3') this.home();
    else if (code === 'APP_SWITCH' || code === '187') this.recents();
    else if (code === 'ENTER' || code === '66') this.submit();
    else if (code === 'DEL' || code === '67') {
      const field = this.focusedField();
      const vars = this.top.vars;
      if (field) vars.set(field.name, (vars.get(field.name) ?? '').slice(0, -1));
    }
  }

  screenName(): string {
    return currentScreen(this.top);
  }

  dumpXml(): string {
    return renderXml([this.tree()]);
  }

  screencapPng(): Uint8Array {
    return renderScreen(this.tree(), this.display, { panel: this.panel, securityOverlay: this.securityOverlay });
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
