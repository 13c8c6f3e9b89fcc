// The seams inside the simulated device. The adb wire (adbd/), the shell and its commands (shell/), and the
// UI + operator runtime (ui/, operator/) meet only through these types, so each can be built and tested alone.
import type { FaultControl } from '../faults.ts';
import type { CommandRecord } from './command-record.ts';
import type { InputLog, TouchedNode } from './input-log.ts';
import type { NotificationStore } from './notifications.ts';
import type { ProcessTable } from './process-table.ts';
import type { DeviceTiming } from './timing.ts';

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';

export interface LogEntry {
  /** Wall-clock time of the entry, epoch milliseconds (integer part) plus nanosecond remainder for ordering. */
  readonly epochMs: number;
  readonly pid: number;
  readonly tid: number;
  /** The uid of the writing process (logd records it from the socket's credentials; apps cannot choose it). */
  readonly uid: number;
  readonly priority: LogPriority;
  readonly tag: string;
  readonly message: string;
  /** The log buffer (`logcat -b`): main when absent; app crashes go to `crash`. */
  readonly buffer?: LogBufferName;
}

export type LogBufferName = 'main' | 'system' | 'crash' | 'events';

export interface InstalledPackage {
  readonly name: string;
  versionName: string;
  versionCode: number;
  /** `<pkg>/<activity class>`, when the app has a launcher activity. */
  launcherActivity?: string;
  /** Installed by the user (shows in `pm list packages -3`). */
  thirdParty: boolean;
  /** Path reported by `pm path`. */
  apkPath: string;
  /** Shown by `dumpsys package` (defaults: minSdk 24, targetSdk = the device's API level). */
  minSdk?: number;
  targetSdk?: number;
  /** Signing identity: an update with another signature fails with INSTALL_FAILED_UPDATE_INCOMPATIBLE. */
  signature?: string;
  /** Runtime permissions granted with `pm grant`. */
  grantedPermissions?: string[];
  /** Other activities `am start -n` accepts besides the launcher activity (`<pkg>/<class>`). */
  activities?: string[];
  /** Input methods the app provides (`pkg/.Service`): `ime list -a` lists them (device/input-methods.ts). */
  inputMethods?: string[];
  /**
   * A system app with an update installed over it: the factory version under the update. `pm uninstall` removes
   * only the update and this version comes back (shell/commands/pm.ts).
   */
  factory?: { versionName: string; versionCode: number; apkPath: string };
}

export interface BroadcastIntent {
  readonly action: string;
  /** `-p <pkg>`, or the package of `-n <component>`; undefined for an implicit broadcast. */
  readonly targetPackage: string | undefined;
  /** `-n <pkg>/<class>`, when given. */
  readonly component?: string;
  readonly extras: Readonly<Record<string, string | number | boolean>>;
  readonly foreground: boolean;
}

/** A broadcast receiver registered by an installed app (the operator registers one). */
export type BroadcastReceiver = (intent: BroadcastIntent) => void;

/** Streams of one shell command. `write*` resolve when the bytes were accepted by the transport (backpressure). */
export interface ShellIO {
  /** Bytes the host sends to stdin (shell v2 / exec with stdin); ends when the host closes stdin. */
  readonly stdin: AsyncIterable<Uint8Array>;
  writeStdout(chunk: Uint8Array | string): Promise<void>;
  writeStderr(chunk: Uint8Array | string): Promise<void>;
  /** Aborted when the host closes the stream (for example `adb logcat` killed with Ctrl-C). */
  readonly signal: AbortSignal;
  /** Exported shell variables of the command (the shell sets it; logcat reads ANDROID_LOG_TAGS). */
  readonly env?: Readonly<Record<string, string>>;
  /** The adb service that carried the command line (default `shell`), for the device's command record. */
  readonly service?: 'shell' | 'exec' | 'abb_exec';
}

/** A command of the device shell (`am`, `pm`, `logcat`, ...). Returns the exit status. */
export type ShellCommand = (argv: readonly string[], io: ShellIO, device: DeviceApi) => Promise<number>;

/**
 * What the shell commands ask of the UI side (implemented by ui/ in issue 3). Coordinates are physical pixels.
 * Until the UI side exists a device runs with a minimal host that shows a blank launcher.
 */
