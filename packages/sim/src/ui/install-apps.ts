// Puts the virtual apps on a device: the UiHost becomes a VirtualUi and each app is listed by the package manager.

import { imeHasView } from '../device/input-methods.ts';
import { isSystemPackage } from '../device/system-packages.ts';
import type { DeviceApi } from '../device/types.ts';
import { WebEngine } from '../web/web-engine.ts';
import type { AppDef } from './app-def.ts';
import { BUILTIN_APPS_DIR, loadAppsFrom, WEB_APPS_DIR } from './load-apps.ts';
import { Shade } from './shade.ts';
import { LAUNCHER_PACKAGE } from './system-apps.ts';
import { VirtualUi } from './virtual-ui.ts';

export interface VirtualAppsOptions {
  /** A folder of extra app definitions (*.json); an app with a built-in package replaces it. */
  appsDir?: string;
  /** Definitions given in code (tests). */
  apps?: AppDef[];
  /**
   * Real pages: Chrome (the handler of http and https, instead of the placeholder browser) and hybrid apps whose
   * WebViews show pages a headless Chromium renders (started when a page first shows).
   */
  webPages?: boolean;
}

/** The browser of a device without real pages: a placeholder page of paragraphs for any address. */
const PLACEHOLDER_BROWSER = 'com.svc.browser';

export function registerPackage(device: DeviceApi, app: AppDef, thirdParty: boolean): void {
  // A built-in screen set for a system package (Settings) keeps that package's identity: its launcher activity
  // (`am start -n com.android.settings/.Settings` must still work), APK path and version.
  const system = thirdParty ? undefined : device.packages.get(app.package);
  if (system && !system.thirdParty) {
    if (app.launchable && !system.launcherActivity) system.launcherActivity = `${app.package}/.MainActivity`;
    return;
  }
  device.packages.set(app.package, {
    name: app.package,
    versionName: app.versionName ?? '1.0',
    versionCode: 1,
    ...(app.launchable ? { launcherActivity: `${app.package}/.MainActivity` } : {}),
    thirdParty,
    apkPath: thirdParty ? `/data/app/${app.package}-1/base.apk` : `/system/app/${app.package}/base.apk`,
  });
}

export function installVirtualApps(device: DeviceApi, options: VirtualAppsOptions = {}): VirtualUi {
  const builtin = loadAppsFrom(BUILTIN_APPS_DIR).filter(
    (app) => !options.webPages || app.package !== PLACEHOLDER_BROWSER,
  );
  if (options.webPages) builtin.push(...loadAppsFrom(WEB_APPS_DIR));
  const user = [...(options.appsDir ? loadAppsFrom(options.appsDir) : []), ...(options.apps ?? [])];
  const byPackage = new Map<string, { app: AppDef; user: boolean }>();
  for (const app of builtin) byPackage.set(app.package, { app, user: false });
  for (const app of user) byPackage.set(app.package, { app, user: true });
  const ui = new VirtualUi([...byPackage.values()].map((e) => e.app));
  ui.apiLevel = Number(device.props.get('ro.build.version.sdk') ?? 35) || 35;
  ui.faults = device.faults;
  ui.inputMethodHasView = () => imeHasView(device);
  const store = device.notifications;
  if (store) {
    ui.shade = new Shade(store, (pkg) => ui.apps.get(pkg)?.label ?? pkg);
    // An app's own notification opens the app when tapped, as a content intent usually does.
    ui.onNotify = (pkg, n) => store.post({ pkg, ...n, contentIntent: { launch: pkg } });
  }
  // A built-in app that is no system package (the thermostat, the login form, the browser) is an installed app, as
  // a user's apps are on a phone: `pm list packages -3` lists it.
  for (const { app, user } of byPackage.values()) {
    registerPackage(device, app, user || !(isSystemPackage(app.package) || app.package === LAUNCHER_PACKAGE));
  }
  if (!device.packages.has(LAUNCHER_PACKAGE)) {
    device.packages.set(LAUNCHER_PACKAGE, {
      name: LAUNCHER_PACKAGE,
      versionName: '15',
      versionCode: 35,
      launcherActivity: `${LAUNCHER_PACKAGE}/.Launcher`,
      thirdParty: false,
      apkPath: `/system/priv-app/Launcher3/Launcher3.apk`,
    });
  }
  if (options.webPages) ui.web = new WebEngine();
  device.ui = ui;
  return ui;
}
