// The packages a freshly booted Android 15 phone reports (a realistic subset of an AOSP + Chrome image).
import type { InstalledPackage } from './types.ts';

interface SystemApp {
  name: string;
  launcher?: string;
  dir: 'app' | 'priv-app' | 'framework';
  apk: string;
  versionName?: string;
}

const SYSTEM_APPS: SystemApp[] = [
  { name: 'android', dir: 'framework', apk: 'framework-res' },
  { name: 'com.android.systemui', dir: 'priv-app', apk: 'SystemUI' },
  { name: 'com.android.settings', dir: 'priv-app', apk: 'Settings', launcher: '.Settings' },
  {
    name: 'com.android.launcher3',
    dir: 'priv-app',
    apk: 'Launcher3QuickStep',
    launcher: '.uioverrides.QuickstepLauncher',
  },
  { name: 'com.android.shell', dir: 'priv-app', apk: 'Shell' },
  { name: 'com.android.phone', dir: 'priv-app', apk: 'TeleService' },
  { name: 'com.android.providers.settings', dir: 'priv-app', apk: 'SettingsProvider' },
  { name: 'com.android.providers.media.module', dir: 'priv-app', apk: 'MediaProvider' },
  { name: 'com.android.packageinstaller', dir: 'priv-app', apk: 'PackageInstaller' },
  { name: 'com.android.permissioncontroller', dir: 'priv-app', apk: 'PermissionController' },
  { name: 'com.android.documentsui', dir: 'priv-app', apk: 'DocumentsUI', launcher: '.LauncherActivity' },
  { name: 'com.android.contacts', dir: 'priv-app', apk: 'Contacts', launcher: '.activities.PeopleActivity' },
  { name: 'com.android.dialer', dir: 'priv-app', apk: 'Dialer', launcher: '.main.impl.MainActivity' },
  { name: 'com.android.camera2', dir: 'app', apk: 'Camera2', launcher: 'com.android.camera.CameraLauncher' },
  { name: 'com.android.deskclock', dir: 'app', apk: 'DeskClock', launcher: '.DeskClock' },
  {
    name: 'com.android.messaging',
    dir: 'app',
    apk: 'messaging',
    launcher: '.ui.conversationlist.ConversationListActivity',
  },
  {
    name: 'com.android.chrome',
    dir: 'app',
    apk: 'Chrome',
    launcher: 'com.google.android.apps.chrome.Main',
    versionName: '131.0.6778.135',
  },
  { name: 'com.google.android.webview', dir: 'app', apk: 'WebViewGoogle', versionName: '131.0.6778.135' },
];

/** Whether a package ships with the system image (what `pm list packages -s` lists). */
export function isSystemPackage(name: string): boolean {
  return SYSTEM_APPS.some((app) => app.name === name);
}

export function systemPackages(apiLevel: number): InstalledPackage[] {
  return SYSTEM_APPS.map((app) => ({
    name: app.name,
    versionName: app.versionName ?? String(apiLevel - 20),
    versionCode: app.versionName ? 677813533 : apiLevel,
    ...(app.launcher ? { launcherActivity: `${app.name}/${app.launcher}` } : {}),
    thirdParty: false,
    apkPath:
      app.dir === 'framework' ? '/system/framework/framework-res.apk' : `/system/${app.dir}/${app.apk}/${app.apk}.apk`,
    minSdk: apiLevel,
    targetSdk: apiLevel,
    signature: 'platform',
  }));
}