export interface UiHost {
  foregroundPackage(): string;
  /** Start the launcher activity of a package; false when it has none. */
  launch(pkg: string): boolean;
  /** `am start -a VIEW -d uri`; returns the packages that handle it (0 = none, >1 = a chooser is shown). */
  openUri(uri: string): { handled: boolean; handlers: string[] };
  forceStop(pkg: string): void;
  /** The operator's snapshot XML: indented, one element per line. */
  dumpXml(): string;
  /** What `uiautomator dump` writes on a device of this API level: one line, AccessibilityNodeInfoDumper's format. */
  uiautomatorXml(apiLevel: number): string;
  /** Packages with a running process (what `pidof <package>` finds). */
  runningPackages(): string[];
  /** The soft keyboard is showing (`dumpsys input_method` `mInputShown`): an input method was asked to show. */
  keyboardShown(): boolean;
  /**
   * The keyboard shows a view over the screen (`mIsInputViewShown`); false while it is shown without one (a
   * hardware keyboard, an input method with no view). Absent = the same as keyboardShown().
   */
  keyboardViewShown?(): boolean;
  /**
   * The input method's own `mIsInputViewShown`: what keyboardViewShown() was the last time the keyboard showed, kept
   * after it hides (InputMethodService does not reset it). Absent = keyboardViewShown().
   */
  inputViewFlag?(): boolean;
  /** The node a touch at (x, y) reaches now, for the input log (absent = not known). */
  touchedNodeAt?(x: number, y: number): TouchedNode | undefined;
  /** The lock screen is showing. */
  locked(): boolean;
  /** Dismisses a lock screen that has no PIN (`wm dismiss-keyguard`). */
  unlock(): void;
  /**
   * Shows a `uiautomator dump` file captured on a real phone instead of the apps (`svc-sim screen`); undefined shows
   * the apps again. Throws when the text is not a dump. Absent on a device without the virtual apps.
   */
  showScreen?(dump: string | undefined): void;
  /** Opens / closes the notification shade (`cmd statusbar expand-notifications` / `collapse`); absent = no shade. */
  expandNotifications?(): void;
  collapsePanels?(): void;
  /** `screencap -p`: a PNG of the current screen. */
  screencapPng(): Uint8Array;
  tap(x: number, y: number): void;
  swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): void;
  keyevent(keyCode: string): void;
  inputText(text: string): void;
  /** Physical display metrics for `wm size` / `wm density` (1080x2400 at 420 when absent). */
  readonly display?: { readonly width: number; readonly height: number; readonly density: number };
  /** A configuration change (`wm size` / `wm density`, `settings put system font_scale`): everything re-lays out. */
  changeConfiguration?(change: { width?: number; height?: number; density?: number; fontScale?: number }): void;
}

/**
 * adb's word for the device. `recovery`, `sideload`, `bootloader` and `rescue` are boot modes: the device answers the
 * handshake with that word in its banner, and adb lists it so (AOSP packages/modules/adb/adb.cpp, parse_banner).
 */
export type DeviceState = 'device' | 'unauthorized' | 'offline' | BootMode;

export const BOOT_MODES = ['recovery', 'sideload', 'bootloader', 'rescue'] as const;
export type BootMode = (typeof BOOT_MODES)[number];

/** A state in which the device completes the handshake (with its own banner word). */
export const answersHandshake = (state: DeviceState): boolean =>
  state === 'device' || (BOOT_MODES as readonly string[]).includes(state);

/** The device model every part sees. */
export interface DeviceApi {
  readonly serialHint: string;
  readonly props: Map<string, string>;
  readonly settings: { global: Map<string, string>; secure: Map<string, string>; system: Map<string, string> };
  readonly packages: Map<string, InstalledPackage>;
  readonly files: Map<string, { data: Uint8Array; mode: number; mtimeSec: number }>;
  readonly log: {
    /** `uid` defaults to 0 (root): every real writer has one, tests that do not care may leave it out. */
    write(entry: Omit<LogEntry, 'epochMs' | 'uid'> & { epochMs?: number; uid?: number }): void;
    entries(): readonly LogEntry[];
    subscribe(listener: (entry: LogEntry) => void): () => void;
    clear(): void;
  };
  ui: UiHost;
  /**
   * `manifest: true` = a receiver declared in the app's manifest: Android (8+, for apps targeting API 26+) delivers
   * implicit broadcasts only to registered ones, so it hears only broadcasts naming its package or component.
   */
  registerReceiver(pkg: string, action: string, receiver: BroadcastReceiver, options?: { manifest?: boolean }): void;
  /** Deliver a broadcast; returns the number of receivers that got it. */
  sendBroadcast(intent: BroadcastIntent): number;
  /**
   * The command lines the shell ran, oldest first (security tests assert on it): a ring holding at least the newest
   * 1000 lines (fewer when they are very long), so a long-running device does not grow (device/command-log.ts).
   */
  readonly commandLog: string[];
  /** The input events the device received (`input tap|swipe|keyevent|text`), newest last (device/input-log.ts). */
  readonly inputs: InputLog;
  /** What hosts asked of the device: shell and exec services with the argv the shell ran, and broadcasts. */
  readonly commands: CommandRecord;
  /** Wall clock of the device (epoch ms); tests may skew it. */
  now(): number;
  /** Fault switches (a device on the wire shares them with its transport and its operator). */
  readonly faults: FaultControl;
  /** The notifications posted now (device/notifications.ts); absent on test stand-ins. */
  readonly notifications?: NotificationStore;
  /** Background processes by name (`pidof`, `killall`). */
  readonly processes: ProcessTable;
  /** How long the slow tools take (all zero unless a timing profile is on). */
  timing: DeviceTiming;
  /** Commands this device does not have (a stock phone without `screenrecord`, an old one without `cmd`). */
  readonly missingCommands: Set<string>;
  /**
   * Package manager events (device/device.ts implements them; test stand-ins may not). `installPackage` adds or
   * replaces an entry and tells the listeners, so an app (the operator) can come alive when its package is installed.
   */
  installPackage?(pkg: InstalledPackage): void;
  uninstallPackage?(name: string): boolean;
  onPackageInstalled?(listener: (pkg: InstalledPackage) => void): () => void;
  onPackageRemoved?(listener: (name: string) => void): () => void;
}
