// `dumpsys notification [--noredact]`: the "Notification List" of NotificationManagerService.dumpImpl, each record as
// NotificationRecord.dump prints it on the phone's release. Three layouts, from AOSP
// services/core/java/com/android/server/notification/NotificationRecord.java:
// - Android 5-6 (lollipop-release, `dump(pw, prefix, baseContext)`): fields at prefix+2, extras at prefix+4, and a
//   CharSequence extra is always printed as its class name alone ("redact contents from bugreports"): no text at
//   all, whatever the flags; the record's header says `score=`.
// - Android 7-9 (nougat, as CyanogenMod/android_frameworks_base cm-14.1 has it: `dump(..., boolean redact)`):
//   the same layout, `importance=` in the header, and `--noredact` prints `android.title=String (text)`.
// - Android 10 and later (aosp-mirror/platform_frameworks_base main, `dump` + `dumpNotification`): the fields at
//   prefix+2, then `notification=` with the Notification's own fields at (prefix+2)*2, `when=`, and a redacted
//   string extra prints `[length=N]`. A Pixel emulator's API 34 capture quoted in a public Go test (find_string
//   "dumpsysNotificationsApi34") shows the same nesting: `notification=`, `when=` and extras 16 spaces in.
import type { PostedNotification } from '../../device/notifications.ts';
import type { DeviceApi, ShellIO } from '../../device/types.ts';

const FLAG_ONGOING_EVENT = 0x2;
const FLAG_NO_CLEAR = 0x20;
const FLAG_AUTO_CANCEL = 0x10;

function flagsOf(n: PostedNotification): number {
  return (n.ongoing ? FLAG_ONGOING_EVENT | FLAG_NO_CLEAR : 0) | (n.autoCancel ? FLAG_AUTO_CANCEL : 0);
}

const hex8 = (value: number) => `0x${value.toString(16).padStart(8, '0')}`;
const identity = (n: PostedNotification) => hex8((n.uid * 7919 + n.id * 104_729) >>> 0);
const pendingIntent = (n: PostedNotification, i: number) =>
  `PendingIntent{${((n.uid * 31 + i) >>> 0).toString(16)}: PendingIntentRecord{${(n.id * 17 + i).toString(16)} ${n.pkg} startActivity}}`;

/** Notification.toString(): pre-channels releases start with `pri=`, Android 8 and later with `channel=`. */
function notificationToString(n: PostedNotification, sdk: number): string {
  const head = sdk >= 26 ? `channel=${n.channel} shortcut=null` : 'pri=0';
  const category = n.category ? ` category=${n.category}` : '';
  const actions = n.actions.length > 0 ? ` actions=${n.actions.length}` : '';
  const flags = `0x${flagsOf(n).toString(16)}`;
  return `Notification(${head} contentView=null vibrate=null sound=null defaults=0x0 flags=${flags} color=0x00000000${category}${actions} vis=PRIVATE)`;
}

/** The extras Notification.Builder puts in every notification, in a Bundle's (hash) order, as dumps show them. */
function extrasOf(n: PostedNotification): [string, { type: string; value: string | null } | null][] {
  const text = (value: string | undefined) => (value === undefined ? null : { type: 'String', value });
  const entries: [string, { type: string; value: string | null } | null][] = [
    ['android.title', text(n.title)],
    ['android.subText', text(n.subText)],
    [
      'android.template',
      { type: 'String', value: n.bigText ? 'android.app.Notification$BigTextStyle' : 'android.app.Notification' },
    ],
    ['android.showChronometer', { type: 'Boolean', value: 'false' }],
    ['android.text', text(n.text)],
    ['android.progress', { type: 'Integer', value: '0' }],
    ['android.progressMax', { type: 'Integer', value: '0' }],
    ['android.showWhen', { type: 'Boolean', value: 'true' }],
    ['android.infoText', null],
  ];
  if (n.bigText !== undefined) entries.push(['android.bigText', text(n.bigText)]);
  return entries;
}

type Layout = 'lollipop' | 'nougat' | 'current';

function layoutOf(sdk: number): Layout {
  return sdk < 24 ? 'lollipop' : sdk < 29 ? 'nougat' : 'current';
}

/** One extra's line: the class name, then what the release shows of the value. */
function extraLine(
  key: string,
  value: { type: string; value: string | null } | null,
  layout: Layout,
  redact: boolean,
): string {
  if (value === null || value.value === null) return `${key}=null`;
  const isText = value.type === 'String';
  const hideText = isText && key !== 'android.template' && (layout === 'lollipop' || redact);
  if (!hideText) return `${key}=${value.type} (${value.value})`;
  return layout === 'current' ? `${key}=${value.type} [length=${value.value.length}]` : `${key}=${value.type}`;
}

/** The open line, the items and the close line each at their own indent (the releases differ; see the top). */
interface Indents {
  open: string;
  item: string;
  close: string;
}

function actionsBlock(n: PostedNotification, at: Indents): string[] {
  if (n.actions.length === 0) return [];
  return [
    `${at.open}actions={`,
    ...n.actions.map((a, i) => `${at.item}[${i}] "${a.title}" -> ${pendingIntent(n, i + 1)}`),
    `${at.close}}`,
  ];
}

function extrasBlock(n: PostedNotification, at: Indents, layout: Layout, redact: boolean): string[] {
  return [
    `${at.open}extras={`,
    ...extrasOf(n).map(([key, value]) => `${at.item}${extraLine(key, value, layout, redact)}`),
    `${at.close}}`,
  ];
}

