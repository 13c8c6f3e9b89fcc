// The corpus of real `uiautomator dump` files (test/fixtures/real-dumps/, each one's repository, commit and path in
// sources.json) and what each must give: the node a matcher finds there, and where the adb driver's tap lands to
// click it. Every expected value was read off the dump file itself (the node's bounds, its clickable ancestor).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeMatcher } from '../src/contracts/types.ts';

export const REAL_DUMPS = join(import.meta.dirname, 'fixtures', 'real-dumps');

export interface DumpSource {
  file: string;
  repository: string;
  commit: string;
  path: string;
  url: string;
  what: string;
}

export const SOURCES: DumpSource[] = JSON.parse(readFileSync(join(REAL_DUMPS, 'sources.json'), 'utf8'));

export const dumpText = (file: string) => readFileSync(join(REAL_DUMPS, file), 'utf8');

export interface DumpCase {
  /** The compact form's first line: the app and the size of the window (a dialog's, not the screen's). */
  header: string;
  matcher: NodeMatcher;
  /** Bounds of the first node the matcher finds. */
  bounds: string;
  /**
   * The click: where the finger lands and the view that takes the touch there (null: no view under that point
   * handles touches).
   */
  tap: { x: number; y: number; touched: { resourceId: string; bounds: string } | null };
  /**
   * No view among the match and its ancestors handles a click: the operator app then taps the match's centre (its
   * gesture fallback, UiTreeManagerAndroid.kt:155-179 @ v0.5.2), and so does the adb driver.
   */
  unclickable?: true;
  /** The code the adb driver refuses the click with on a device showing the dump, when it does. */
  refused?: 'SECURITY_BLOCK_DETECTED';
}

