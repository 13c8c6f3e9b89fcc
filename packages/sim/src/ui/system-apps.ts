// Apps the system generates from what is installed: the launcher (one icon per launchable app), the recents screen
// and the "Open with" chooser of a URI with several handlers.
import type { AppDef, NodeDef } from './app-def.ts';

export const LAUNCHER_PACKAGE = 'com.android.launcher3';
export const SYSTEM_UI_PACKAGE = 'com.android.systemui';
export const CHOOSER_PACKAGE = 'android';

export function launcherApp(apps: readonly AppDef[]): AppDef {
  const icons: NodeDef[] = apps
    .filter((a) => a.launchable && a.package !== LAUNCHER_PACKAGE)
    .map((a) => ({ class: 'TextView', text: a.label, desc: a.label, height: 180, onClick: { launch: a.package } }));
  return {
    package: LAUNCHER_PACKAGE,
    label: 'Launcher',
    start: 'home',
    screens: {
      home: {
        root: {
          class: 'FrameLayout',
          id: 'workspace',
          children: [
            { class: 'TextView', id: 'clock', text: '12:00', height: 240 },
            {
              class: 'androidx.recyclerview.widget.RecyclerView',
              id: 'apps_list',
              fill: true,
              scrollable: true,
              children: icons,
            },
          ],
        },
      },
    },
  };
}

export function recentsApp(tasks: readonly AppDef[]): AppDef {
  return {
    package: SYSTEM_UI_PACKAGE,
    label: 'Recents',
    start: 'recents',
    screens: {
      recents: {
        root: {
          id: 'recents_view',
          children: tasks.map((t) => ({
            class: 'TextView',
            text: t.label,
            desc: t.label,
            onClick: { launch: t.package },
          })),
        },
      },
    },
  };
}

export function chooserApp(uri: string, handlers: readonly AppDef[]): AppDef {
  return {
    package: CHOOSER_PACKAGE,
    label: 'Open with',
    start: 'chooser',
    vars: { uri },
    screens: {
      chooser: {
        root: {
          id: 'contentPanel',
          children: [
            { class: 'TextView', id: 'title', text: 'Open with' },
            ...handlers.map((h) => ({
              class: 'TextView',
              id: 'text1',
              text: h.label,
              clickable: true,
              onClick: { launch: h.package, uri },
            })),
          ],
        },
      },
    },
  };
}

/**
 * The lock screen as uiautomator sees it: a window of com.android.systemui whose nodes carry the keyguard's
 * resource ids (keyguard_status_view, lock_icon_view: SystemUI's layouts).
 */
export function keyguardApp(): AppDef {
  return {
    package: SYSTEM_UI_PACKAGE,
    label: 'Lock screen',
    start: 'keyguard',
    screens: {
      keyguard: {
        root: {
          class: 'FrameLayout',
          id: 'com.android.systemui:id/notification_panel',
          children: [
            {
              id: 'com.android.systemui:id/keyguard_status_view',
              children: [{ class: 'TextView', id: 'com.android.systemui:id/clock', text: '12:00', height: 300 }],
            },
            { fill: true },
            {
              class: 'ImageView',
              id: 'com.android.systemui:id/lock_icon_view',
              desc: 'Unlock',
              clickable: true,
              height: 200,
            },
          ],
        },
      },
    },
  };
}
