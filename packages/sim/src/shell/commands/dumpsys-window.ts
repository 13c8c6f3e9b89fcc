// The focus lines of `dumpsys window` as the window manager prints them, per API level. Android 10 (API 29) moved
// them: `mCurrentFocus` and `mFocusedApp` appear under `dumpsys window displays` from 29 on and under `dumpsys
// window windows` before (appium/appium#13420, openatx/uiautomator2#952). Before 29 the focused app is an
// AppWindowToken around the ActivityRecord (ashishb/adb-enhanced#4). While the lock screen shows, the focus is on
// SystemUI's window: `NotificationShade` from Android 11 (API 30), `StatusBar` before; `dumpsys window policy`
// says whether the keyguard shows: `KeyguardServiceDelegate` / `showing=true` (appium-adb lockmgmt reads it), and
// before Android 8 (API 26) PhoneWindowManager's `mShowingLockscreen=true`.
import type { DeviceApi, ShellIO } from '../../device/types.ts';
import {
  focusOnVirtualDisplay,
  hasSecondDisplay,
  SECOND_DISPLAY,
  VIRTUAL_DISPLAY,
} from '../../faults/display-faults.ts';
import { naturalSizeOf } from './rotation.ts';

/** `pkg/.Activity` of the foreground app, as ActivityRecord prints it. */
export function topActivity(device: DeviceApi): string {
  const pkg = device.ui.foregroundPackage();
  const full = device.packages.get(pkg)?.launcherActivity ?? `${pkg}/.MainActivity`;
  const [name = pkg, cls = ''] = full.split('/');
  return `${name}/${cls.startsWith(`${name}.`) ? cls.slice(name.length) : cls}`;
}

function apiLevel(device: DeviceApi): number {
  return Number(device.props.get('ro.build.version.sdk') ?? 35) || 35;
}

/** `Window{hash u0 name}`: the window's title is the full component of an activity. */
function focusedWindowName(device: DeviceApi): string {
  if (device.ui.locked()) return apiLevel(device) >= 30 ? 'NotificationShade' : 'StatusBar';
  const [pkg = '', cls = ''] = topActivity(device).split('/');
  return `${pkg}/${cls.startsWith('.') ? pkg + cls : cls}`;
}

function focusLines(device: DeviceApi): string {
  const top = topActivity(device);
  const record = `ActivityRecord{a9f0785 u0 ${top} t15}`;
  const app = apiLevel(device) >= 29 ? record : `AppWindowToken{1c2affb token=Token{fdee9da ${record}}}`;
  return `  mCurrentFocus=Window{1b2c3d4 u0 ${focusedWindowName(device)}}\n  mFocusedApp=${app}\n`;
}

/**
 * The second display of `second_display`, listed before the phone's own as the window manager may list it (a BYD
 * head unit's dump shows display 1 first), with another app in focus there: only `mTopFocusedDisplayId` says which
 * display's focus is the user's (faults/display-faults.ts).
 */
function secondDisplaySection(withFocus: boolean): string {
  const s = SECOND_DISPLAY;
  const [pkg = '', cls = ''] = s.component.split('/');
  const focus =
    `  mCurrentFocus=Window{7c1d2e3 u0 ${s.component}}\n` +
    `  mFocusedApp=ActivityRecord{3e4f5a6 u0 ${pkg}/${cls} t20}\n`;
  return (
    `  Display: mDisplayId=${s.logicalId} rootTasks=1\n    init=${s.width}x${s.height} ${s.density}dpi cur=${s.width}x${s.height}\n` +
    (withFocus ? `\n${focus}` : '')
  );
}

/** `init=` is the natural size, `cur=` the logical size as the screen is turned now (AOSP DisplayContent.dump). */
function displaysSection(device: DeviceApi, withFocus: boolean): string {
  const { width = 1080, height = 2400, density = 420 } = device.ui.display ?? {};
  const init = naturalSizeOf(device);
  return (
    'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n' +
    (hasSecondDisplay(device.faults) ? secondDisplaySection(withFocus) : '') +
    `  Display: mDisplayId=0 rootTasks=3\n    init=${init.width}x${init.height} ${density}dpi cur=${width}x${height}\n` +
    (withFocus ? `\n${focusLines(device)}` : '')
  );
}

