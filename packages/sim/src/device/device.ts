// The Android device model behind the wire: properties, settings, packages, files, the log, broadcast delivery and
// the clock. The shell (shell/) and the UI + operator (ui/, operator/) act on it only through DeviceApi.
import { randomBytes, randomUUID } from 'node:crypto';
import { createFaultControl } from '../faults.ts';
import { createCommandRecord } from './command-record.ts';
import { createInputLog } from './input-log.ts';
import { createLogBuffer, DEFAULT_LOG_BUFFER_BYTES } from './log-buffer.ts';
import { createNotificationStore } from './notifications.ts';
import { PlaceholderUi } from './placeholder-ui.ts';
import { createProcessTable } from './process-table.ts';
import { systemPackages } from './system-packages.ts';
import { TIMING_PROFILES, type TimingProfile } from './timing.ts';
import type { BroadcastReceiver, DeviceApi, InstalledPackage } from './types.ts';

export interface CreateDeviceOptions {
  model?: string;
  /** ro.build.version.sdk (default 35, Android 15). */
  apiLevel?: number;
  /** false = sys.boot_completed and dev.bootcomplete stay unset (a device still booting). */
  booted?: boolean;
  serialHint?: string;
  /** The hardware serial number (`ro.serialno`); default: one of its own per device. */
  serialNo?: string;
  /** The wall clock the device starts from (default Date.now); skewClock() moves it later. */
  clock?: () => number;
  /** Byte budget of the log ring buffer (default 256 KiB, logd's default). */
  logBufferBytes?: number;
  /** How long the slow tools take (default `instant`). */
  timing?: TimingProfile;
  /** Commands left out of this device's shell. */
  missingCommands?: readonly string[];
}

/**
 * Who the device is, whatever name an adb server lists it by (`127.0.0.1:P`, `localhost:P`, the same phone on a
 * second adb server): its hardware serial number and the id of its current boot. Both answers the device gives
 * (`getprop ro.serialno`, `cat /proc/sys/kernel/random/boot_id`) come from here, never from the serial a client used.
 * boot_id is a random UUID the kernel makes at each boot (Linux Documentation/admin-guide/sysctl/kernel.rst, "random":
 * "boot_id: a UUID generated the first time this is retrieved, and unvarying after that"); ro.serialno is the
 * hardware serial init copies from ro.boot.serialno (AOSP system/core/init/property_service.cpp,
 * ExportKernelBootProps), a property of the phone, the same whichever transport or adb server reaches it.
 */
export interface DeviceIdentity {
  readonly serialNo: string;
  readonly bootId: string;
}

export const BOOT_ID_PATH = '/proc/sys/kernel/random/boot_id';

/** DeviceApi plus the handles tests and the control surface use. */
export interface SimulatedDeviceModel extends DeviceApi {
  readonly identity: DeviceIdentity;
  installPackage(pkg: InstalledPackage): void;
  uninstallPackage(name: string): boolean;
  onPackageInstalled(listener: (pkg: InstalledPackage) => void): () => void;
  onPackageRemoved(listener: (name: string) => void): () => void;
  /** Moves the device clock by `ms` (negative = back), as a user changing the time would. */
  skewClock(ms: number): void;
}

const RELEASES: Record<number, string> = {
  29: '10',
  30: '11',
  31: '12',
  32: '12',
  33: '13',
  34: '14',
  35: '15',
  36: '16',
};

