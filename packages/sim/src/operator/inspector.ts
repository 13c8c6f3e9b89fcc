// UiTreeInspectorAndroid (apps/android/shared/data/uitree/src/main/kotlin/clawperator/uitree/
// UiTreeInspectorAndroid.kt:15-117 @ v0.5.2): the tree of the active window, the window metadata of snapshot_ui,
// and the hierarchy dump (toUiAutomatorHierarchyDump, AccessibilityNodeInfoExtAndroid.kt:635-724).
import { rectString, type UiNode as SimNode } from '../ui/ui-node.ts';
import type { AppLog } from './app-log.ts';
import type { DeviceBridge } from './device-bridge.ts';
import { type AppNode, filterOnScreenOnly, mapToUiNode } from './node-tree.ts';

/** The window id the simulated active window reports (`rootNode.windowId`). */
const WINDOW_ID = 1;

export interface WindowMetadata {
  foregroundPackage: string | undefined;
  hasOverlay: boolean;
  overlayPackage: string | undefined;
  windowCount: number;
}

export class Inspector {
  readonly #bridge: DeviceBridge;
  readonly #log: AppLog;

  constructor(bridge: DeviceBridge, log: AppLog) {
    this.#bridge = bridge;
    this.#log = log;
  }

  #root(): SimNode | undefined {
    if (!this.#bridge.serviceConnected()) {
      this.#log.d('Inspector', '[Operator-UxInspector] Accessibility service is not available');
      return undefined;
    }
    return this.#bridge.rootInActiveWindow();
  }

  /** getCurrentUiTree (:23-48). */
  currentUiTree(): AppNode | undefined {
    const root = this.#root();
    return root ? mapToUiNode(root, WINDOW_ID, [0]) : undefined;
  }

  /** getCurrentUiTree + filterOnScreenOnly, as every UI operation reads it. */
  filteredTree(): AppNode | undefined {
    const tree = this.currentUiTree();
    return tree ? filterOnScreenOnly(tree, this.#bridge.screenFrame()) : undefined;
  }

  /**
   * getCurrentWindowMetadata (:50-90): the active root's package; the first window that is not an application
   * window or shows another package is the overlay, skipping inactive system-UI windows; every window counts.
   */
  windowMetadata(): WindowMetadata | undefined {
    const root = this.#bridge.serviceConnected() ? this.#bridge.rootInActiveWindow() : undefined;
    if (!root) return undefined;
    const foregroundPackage = root.pkg || undefined;
    const windows = this.#bridge.windows();
    let overlayPackage: string | undefined;
    for (const w of windows) {
      const pkg = w.pkg || undefined;
      if (w.type === 'system' && pkg === 'com.android.systemui' && !w.active) continue;
      const differs = foregroundPackage !== undefined && pkg !== undefined && pkg !== foregroundPackage;
      if (overlayPackage === undefined && (differs || w.type !== 'application'))
        overlayPackage = pkg ?? foregroundPackage;
    }
    return { foregroundPackage, hasOverlay: overlayPackage !== undefined, overlayPackage, windowCount: windows.length };
  }

  /** getCurrentUiHierarchyDump (:92-110). */
  hierarchyDump(): string | undefined {
    const root = this.#root();
    return root ? hierarchyDump(root, this.#bridge.rotation()) : undefined;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
const escapeXmlAttr = (value: string) => value.replace(/[&"'<>]/g, (ch) => ESCAPES[ch]!);

/**
 * The whole active window, every node, one element per line indented two spaces per level from two, attributes in
 * the app's order, `index` = position among the parent's children, a childless node self-closed with ` />`, every
 * line (the last included) ending with a newline.
 */
export function hierarchyDump(root: SimNode, rotation: number): string {
  const out: string[] = [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    `<hierarchy rotation="${rotation}">`,
  ];
  const append = (node: SimNode, index: number, indent: string) => {
    const attrs: [string, string][] = [
      ['index', String(index)],
      ['text', node.text],
      ['resource-id', node.resourceId],
      ['class', node.cls],
      ['package', node.pkg],
      ['content-desc', node.desc],
      ['checkable', String(node.checkable)],
      ['checked', String(node.checked)],
      ['clickable', String(node.clickable)],
      ['enabled', String(node.enabled)],
      ['focusable', String(node.focusable)],
      ['focused', String(node.focused)],
      ['scrollable', String(node.scrollable)],
      ['long-clickable', String(node.longClickable)],
      ['password', String(node.password)],
      ['selected', String(node.selected)],
      ['bounds', rectString(node.bounds)],
    ];
    const open = `${indent}<node${attrs.map(([k, v]) => ` ${k}="${escapeXmlAttr(v)}"`).join('')}`;
    if (node.children.length === 0) {
      out.push(`${open} />`);
      return;
    }
    out.push(`${open}>`);
    for (const [i, child] of node.children.entries()) append(child, i, `${indent}  `);
    out.push(`${indent}</node>`);
  };
  append(root, 0, '  ');
  out.push('</hierarchy>');
  return `${out.join('\n')}\n`;
}
