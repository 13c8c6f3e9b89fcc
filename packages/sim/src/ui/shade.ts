// The notification shade of the simulated phone: System UI's panel over the app, one row per posted notification
// (app name, title, text or big text, action buttons), a reply field under the row whose reply action was pressed,
// and Clear all. It opens with a swipe down from the status bar or `cmd statusbar expand-notifications` (`service
// call statusbar 1` before Android 7) and closes with BACK, a swipe up or `collapse`. A tap on a row sends its
// content intent (and removes it when auto-cancel), a horizontal swipe dismisses a clearable row.
import type { NotificationStore, PostedNotification } from '../device/notifications.ts';
import type { AppDef, NodeDef } from './app-def.ts';
import { type AppState, freshState } from './app-state.ts';
import { SYSTEM_UI_PACKAGE } from './system-apps.ts';

const SHADE_DEF: AppDef = { package: SYSTEM_UI_PACKAGE, label: 'Notification shade', start: 'shade', screens: {} };

export interface ShadeIntentTarget {
  launch(pkg: string): boolean;
  /** Pushes a screen of the app in front (a content intent that opens a given screen). */
  showScreen(pkg: string, screen: string): void;
}

function rowOf(n: PostedNotification, label: string, replying: number | undefined): NodeDef {
  const children: NodeDef[] = [
    { class: 'TextView', id: 'android:id/app_name_text', text: label, height: 60 },
    { class: 'TextView', id: 'android:id/title', text: n.title, height: 70 },
    { class: 'TextView', id: 'android:id/text', text: n.bigText ?? n.text, height: 70 },
  ];
  if (n.actions.length > 0) {
    children.push({
      id: 'android:id/actions',
      orientation: 'horizontal',
      height: 110,
      children: n.actions.map((a, i) => ({
        class: 'Button',
        text: a.title,
        onClick: { notification: { key: n.key, do: 'action', action: i } },
      })),
    });
  }
  if (replying !== undefined) {
    const send = { notification: { key: n.key, do: 'send' as const, action: replying } };
    children.push({
      id: 'com.android.systemui:id/remote_input',
      orientation: 'horizontal',
      height: 126,
      children: [
        {
          class: 'EditText',
          id: 'com.android.systemui:id/remote_input_text',
          hint: 'Reply',
          bind: 'reply',
          onSubmit: send,
        },
        {
          class: 'ImageButton',
          id: 'com.android.systemui:id/remote_input_send',
          desc: 'Send',
          width: 160,
          onClick: send,
        },
      ],
    });
  }
  return {
    class: 'FrameLayout',
    id: 'com.android.systemui:id/expandableNotificationRow',
    desc: `${label} notification: ${n.title}`,
    clickable: true,
    onClick: { notification: { key: n.key, do: 'open' } },
    children,
  };
}

export class Shade {
  readonly #store: NotificationStore;
  readonly #labelOf: (pkg: string) => string;
  /** Open: its run-time state (the reply's typed text, focus); undefined while closed. */
  state: AppState | undefined;
  /** The row whose reply field shows, and which of its actions it answers. */
  #replying: { key: string; action: number } | undefined;

  constructor(store: NotificationStore, labelOf: (pkg: string) => string) {
    this.#store = store;
    this.#labelOf = labelOf;
  }

  get open(): boolean {
    return this.state !== undefined;
  }

  expand(): void {
    this.state ??= freshState(SHADE_DEF);
  }

  collapse(): void {
    this.state = undefined;
    this.#replying = undefined;
  }

  /** The shade as an app definition of one screen, built from what is posted now (newest on top). */
  def(): AppDef {
    const posted = [...this.#store.list()].reverse();
    const rows = posted.map((n) =>
      rowOf(n, this.#labelOf(n.pkg), this.#replying?.key === n.key ? this.#replying.action : undefined),
    );
    const clearable = posted.some((n) => !n.ongoing);
    const root: NodeDef = {
      class: 'FrameLayout',
      id: 'com.android.systemui:id/notification_panel',
      children: [
        { class: 'TextView', id: 'com.android.systemui:id/clock', text: '12:00', height: 120 },
        {
          id: 'com.android.systemui:id/notification_stack_scroller',
          fill: true,
          scrollable: true,
          children: rows.length > 0 ? rows : [{ class: 'TextView', text: 'No notifications' }],
        },
        ...(clearable
          ? [{ class: 'Button', id: 'com.android.systemui:id/dismiss_text', text: 'Clear all', onClick: {} }]
          : []),
      ],
    };
    return { ...SHADE_DEF, screens: { shade: { root } } };
  }

  /** A tap on a row, an action or Send. Returns whether the shade stays open. */
  act(target: { key: string; do: 'open' | 'action' | 'send'; action?: number }, apps: ShadeIntentTarget): boolean {
    const n = this.#store.get(target.key);
    if (!n) return true;
    if (target.do === 'open') {
      if (!n.contentIntent) return true;
      if (n.autoCancel) this.#store.cancel(n.key);
      // Closed first: the intent's activity comes to the front under no panel.
      this.collapse();
      this.#fire(n.contentIntent, apps);
      return false;
    }
    const index = target.action ?? 0;
    const action = n.actions[index];
    if (!action) return true;
    if (target.do === 'action' && action.reply) {
      this.#replying = { key: n.key, action: index };
      return true;
    }
    if (target.do === 'send') {
      const text = this.state?.vars.get('reply') ?? '';
      this.#store.responses.push({ key: n.key, action: action.title, text });
      this.state?.vars.delete('reply');
      this.#replying = undefined;
      return true;
    }
    this.#store.responses.push({ key: n.key, action: action.title });
    if (!action.intent) return true;
    this.collapse();
    this.#fire(action.intent, apps);
    return false;
  }

  /** Clear all: every notification the user may swipe away. */
  clearAll(): void {
    for (const n of this.#store.list()) if (!n.ongoing) this.#store.cancel(n.key);
  }

  /** A horizontal swipe over a row: a clearable one goes. */
  dismiss(key: string): void {
    const n = this.#store.get(key);
    if (n && !n.ongoing) this.#store.cancel(key);
  }

  #fire(intent: { launch?: string; screen?: string }, apps: ShadeIntentTarget): void {
    if (!intent.launch) return;
    if (!apps.launch(intent.launch)) return;
    if (intent.screen) apps.showScreen(intent.launch, intent.screen);
  }
}
