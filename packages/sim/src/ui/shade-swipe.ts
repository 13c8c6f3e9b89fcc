// The shade's own swipes, as SystemUI handles them: a swipe down from the status bar opens the shade; in the shade, a
// sideways swipe over a row dismisses it and a swipe up from its bottom part closes it.
import type { Display } from './display.ts';
import type { Shade } from './shade.ts';
import type { UiNode } from './ui-node.ts';

interface ShadeHost {
  readonly display: Display;
  readonly shade: Shade | undefined;
  expandNotifications(): void;
  collapsePanels(): void;
  nodeAt(x: number, y: number, want: (n: UiNode) => boolean): UiNode | undefined;
}

/** Whether the swipe was the shade's (and so done). */
export function shadeSwipe(ui: ShadeHost, x1: number, y1: number, x2: number, y2: number): boolean {
  const shade = ui.shade;
  if (!shade) return false;
  if (!shade.open) {
    if (y1 > Math.max(ui.display.statusBarPx, ui.display.cutoutTopPx) || y2 <= y1) return false;
    ui.expandNotifications();
    return true;
  }
  if (Math.abs(x2 - x1) > Math.abs(y2 - y1)) {
    const row = ui.nodeAt(x1, y1, (n) => n.resourceId === 'com.android.systemui:id/expandableNotificationRow');
    const key = row?.def.onClick?.notification?.key;
    if (key !== undefined) shade.dismiss(key);
    return true;
  }
  if (y1 > ui.display.height * 0.8 && y2 < y1) {
    ui.collapsePanels();
    return true;
  }
  return false;
}