function tickerOf(_n: PostedNotification): string {
  // Apps rarely set a ticker since Android 5; the simulator's apps set none.
  return 'null';
}

function recordLines(n: PostedNotification, sdk: number, redact: boolean): string[] {
  const layout = layoutOf(sdk);
  const p = '    ';
  const rank = layout === 'lollipop' ? 'score=0' : `importance=${n.category === 'msg' ? 4 : 3}`;
  const header = `${p}NotificationRecord(${identity(n)}: pkg=${n.pkg} user=UserHandle{0} id=${n.id} tag=${n.tag} ${rank} key=${n.key}: ${notificationToString(n, sdk)})`;
  const f = `${p}  `;
  const common = [`${f}uid=${n.uid} userId=0`];
  if (layout !== 'current') {
    const flags = `${f}defaults=0x00000000 flags=${hex8(flagsOf(n))}`;
    // prefix + "  actions={" / prefix + "    " + item / prefix + "  }": items 8 spaces in where the fields have 6.
    const at = { open: f, item: `${p}    `, close: f };
    return [
      header,
      ...common,
      // Lollipop prints the resource id and its name; Nougat the Icon and the name (idDebugString).
      layout === 'lollipop'
        ? `${f}icon=0x7f080001 / ${n.pkg}:drawable/ic_notification`
        : `${f}icon=Icon(typ=RESOURCE pkg=${n.pkg} id=0x7f080001) / ${n.pkg}:drawable/ic_notification`,
      layout === 'lollipop' ? `${f}pri=0 score=0` : `${f}pri=0`,
      `${f}key=${n.key}`,
      ...(layout === 'nougat' ? [`${f}seen=false`] : []),
      `${f}groupKey=${n.key}`,
      `${f}contentIntent=${n.contentIntent ? pendingIntent(n, 0) : 'null'}`,
      `${f}deleteIntent=null`,
      `${f}tickerText=${tickerOf(n)}`,
      `${f}contentView=null`,
      flags,
      `${f}sound=null`,
      `${f}audioStreamType=-1`,
      `${f}color=0x00000000`,
      `${f}vibrate=null`,
      `${f}led=0x00000000 onMs=0 offMs=0`,
      ...actionsBlock(n, at),
      ...extrasBlock(n, at, layout, redact),
      `${f}stats=SingleNotificationStats{posttimeElapsedMs=${n.postTime % 1_000_000}}`,
      `${f}mContactAffinity=0.0`,
      `${f}mRecentlyIntrusive=false`,
      `${f}mIntercept=false`,
      `${f}mRankingTimeMs=${n.when}`,
      ...(layout === 'nougat' ? [`${f}mCreationTimeMs=${n.postTime}`, `${f}mUpdateTimeMs=${n.postTime}`] : []),
    ];
  }
  const inner = `${f}${f}`;
  return [
    header,
    ...common,
    `${f}opPkg=${n.pkg}`,
    `${f}icon=Icon(typ=RESOURCE pkg=${n.pkg} id=0x7f080001)`,
    `${f}flags=0x${flagsOf(n).toString(16)}`,
    `${f}pri=0`,
    `${f}key=${n.key}`,
    `${f}seen=false`,
    `${f}groupKey=${n.key}`,
    `${f}notification=`,
    `${inner}fullscreenIntent=null`,
    `${inner}contentIntent=${n.contentIntent ? pendingIntent(n, 0) : 'null'}`,
    `${inner}deleteIntent=null`,
    `${inner}number=0`,
    `${inner}groupAlertBehavior=0`,
    `${inner}when=${n.when}`,
    `${inner}tickerText=${tickerOf(n)}`,
    `${inner}vis=0`,
    `${inner}contentView=null`,
    `${inner}bigContentView=null`,
    `${inner}headsUpContentView=null`,
    `${inner}color=0x00000000`,
    `${inner}timeout=0`,
    ...actionsBlock(n, { open: inner, item: `${inner}    `, close: `${inner}  ` }),
    ...extrasBlock(n, { open: inner, item: `${inner}    `, close: inner }, layout, redact),
    `${f}publicNotification=`,
    `${inner}None`,
    `${f}stats=SingleNotificationStats{posttimeElapsedMs=${n.postTime % 1_000_000}}`,
    `${f}mContactAffinity=0.0`,
    `${f}mImportance=${n.category === 'msg' ? 'HIGH' : 'DEFAULT'}`,
    `${f}mIntercept=false`,
    `${f}mHidden==false`,
    `${f}mRankingTimeMs=${n.when}`,
    `${f}mCreationTimeMs=${n.postTime}`,
    `${f}mVisibleSinceMs=0`,
    `${f}mUpdateTimeMs=${n.postTime}`,
    `${f}effectiveNotificationChannel=NotificationChannel{mId='${n.channel}', mName=Default, mImportance=3}`,
  ];
}

export async function dumpsysNotification(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 35) || 35;
  // `--noredact` came with Android 7's DumpFilter; Android 5 and 6 take no flags and redact always.
  const redact = !args.includes('--noredact');
  const posted = device.notifications?.list() ?? [];
  const lines = ['Current Notification Manager state:'];
  if (posted.length > 0) {
    lines.push('  Notification List:');
    for (const n of posted) lines.push(...recordLines(n, sdk, redact));
    lines.push('  ');
  }
  lines.push('  mUseAttentionLight=true', '  mNotificationPulseEnabled=true', '  mSoundNotificationKey=null');
  await io.writeStdout(`${lines.join('\n')}\n`);
  return 0;
}
