// What the app's code asks of Android, answered by the simulated device: the accessibility service's connection,
// `rootInActiveWindow`, its windows, node actions (performAction), gestures (dispatchGesture), global actions, the
// launcher's apps and `startActivity` of a VIEW intent.
import type { GestureStroke } from '../device/input-log.ts';
import type { DeviceApi } from '../device/types.ts';
import { rotationOf } from '../shell/commands/rotation.ts';
import { SYSTEM_UI_PACKAGE } from '../ui/system-apps.ts';
import type { Rect, UiNode as SimNode } from '../ui/ui-node.ts';
import type { VirtualUi } from '../ui/virtual-ui.ts';
import type { Job } from './job.ts';
import type { SystemKey } from './model.ts';

/** AccessibilityWindowInfo.TYPE_* (android.view.accessibility.AccessibilityWindowInfo). */
export type WindowType = 'application' | 'input_method' | 'system';

export interface WindowInfo {
  type: WindowType;
  pkg: string;
  active: boolean;
}

const INPUT_METHOD_PACKAGE = 'com.google.android.inputmethod.latin';

export class DeviceBridge {
  readonly device: DeviceApi;
  readonly #ui: () => VirtualUi;
  readonly #serviceComponent: string;

  constructor(device: DeviceApi, ui: () => VirtualUi, serviceComponent: string) {
    this.device = device;
    this.#ui = ui;
    this.#serviceComponent = serviceComponent;
  }

  get ui(): VirtualUi {
    return this.#ui();
  }

  /**
   * The service runs while its component is listed in `enabled_accessibility_services` (the system binds it then;
   * OperatorAccessibilityService.kt:35-99 publishes it on connect and clears it on destroy).
   */
  serviceConnected(): boolean {
    const value = this.device.settings.secure.get('enabled_accessibility_services') ?? '';
    return value.split(':').includes(this.#serviceComponent);
  }

  /** `service.rootInActiveWindow`: null without the service. */
  rootInActiveWindow(): SimNode | undefined {
    return this.serviceConnected() ? this.ui.tree() : undefined;
  }

  screenFrame(): Rect {
    const d = this.ui.display;
    return { left: 0, top: 0, right: d.width, bottom: d.height };
  }

  rotation(): number {
    return rotationOf(this.device);
  }

  /** `service.windows`: the status and navigation bars, the focused app (or lock screen), the keyboard when shown. */
  windows(): WindowInfo[] {
    const ui = this.ui;
    const windows: WindowInfo[] = [
      { type: 'system', pkg: SYSTEM_UI_PACKAGE, active: false },
      { type: 'application', pkg: ui.locked() ? SYSTEM_UI_PACKAGE : ui.foregroundPackage(), active: true },
      { type: 'system', pkg: SYSTEM_UI_PACKAGE, active: false },
    ];
    if (ui.securityOverlay) windows.push({ type: 'system', pkg: SYSTEM_UI_PACKAGE, active: true });
    if (ui.keyboardShown()) windows.push({ type: 'input_method', pkg: INPUT_METHOD_PACKAGE, active: false });
    return windows;
  }

  /**
   * AccessibilityNodeInfo.performAction on the live view: CLICK needs a clickable view, LONG_CLICK a long-clickable
   * one, FOCUS a focusable view without focus, SELECT a view not selected, SET_TEXT an editable one
   * (View.performAccessibilityActionInternal).
   */
  performAction(node: SimNode, action: 'click' | 'longClick' | 'focus' | 'select' | 'setText', text = ''): boolean {
    const ui = this.ui;
    switch (action) {
      case 'click':
        if (!node.clickable || !node.enabled) return false;
        ui.click(node);
        return true;
      case 'longClick':
        if (!node.longClickable || !node.enabled) return false;
        ui.longClick(node);
        return true;
      case 'focus':
        if (!node.focusable || node.focused) return false;
        ui.focus(node);
        return true;
      case 'select':
        return !node.selected;
      case 'setText':
        if (!isEditable(node)) return false;
        ui.setText(node, text);
        return true;
    }
  }

  /**
   * dispatchGesture and its completion callback (NodeExt:525-602): the system runs an accepted gesture to its end
   * even when the waiting coroutine is cancelled; the wait itself is cancellable.
   */
  async gesture(job: Job, durationMs: number, apply: (ui: VirtualUi) => void): Promise<boolean> {
    job.ensureActive();
    job.clock.setTimer(durationMs, () => apply(this.ui));
    await job.delay(durationMs);
    return true;
  }

  /**
   * dispatchGesture of a GestureDescription built from strokes (svc's variant's double_tap, long_press and swipe):
   * the device receives it as one input event (its input log shows the strokes), and each stroke acts when it ends:
   * one that does not move is a tap, or a long press when held past the long-press timeout; one that moves is a swipe.
   * The wait for the completion callback lasts until the last stroke ends.
   */
  async strokes(job: Job, strokes: readonly GestureStroke[]): Promise<boolean> {
    job.ensureActive();
    this.device.inputs.record({ kind: 'gesture', strokes }, { time: this.device.now() });
    for (const s of strokes) {
      job.clock.setTimer(s.startMs + s.durationMs, () => this.ui.swipe(s.x1, s.y1, s.x2, s.y2, s.durationMs));
    }
    await job.delay(Math.max(...strokes.map((s) => s.startMs + s.durationMs)));
    return true;
  }

  /**
   * AccessibilityService.performGlobalAction (UiGlobalActionDispatcher.kt:14-26): the system's back/home/recents;
   * false when the system refuses it (the simulated phone's `declineGlobalActions`).
   */
  globalAction(key: SystemKey): boolean {
    const ui = this.ui;
    if (ui.declineGlobalActions) return false;
    ui.keyevent(key === 'BACK' ? '4' : key === 'HOME' ? '3' : '187');
    return true;
  }

  /** svc's variant: a key beyond the global actions, delivered to the screen (../svc-keys.ts). */
  keyEvent(code: number): void {
    this.ui.keyevent(String(code));
  }

  /** The launcher's entry of a package (AppsRepositoryDefault.findTriggerShortcut: user-facing launcher apps). */
  hasLauncherEntry(pkg: string): boolean {
    return this.device.packages.get(pkg)?.launcherActivity !== undefined;
  }

  launch(pkg: string): void {
    this.ui.launch(pkg);
  }

  /** startActivity(Intent(ACTION_VIEW, uri).addFlags(NEW_TASK)): false when no activity handles it. */
  openUri(uri: string): boolean {
    return this.ui.openUri(uri).handled;
  }
}

export function isEditable(node: SimNode): boolean {
  return node.cls.includes('EditText');
}

export const exactCenter = (r: Rect) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