export function releaseOf(apiLevel: number): string {
  return RELEASES[apiLevel] ?? String(Math.max(1, apiLevel - 20));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

function defaultProps(options: CreateDeviceOptions, identity: DeviceIdentity): [string, string][] {
  const model = options.model ?? 'Pixel 7';
  const sdk = options.apiLevel ?? 35;
  const release = releaseOf(sdk);
  const name = slug(model);
  const fingerprint = `google/${name}/${name}:${release}/AP4A.250105.002/12701944:user/release-keys`;
  const props: [string, string][] = [
    ['ro.product.model', model],
    ['ro.product.name', name],
    ['ro.product.device', name],
    ['ro.product.brand', 'google'],
    ['ro.product.manufacturer', 'Google'],
    ['ro.product.cpu.abi', 'arm64-v8a'],
    ['ro.product.cpu.abilist', 'arm64-v8a,armeabi-v7a,armeabi'],
    ['ro.build.version.sdk', String(sdk)],
    ['ro.build.version.release', release],
    ['ro.build.version.release_or_codename', release],
    ['ro.build.version.codename', 'REL'],
    ['ro.build.version.security_patch', '2025-01-05'],
    ['ro.build.id', 'AP4A.250105.002'],
    ['ro.build.type', 'user'],
    ['ro.build.tags', 'release-keys'],
    ['ro.build.fingerprint', fingerprint],
    ['ro.build.characteristics', 'nosdcard'],
    ['ro.serialno', identity.serialNo],
    ['ro.boot.serialno', identity.serialNo],
    ['ro.secure', '1'],
    ['ro.adb.secure', '1'],
    ['ro.debuggable', '0'],
    ['ro.sf.lcd_density', '420'],
    ['persist.sys.timezone', 'GMT'],
    ['persist.sys.locale', 'en-US'],
    ['init.svc.adbd', 'running'],
    ['service.adb.root', '0'],
  ];
  if (options.booted !== false) props.push(['sys.boot_completed', '1'], ['dev.bootcomplete', '1']);
  return props;
}

function defaultSettings(model: string) {
  return {
    global: new Map([
      ['adb_enabled', '1'],
      ['development_settings_enabled', '1'],
      ['device_name', model],
      ['airplane_mode_on', '0'],
      ['stay_on_while_plugged_in', '0'],
      ['window_animation_scale', '1.0'],
      ['transition_animation_scale', '1.0'],
      ['animator_duration_scale', '1.0'],
      ['package_verifier_user_consent', '1'],
    ]),
    secure: new Map([
      ['accessibility_enabled', '0'],
      ['android_id', '4f1d2e3c5b6a7980'],
      ['default_input_method', 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME'],
      ['user_setup_complete', '1'],
    ]),
    system: new Map([
      ['font_scale', '1.0'],
      ['screen_off_timeout', '60000'],
      ['screen_brightness', '102'],
      ['accelerometer_rotation', '0'],
      ['user_rotation', '0'],
    ]),
  };
}

export function createDevice(options: CreateDeviceOptions = {}): SimulatedDeviceModel {
  const baseClock = options.clock ?? Date.now;
  let skewMs = 0;
  const now = () => baseClock() + skewMs;
  const serial = options.serialHint ?? 'SIM0000001';
  const identity: DeviceIdentity = {
    serialNo: options.serialNo ?? randomBytes(6).toString('hex').toUpperCase(),
    bootId: randomUUID(),
  };
  const packages = new Map<string, InstalledPackage>();
  for (const pkg of systemPackages(options.apiLevel ?? 35)) packages.set(pkg.name, pkg);
  const receivers: { pkg: string; action: string; receiver: BroadcastReceiver; manifest: boolean }[] = [];
  const installedListeners = new Set<(pkg: InstalledPackage) => void>();
  const removedListeners = new Set<(name: string) => void>();
  const device: SimulatedDeviceModel = {
    serialHint: serial,
    identity,
    props: new Map(defaultProps(options, identity)),
    settings: defaultSettings(options.model ?? 'Pixel 7'),
    packages,
    // The kernel's file, world-readable (0444) as on a phone.
    files: new Map([
      [BOOT_ID_PATH, { data: new TextEncoder().encode(`${identity.bootId}\n`), mode: 0o100444, mtimeSec: 0 }],
    ]),
    log: createLogBuffer(now, options.logBufferBytes ?? DEFAULT_LOG_BUFFER_BYTES),
    ui: undefined as never,
    registerReceiver(pkg, action, receiver, options) {
      receivers.push({ pkg, action, receiver, manifest: options?.manifest === true });
    },
    sendBroadcast(intent) {
      // Only installed apps receive; an explicit package narrows delivery to that app; a manifest receiver hears
      // only explicit broadcasts (Android 8 background execution limits).
      const hits = receivers.filter(
        (r) =>
          r.action === intent.action &&
          packages.has(r.pkg) &&
          (intent.targetPackage === undefined ? !r.manifest : intent.targetPackage === r.pkg),
      );
      device.commands.record({
        kind: 'broadcast',
        action: intent.action,
        ...(intent.targetPackage !== undefined ? { package: intent.targetPackage } : {}),
        ...(intent.component !== undefined ? { component: intent.component } : {}),
        extras: { ...intent.extras },
        receivers: hits.length,
      });
      for (const hit of hits) hit.receiver(intent);
      return hits.length;
    },
    commandLog: [],
    inputs: createInputLog(),
    commands: createCommandRecord(now),
    now,
    faults: createFaultControl(),
    notifications: createNotificationStore(now),
    processes: createProcessTable(),
    timing: { ...TIMING_PROFILES[options.timing ?? 'instant'] },
    missingCommands: new Set(options.missingCommands ?? []),
    installPackage(pkg) {
      packages.set(pkg.name, pkg);
      for (const listener of installedListeners) listener(pkg);
    },
    uninstallPackage(name) {
      // Receivers stay registered but get nothing while the package is absent (sendBroadcast checks).
      if (!packages.delete(name)) return false;
      device.ui?.forceStop(name);
      for (const listener of removedListeners) listener(name);
      return true;
    },
    onPackageInstalled(listener) {
      installedListeners.add(listener);
      return () => {
        installedListeners.delete(listener);
      };
    },
    onPackageRemoved(listener) {
      removedListeners.add(listener);
      return () => {
        removedListeners.delete(listener);
      };
    },
    skewClock(ms) {
      skewMs += ms;
    },
  };
  device.ui = new PlaceholderUi(device);
  return device;
}