function windowsSection(device: DeviceApi, withFocus: boolean): string {
  const lines = [
    'WINDOW MANAGER WINDOWS (dumpsys window windows)',
    `  Window #0 Window{1b2c3d4 u0 ${focusedWindowName(device)}}:`,
    '    mDisplayId=0 rootTaskId=15 mSession=Session{5f1c2a 3120:u0a10190} mClient=android.os.BinderProxy@8e1f3b2',
    `  Window #1 Window{9a8b7c6 u0 ${apiLevel(device) >= 30 ? 'NotificationShade' : 'StatusBar'}}:`,
    '    mDisplayId=0 rootTaskId=1 mSession=Session{2b3c4d 1820:u0a10045} mClient=android.os.BinderProxy@1c2d3e4',
    '',
  ].join('\n');
  // Since Android 10 each display has a focus of its own; the window list says which display has the user's
  // (AOSP RootWindowContainer.dumpTopFocusedDisplayId).
  const focused = focusOnVirtualDisplay(device.faults) ? VIRTUAL_DISPLAY.logicalId : 0;
  const topFocus = apiLevel(device) >= 29 ? `  mTopFocusedDisplayId=${focused}\n` : '';
  return lines + topFocus + (withFocus ? focusLines(device) : '');
}

function policySection(device: DeviceApi): string {
  const locked = device.ui.locked();
  const legacy = apiLevel(device) < 26;
  return [
    'WINDOW MANAGER POLICY STATE (dumpsys window policy)',
    '    mSafeMode=false mSystemReady=true mSystemBooted=true',
    legacy
      ? `    mShowingLockscreen=${locked} mShowingDream=false mDreamingLockscreen=false`
      : '    mShowingDream=false mDreamingLockscreen=false',
    '    KeyguardServiceDelegate',
    `      showing=${locked}`,
    `      showingAndNotOccluded=${locked}`,
    `      inputRestricted=${locked}`,
    '      occluded=false',
    '      secure=false',
    '',
  ].join('\n');
}

export async function dumpsysWindow(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  const modern = apiLevel(device) >= 29;
  const section = args[0];
  let text: string;
  if (section === 'displays') text = displaysSection(device, modern);
  else if (section === 'windows') text = windowsSection(device, !modern);
  else if (section === 'policy') text = policySection(device);
  else text = `${policySection(device)}\n${displaysSection(device, modern)}\n${windowsSection(device, !modern)}`;
  await io.writeStdout(text);
  return 0;
}

/** The input method service's class as its dump names it (`pkg/.Cls` or `pkg/full.Cls`). */
function serviceClass(ime: string): string {
  const [pkg = '', cls = ''] = ime.split('/');
  return cls.startsWith('.') ? `${pkg}${cls}` : cls;
}

/**
 * `dumpsys input_method` in the layout of a real one (a Motorola phone, Android 9: svc
 * test/fixtures/real-dumpsys/input-method-motorola-api28.txt), the lines tools read kept: the manager's
 * `mInputShown` (appium-adb isSoftKeyboardPresent) on the mShowRequested line, and the input method's own section
 * with `mIsInputViewShown`, which stays true after the keyboard hides (VirtualUi.inputViewFlag).
 */
export async function dumpsysInputMethod(io: ShellIO, device: DeviceApi): Promise<number> {
  const shown = device.ui.keyboardShown();
  const view = shown && (device.ui.keyboardViewShown?.() ?? true);
  const flag = device.ui.inputViewFlag?.() ?? view;
  const ime = device.settings.secure.get('default_input_method') ?? '';
  const service =
    ime === ''
      ? ''
      : `\nInput method service state for ${serviceClass(ime)}@1def8f6:\n` +
        '  mWindowCreated=true mWindowAdded=true\n' +
        `  mWindowVisible=${shown} mWindowWasVisible=${shown} mInShowWindow=false\n` +
        `  mInputStarted=${shown} mInputViewStarted=${view} mCandidatesViewStarted=false\n` +
        `  mShowInputRequested=${shown} mLastShowInputRequested=${shown} mShowInputFlags=0x0\n` +
        `  mIsInputViewShown=${flag} mStatusIcon=0\n`;
  await io.writeStdout(
    'Current Input Method Manager state:\n' +
      `  mCurMethodId=${ime}\n` +
      `  mCurFocusedWindowName=${focusedWindowName(device)}\n` +
      `  mShowRequested=${shown} mShowExplicitlyRequested=false mShowForced=false mInputShown=${shown}\n` +
      '  mInFullscreenMode=false\n' +
      '  mSystemReady=true mInteractive=true\n' +
      service,
  );
  return 0;
}
