// The corpus of real `uiautomator dump` files (test/fixtures/real-dumps/, each one's repository, commit and path in
// sources.json) and what each must give: the node a matcher finds there, and where the adb driver's tap lands to
// click it. Every expected value was read off the dump file itself (the node's bounds, its clickable ancestor).
// Many of these dumps have no `drawing-order`: their children are listed in accessibility order (sorted by position:
// AOSP ViewGroup.addChildrenForAccessibility -> ViewLocationHolder.compareTo), which says nothing of which view is
// drawn on top, so a later, larger view (a video, a camera preview) never makes the adb driver refuse a click.
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
   * The click: where the finger lands and the view it aims at, the click target (the match or its nearest
   * clickable ancestor; null: none, the match's centre is tapped). The point always lies inside the target.
   */
  tap: { x: number; y: number; target: { resourceId: string; bounds: string } | null };
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
      target: { resourceId: 'net.spotlightlabs.spotlight:id/followBtn', bounds: '[24,319][840,391]' },
    },
  },
  'efree.xml': {
    header: '# com.efast.efree 1026x554',
    matcher: { textEquals: 'OK' },
    bounds: '[777,997][969,1141]',
    tap: { x: 873, y: 1069, target: { resourceId: 'android:id/button1', bounds: '[777,997][969,1141]' } },
  },
  'futu-trader.xml': {
    header: '# cn.futu.trader 1080x1920',
    // `&gt;` in the dump is a `>` in the text.
    matcher: { textEquals: '40.41%->50.00%' },
    bounds: '[675,341][1044,409]',
    // The label is not clickable: its row (a ViewGroup without an id) takes the touch, at the label's centre.
    tap: { x: 859, y: 375, target: { resourceId: '', bounds: '[0,317][1080,492]' } },
  },
  'google-messages.xml': {
    header: '# com.google.android.apps.messaging 720x1536',
    matcher: { resourceId: 'Compose:Draft:Send' },
    bounds: '[611,1491][706,1536]',
    tap: { x: 658, y: 1513, target: { resourceId: 'Compose:Draft:Send', bounds: '[611,1491][706,1536]' } },
  },
  'marvel-landscape.xml': {
    header: '# com.kabam.marvelbattle 2780x1264 rotation 1',
    matcher: { contentDescEquals: 'Game view' },
    bounds: '[0,0][2780,1264]',
    // A game draws its own buttons: the one view handles no click, so the tap lands on its centre, where no view
    // takes the touch (the game reads it from its surface).
    tap: { x: 1390, y: 632, target: null },
    unclickable: true,
  },
  'motorola-launcher.xml': {
    header: '# com.motorola.launcher3 720x1483',
    matcher: { textEquals: 'Mercado Pago' },
    bounds: '[360,589][534,843]',
    tap: { x: 447, y: 716, target: { resourceId: '', bounds: '[360,589][534,843]' } },
  },
  'phone-pt.xml': {
    header: '# com.android.phone 1080x2167',
    matcher: { contentDescEquals: 'Voltar' },
    bounds: '[66,103][166,263]',
    tap: { x: 116, y: 183, target: { resourceId: 'miui:id/up', bounds: '[66,103][166,263]' } },
  },
  'sample-app.xml': {
    header: '# com.example.my_sample_application 1080x2400',
    matcher: { contentDescEquals: 'Dashboard' },
    bounds: '[360,2190][720,2337]',
    tap: {
      x: 540,
      y: 2263,
      target: {
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
      target: { resourceId: 'com.android.systemui:id/lock_icon', bounds: '[320,964][400,1044]' },
    },
    // The lock screen (keyguard_* ids): the adb driver taps nothing on it.
    refused: 'SECURITY_BLOCK_DETECTED',
  },
  'tiktok-pt.xml': {
    header: '# com.zhiliaoapp.musically 720x1483',
    matcher: { textEquals: 'Seguindo' },
    bounds: '[285,35][413,118]',
    // The tab label's clickable parent (no id) takes the touch above the full-screen video layer.
    tap: { x: 349, y: 76, target: { resourceId: '', bounds: '[285,35][413,118]' } },
  },
  'wework-chat.xml': {
    header: '# com.tencent.wework 720x1608',
    matcher: { textEquals: '快捷回复' },
    bounds: '[462,1441][574,1477]',
    tap: { x: 518, y: 1459, target: { resourceId: 'com.tencent.wework:id/go3', bounds: '[462,1441][574,1477]' } },
  },
  'wework-dialog.xml': {
    header: '# com.tencent.wework 652x431',
    matcher: { textEquals: '邀请' },
    bounds: '[496,915][616,987]',
    tap: { x: 556, y: 951, target: { resourceId: 'com.tencent.wework:id/dbo', bounds: '[496,915][616,987]' } },
  },
  'wework-list.xml': {
    header: '# com.tencent.wework 720x1608',
    matcher: { textEquals: '消息' },
    bounds: '[326,101][394,147]',
    // A row later in the dump also spans the title's centre (which one is on top, the dump cannot say): the tap
    // goes to the first grid point no other view spans.
    tap: { x: 332, y: 105, target: { resourceId: 'com.tencent.wework:id/nh3', bounds: '[326,101][394,147]' } },
  },
  'whatsapp-business.xml': {
    header: '# com.whatsapp.w4b 1080x2352',
    matcher: { textEquals: "DIDN'T RECEIVE CODE?" },
    bounds: '[298,843][781,987]',
    tap: {
      x: 539,
      y: 915,
      target: { resourceId: 'com.whatsapp.w4b:id/fallback_methods_entry_button', bounds: '[298,843][781,987]' },
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
      target: { resourceId: 'com.whatsapp:id/contact_row_container', bounds: '[0,418][720,527]' },
    },
  },
  'youtube-emulator-small.xml': {
    header: '# com.google.android.youtube 359x311',
    matcher: { textEquals: 'Processing' },
    bounds: '[289,668][430,706]',
    // A status label: nothing around it handles a click, so the tap lands on its centre and reaches no view.
    tap: { x: 359, y: 687, target: null },
    unclickable: true,
  },
  'youtube-js-adb.xml': {
    header: '# com.google.android.youtube 1080x1794',
    matcher: { contentDescEquals: 'Search' },
    bounds: '[816,63][942,189]',
    tap: {
      x: 879,
      y: 126,
      target: { resourceId: 'com.google.android.youtube:id/menu_item_view', bounds: '[816,63][942,189]' },
    },
  },
  'youtube-vi.xml': {
    header: '# com.google.android.youtube 720x1280',
    matcher: { contentDescEquals: 'Trim' },
    bounds: '[588,502][712,598]',
    tap: {
      x: 650,
      y: 550,
      target: { resourceId: 'com.google.android.youtube:id/ic_clip_edit_button', bounds: '[588,502][712,598]' },
    },
  },
  'sayhi-video-ad.xml': {
    header: '# com.unearby.sayhi 720x1436',
    matcher: { textEquals: 'AD' },
    bounds: '[24,1248][45,1272]',
    tap: { x: 34, y: 1260, target: { resourceId: '', bounds: '[20,1248][49,1272]' } },
  },
  'bus-simulator-rotation3.xml': {
    header: '# com.maleo.bussimulatorid 1436x720 rotation 3',
    matcher: { contentDescEquals: 'Game view' },
    bounds: '[0,0][1436,720]',
    tap: { x: 718, y: 360, target: null },
    unclickable: true,
  },
  'samsung-launcher.xml': {
    header: '# com.sec.android.app.launcher 720x1527',
    matcher: { resourceId: 'com.sec.android.daemonapp:id/widget_refresh_icon_touch_area' },
    bounds: '[374,603][464,693]',
    tap: {
      x: 419,
      y: 648,
      target: {
        resourceId: 'com.sec.android.daemonapp:id/widget_refresh_icon_touch_area',
        bounds: '[374,603][464,693]',
      },
    },
  },
  'aena-welcome.xml': {
    header: '# es.aena.mobile 1080x2242',
    matcher: { textEquals: 'NEXT' },
    bounds: '[0,2161][1080,2242]',
    tap: {
      x: 540,
      y: 2201,
      target: { resourceId: 'es.aena.mobile:id/btn_next_welcoming', bounds: '[0,2161][1080,2242]' },
    },
  },
  'pixel-launcher.xml': {
    header: '# com.google.android.apps.nexuslauncher 1080x2340',
    matcher: { textEquals: 'Camera' },
    bounds: '[299,689][540,1017]',
    tap: {
      x: 419,
      y: 853,
      target: { resourceId: 'com.google.android.apps.nexuslauncher:id/icon', bounds: '[299,689][540,1017]' },
    },
  },
  'camera-permission.xml': {
    header: '# com.google.android.permissioncontroller 1026x1022',
    matcher: { textEquals: 'While using the app' },
    bounds: '[137,1119][943,1273]',
    tap: {
      x: 540,
      y: 1196,
      target: {
        resourceId: 'com.android.permissioncontroller:id/permission_allow_foreground_only_button',
        bounds: '[137,1119][943,1273]',
      },
    },
  },
  'photo-picker.xml': {
    header: '# com.google.android.providers.media.module 1080x2340',
    matcher: { contentDescContains: 'Photo taken on Mar 16' },
    bounds: '[0,1406][354,1761]',
    tap: { x: 177, y: 1583, target: { resourceId: '', bounds: '[0,1406][354,1761]' } },
  },
  'anr-dialog.xml': {
    header: '# android 1026x539',
    matcher: { textEquals: 'Wait' },
    bounds: '[71,1276][1009,1408]',
    tap: { x: 540, y: 1342, target: { resourceId: 'android:id/aerr_wait', bounds: '[71,1276][1009,1408]' } },
  },
  'youtube-shorts-api36.xml': {
    header: '# com.google.android.youtube 720x1280',
    matcher: { textEquals: 'Save draft' },
    bounds: '[24,562][348,658]',
    tap: {
      x: 186,
      y: 610,
      target: {
        resourceId: 'com.google.android.youtube:id/shorts_snapshot_bottom_button',
        bounds: '[24,562][348,658]',
      },
    },
  },
  'exoplayer-fullscreen-api36.xml': {
    header: '# com.streamverse.app 1280x2856',
    matcher: { contentDescEquals: 'Exit fullscreen' },
    bounds: '[66,222][138,294]',
    tap: { x: 102, y: 258, target: { resourceId: '', bounds: '[30,186][174,330]' } },
  },
  'pmtv-player-api36.xml': {
    header: '# com.smart.pmtv 1080x2400',
    matcher: { resourceId: 'com.smart.pmtv:id/btn_like' },
    bounds: '[42,1001][304,1127]',
    tap: { x: 173, y: 1064, target: { resourceId: 'com.smart.pmtv:id/btn_like', bounds: '[42,1001][304,1127]' } },
  },
  'webcam-landscape-api36.xml': {
    header: '# com.webcamclone 2184x1968 rotation 1',
    matcher: { textEquals: '🔄 FLIP CAM' },
    bounds: '[735,1170][1076,1271]',
    tap: { x: 905, y: 1220, target: { resourceId: '', bounds: '[735,1170][1076,1271]' } },
  },
  'axisight-camera-api36.xml': {
    header: '# com.etrsystems.axisight 1440x3120',
    matcher: { textEquals: 'USB' },
    bounds: '[508,275][932,443]',
    tap: { x: 720, y: 359, target: { resourceId: 'com.etrsystems.axisight:id/rbUsb', bounds: '[508,275][932,443]' } },
  },
};

/**
 * Clicks the adb driver refused before it read dumps as Android writes them ("other views cover every point"): a
 * later, larger clickable view in the dump, taken to be drawn on top, spans the whole button, which a phone shows
 * and a user taps (no drawing-order in these dumps).
 */
export const LAYER_CLICKS: { file: string; matcher: NodeMatcher; tap: { x: number; y: number }; target: string }[] = [
  // TikTok's like button, beside full-screen video layers listed after it.
  {
    file: 'tiktok-pt.xml',
    matcher: { contentDescEquals: 'Curtida' },
    tap: { x: 676, y: 1037 },
    target: '[633,1005][720,1070]',
  },
  // SayHi's "AD" badge on a native video ad.
  { file: 'sayhi-video-ad.xml', matcher: { textEquals: 'AD' }, tap: { x: 34, y: 1260 }, target: '[20,1248][49,1272]' },
];