export const CASES: Record<string, DumpCase> = {
  'bluestacks-spotlight.xml': {
    header: '# net.spotlightlabs.spotlight 1080x1920 rotation 1',
    matcher: { resourceId: 'net.spotlightlabs.spotlight:id/followBtn' },
    bounds: '[24,319][840,391]',
    tap: {
      x: 432,
      y: 355,
      touched: { resourceId: 'net.spotlightlabs.spotlight:id/followBtn', bounds: '[24,319][840,391]' },
    },
  },
  'efree.xml': {
    header: '# com.efast.efree 1026x554',
    matcher: { textEquals: 'OK' },
    bounds: '[777,997][969,1141]',
    tap: { x: 873, y: 1069, touched: { resourceId: 'android:id/button1', bounds: '[777,997][969,1141]' } },
  },
  'futu-trader.xml': {
    header: '# cn.futu.trader 1080x1920',
    // `&gt;` in the dump is a `>` in the text.
    matcher: { textEquals: '40.41%->50.00%' },
    bounds: '[675,341][1044,409]',
    // The label is not clickable: its row (a ViewGroup without an id) takes the touch, at the label's centre.
    tap: { x: 859, y: 375, touched: { resourceId: '', bounds: '[0,317][1080,492]' } },
  },
  'google-messages.xml': {
    header: '# com.google.android.apps.messaging 720x1536',
    matcher: { resourceId: 'Compose:Draft:Send' },
    bounds: '[611,1491][706,1536]',
    tap: { x: 658, y: 1513, touched: { resourceId: 'Compose:Draft:Send', bounds: '[611,1491][706,1536]' } },
  },
  'marvel-landscape.xml': {
    header: '# com.kabam.marvelbattle 2780x1264 rotation 1',
    matcher: { contentDescEquals: 'Game view' },
    bounds: '[0,0][2780,1264]',
    // A game draws its own buttons: the one view handles no click, so the tap lands on its centre, where no view
    // takes the touch (the game reads it from its surface).
    tap: { x: 1390, y: 632, touched: null },
    unclickable: true,
  },
  'motorola-launcher.xml': {
    header: '# com.motorola.launcher3 720x1483',
    matcher: { textEquals: 'Mercado Pago' },
    bounds: '[360,589][534,843]',
    tap: { x: 447, y: 716, touched: { resourceId: '', bounds: '[360,589][534,843]' } },
  },
  'phone-pt.xml': {
    header: '# com.android.phone 1080x2167',
    matcher: { contentDescEquals: 'Voltar' },
    bounds: '[66,103][166,263]',
    tap: { x: 116, y: 183, touched: { resourceId: 'miui:id/up', bounds: '[66,103][166,263]' } },
  },
  'sample-app.xml': {
    header: '# com.example.my_sample_application 1080x2400',
    matcher: { contentDescEquals: 'Dashboard' },
    bounds: '[360,2190][720,2337]',
    tap: {
      x: 540,
      y: 2263,
      touched: {
        resourceId: 'com.example.my_sample_application:id/navigation_dashboard',
        bounds: '[360,2190][720,2337]',
      },
    },
  },
  'systemui-2017.xml': {
    header: '# com.android.systemui 720x1280',
    matcher: { resourceId: 'com.android.systemui:id/lock_icon' },
    bounds: '[320,964][400,1044]',
    tap: {
      x: 360,
      y: 1004,
      touched: { resourceId: 'com.android.systemui:id/lock_icon', bounds: '[320,964][400,1044]' },
    },
    // The lock screen (keyguard_* ids): the adb driver taps nothing on it.
    refused: 'SECURITY_BLOCK_DETECTED',
  },
  'tiktok-pt.xml': {
    header: '# com.zhiliaoapp.musically 720x1483',
    matcher: { textEquals: 'Seguindo' },
    bounds: '[285,35][413,118]',
    // The tab label's clickable parent (no id) takes the touch above the full-screen video layer.
    tap: { x: 349, y: 76, touched: { resourceId: '', bounds: '[285,35][413,118]' } },
  },
  'wework-chat.xml': {
    header: '# com.tencent.wework 720x1608',
    matcher: { textEquals: '快捷回复' },
    bounds: '[462,1441][574,1477]',
    tap: { x: 518, y: 1459, touched: { resourceId: 'com.tencent.wework:id/go3', bounds: '[462,1441][574,1477]' } },
  },
  'wework-dialog.xml': {
    header: '# com.tencent.wework 652x431',
    matcher: { textEquals: '邀请' },
    bounds: '[496,915][616,987]',
    tap: { x: 556, y: 951, touched: { resourceId: 'com.tencent.wework:id/dbo', bounds: '[496,915][616,987]' } },
  },
  'wework-list.xml': {
    header: '# com.tencent.wework 720x1608',
    matcher: { textEquals: '消息' },
    bounds: '[326,101][394,147]',
    // A row drawn after the title covers its centre: the tap goes to the first grid point the title still takes.
    tap: { x: 332, y: 105, touched: { resourceId: 'com.tencent.wework:id/nh3', bounds: '[326,101][394,147]' } },
  },
  'whatsapp-business.xml': {
    header: '# com.whatsapp.w4b 1080x2352',
    matcher: { textEquals: "DIDN'T RECEIVE CODE?" },
    bounds: '[298,843][781,987]',
    tap: {
      x: 539,
      y: 915,
      touched: { resourceId: 'com.whatsapp.w4b:id/fallback_methods_entry_button', bounds: '[298,843][781,987]' },
    },
  },
  'whatsapp-pt.xml': {
    header: '# com.whatsapp 720x1483',
    // `&#128141;` in the dump is the ring emoji.
    matcher: { textEquals: 'Amor Pim💍' },
    bounds: '[104,438][238,471]',
    tap: {
      x: 171,
      y: 454,
      touched: { resourceId: 'com.whatsapp:id/contact_row_container', bounds: '[0,418][720,527]' },
    },
  },
  'youtube-emulator-small.xml': {
    header: '# com.google.android.youtube 359x311',
    matcher: { textEquals: 'Processing' },
    bounds: '[289,668][430,706]',
    // A status label: nothing around it handles a click, so the tap lands on its centre and reaches no view.
    tap: { x: 359, y: 687, touched: null },
    unclickable: true,
  },
  'youtube-js-adb.xml': {
    header: '# com.google.android.youtube 1080x1794',
    matcher: { contentDescEquals: 'Search' },
    bounds: '[816,63][942,189]',
    tap: {
      x: 879,
      y: 126,
      touched: { resourceId: 'com.google.android.youtube:id/menu_item_view', bounds: '[816,63][942,189]' },
    },
  },
  'youtube-vi.xml': {
    header: '# com.google.android.youtube 720x1280',
    matcher: { contentDescEquals: 'Trim' },
    bounds: '[588,502][712,598]',
    tap: {
      x: 650,
      y: 550,
      touched: { resourceId: 'com.google.android.youtube:id/ic_clip_edit_button', bounds: '[588,502][712,598]' },
    },
  },
};
