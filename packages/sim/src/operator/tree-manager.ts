// UiTreeManagerAndroid (apps/android/shared/data/uitree/src/main/kotlin/clawperator/uitree/UiTreeManagerAndroid.kt
// :18-233 @ v0.5.2) and the node walks it uses (AccessibilityNodeInfoExtAndroid.kt:460-629).
import type { UiNode as SimNode } from '../ui/ui-node.ts';
import type { AppLog } from './app-log.ts';
import { type DeviceBridge, exactCenter, isEditable } from './device-bridge.ts';
import type { Job } from './job.ts';
import type { ClickType, Point } from './model.ts';
import type { AppNode } from './node-tree.ts';

/** 120 ms tap, 650 ms long press (NodeExt:530,554); 250 ms swipe (UiTreeManager.kt default). */
export const TAP_MS = 120;
export const LONG_PRESS_MS = 650;
export const SWIPE_MS = 250;

/** The node itself or one of its ancestors, at most 8 steps up (NodeExt:460-512,610-629). */
function ancestorOrSelf(node: SimNode, want: (n: SimNode) => boolean): SimNode | undefined {
  let current: SimNode | undefined = node;
  for (let depth = 0; current && depth < 8; depth++, current = current.parent) if (want(current)) return current;
  return undefined;
}

const isEmpty = (r: SimNode['bounds']) => r.right <= r.left || r.bottom <= r.top;

export class TreeManager {
  readonly #bridge: DeviceBridge;
  readonly #log: AppLog;

  constructor(bridge: DeviceBridge, log: AppLog) {
    this.#bridge = bridge;
    this.#log = log;
  }

  /** triggerClick (:21-46): the click type, else false. */
  async triggerClick(job: Job, node: AppNode, clickType: ClickType): Promise<boolean> {
    if (!this.#bridge.serviceConnected()) return false;
    const ok =
      clickType === 'Click'
        ? await this.#press(job, node, 'click', 0)
        : clickType === 'LongClick'
          ? await this.#press(job, node, 'longClick', 1)
          : this.#focus(node.source);
    this.#log.d(
      'TreeManager',
      ok
        ? `[UiTreeManager] Successfully performed ${clickType} on node for id=${node.id}`
        : `[UiTreeManager] All click types failed for id=${node.id}`,
    );
    return ok;
  }

  /**
   * performClick / performLongClick (:155-208): the action on the first clickable node among the match and its
   * ancestors if that node is enabled and takes it; otherwise a tap (or long press) at the match's own centre.
   */
  async #press(job: Job, node: AppNode, action: 'click' | 'longClick', kind: 0 | 1): Promise<boolean> {
    const clickable = ancestorOrSelf(node.source, (n) => n.clickable);
    if (clickable?.enabled && this.#bridge.performAction(clickable, action)) return true;
    if (isEmpty(node.source.bounds)) return false;
    const c = exactCenter(node.source.bounds);
    return kind === 0
      ? this.#bridge.gesture(job, TAP_MS, (ui) => ui.tap(c.x, c.y))
      : this.#bridge.gesture(job, LONG_PRESS_MS, (ui) => ui.swipe(c.x, c.y, c.x, c.y, LONG_PRESS_MS));
  }

  /** performFocus (:213-232): ACTION_FOCUS, else ACTION_SELECT, on the first focusable node up the parents. */
  #focus(node: SimNode): boolean {
    const target = ancestorOrSelf(node, (n) => n.focusable) ?? node;
    return this.#bridge.performAction(target, 'focus') || this.#bridge.performAction(target, 'select');
  }

  /** clickAt (:48-74): a tap or long press at the point; focus has no gesture and fails. */
  async clickAt(job: Job, p: Point, clickType: ClickType): Promise<boolean> {
    if (!this.#bridge.serviceConnected()) return false;
    if (clickType === 'Focus') {
      this.#log.w(
        'TreeManager',
        `[UiTreeManager] Focus click type is not supported for raw coordinates at (${p.x}.0,${p.y}.0)`,
      );
      return false;
    }
    return clickType === 'Click'
      ? this.#bridge.gesture(job, TAP_MS, (ui) => ui.tap(p.x, p.y))
      : this.#bridge.gesture(job, LONG_PRESS_MS, (ui) => ui.swipe(p.x, p.y, p.x, p.y, LONG_PRESS_MS));
  }

  /**
   * setText (:76-108): the first editable node among the match and its ancestors, else the match; focus and click
   * it when not focused; ACTION_SET_TEXT replaces the text; `submit` clicks the field (no Enter key).
   */
  setText(node: AppNode, text: string, submit: boolean): boolean {
    const target = ancestorOrSelf(node.source, isEditable) ?? node.source;
    if (!target.focused) {
      this.#bridge.performAction(target, 'focus');
      this.#bridge.performAction(target, 'click');
    }
    if (!this.#bridge.performAction(target, 'setText', text)) {
      this.#log.d('TreeManager', `[UiTreeManager] ACTION_SET_TEXT failed for id=${node.id}`);
      return false;
    }
    if (submit) this.#bridge.performAction(target, 'click');
    return true;
  }

  /** swipeWithinVertical / Horizontal (:110-148): at the node's centre line, from start to end ratio of its size. */
  async swipeWithin(
    job: Job,
    node: AppNode,
    vertical: boolean,
    startRatio: number,
    endRatio: number,
  ): Promise<boolean> {
    if (!this.#bridge.serviceConnected()) return false;
    const b = node.source.bounds;
    if (isEmpty(b)) return false;
    const c = exactCenter(b);
    const [x1, y1, x2, y2] = vertical
      ? [c.x, b.top + (b.bottom - b.top) * startRatio, c.x, b.top + (b.bottom - b.top) * endRatio]
      : [b.left + (b.right - b.left) * startRatio, c.y, b.left + (b.right - b.left) * endRatio, c.y];
    return this.#bridge.gesture(job, SWIPE_MS, (ui) => ui.swipe(x1, y1, x2, y2, SWIPE_MS));
  }
}
