// Which app is in front, and whether the keyguard (lock screen) has the focus, from the window manager. Android 10
// (API 29) moved the focus lines from `dumpsys window windows` to `dumpsys window displays` (appium/appium#13420).
// `mFocusedApp=ActivityRecord{<hash> u0 <pkg>/<activity> t<task>}` names the app even while a dialog or the
// keyboard has the focus; `mCurrentFocus=Window{<hash> u0 <name>}` names the focused window (an app activity, or a
// system window such as the keyguard). `dumpsys activity top` is avoided: it can stall ~5 s.
import type { DeviceShell } from './device-shell.ts';

export interface Foreground {
  /** The package of the focused app, when one is named. */
  package?: string;
  /** Its activity, as the window manager names it (`.MainActivity` or a full class name). */
  activity?: string;
  /** The focused window's own name (`pkg/pkg.Activity`, `StatusBar`, `NotificationShade`, `Keyguard`, ...). */
  focusedWindow?: string;
  /** The lock screen has the focus: taps would reach it, not an app. */
  locked: boolean;
  /** The screen in device pixels as it is now (rotated), from the display's `cur=WxH`. */
  screen?: { width: number; height: number };
}

/**
 * The focus lines (their section moved in API 29), the display section (its `cur=WxH` is the screen as it is now,
 * rotated: AOSP DisplayContent.dump), then the policy section, which says whether the keyguard shows
 * (`KeyguardServiceDelegate` `showing=true`; `mShowingLockscreen=true` before API 26: appium-adb lockmgmt).
 */
export function windowDumpCommand(sdk: number): string {
  return `dumpsys window ${sdk >= 29 ? 'displays' : 'windows; dumpsys window displays'}; dumpsys window policy`;
}

const COMPONENT = /^([A-Za-z0-9_.]+)\/([A-Za-z0-9_.$]+)$/;
const DISPLAY_HEADER = /^\s*Display: mDisplayId=(\d+)/m;
const TOP_FOCUSED_DISPLAY = /mTopFocusedDisplayId=(\d+)/;
/** Names the display that has the user's focus when there are several (AOSP RootWindowContainer). */
export const TOP_FOCUSED_DISPLAY_COMMAND = 'dumpsys window windows | grep mTopFocusedDisplayId';

/** The sections of `dumpsys window displays`, one per display (`Display: mDisplayId=N`), by display id. */
function displaySections(text: string): Map<number, string> {
  const sections = new Map<number, string>();
  const parts = text.split(/^(?=\s*Display: mDisplayId=\d+)/m);
  for (const part of parts) {
    const id = DISPLAY_HEADER.exec(part)?.[1];
    if (id !== undefined) sections.set(Number(id), part);
  }
  return sections;
}

/** The device shows several displays (each with a focus of its own): which one has the user's is worth asking. */
export function hasSeveralDisplays(text: string): boolean {
  return displaySections(text).size > 1;
}

/**
 * Since Android 10 every display has its own focused app and window (foldables, car head units, an emulator's
 * second display), each printed in its own section: package, window and size are read from the section of the
 * display that has the user's focus (`mTopFocusedDisplayId`, display 0 when not named), never mixed across
 * sections. Below API 29, and with one display, the whole text is one section.
 */
function focusedSection(text: string): string {
  const sections = displaySections(text);
  if (sections.size <= 1) return text;
  const focused = Number(TOP_FOCUSED_DISPLAY.exec(text)?.[1] ?? 0);
  return sections.get(focused) ?? sections.get(0) ?? text;
}

export function parseForeground(text: string): Foreground {
  const section = focusedSection(text);
  const focusedApp = /mFocusedApp=.*?ActivityRecord\{\S+ u\d+ (\S+?)(?: t\d+)?\}/.exec(section)?.[1];
  const currentFocus = /mCurrentFocus=Window\{\S+ (?:u\d+ )?([^}\s]+)\}/.exec(section)?.[1];
  const app = COMPONENT.exec(focusedApp ?? '') ?? COMPONENT.exec(currentFocus ?? '');
  const lockFlags =
    /mShowingLockscreen=true|isStatusBarKeyguard=true|mDreamingLockscreen=true|KeyguardServiceDelegate\s+showing=true/.test(
      text,
    );
  const keyguardFocused = /keyguard/i.test(currentFocus ?? '');
  const systemBarFocused = currentFocus === 'StatusBar' || currentFocus === 'NotificationShade';
  const foreground: Foreground = { locked: keyguardFocused || (lockFlags && systemBarFocused) };
  if (currentFocus !== undefined) foreground.focusedWindow = currentFocus;
  const cur = /\bcur=(\d+)x(\d+)/.exec(section);
  if (cur) foreground.screen = { width: Number(cur[1]), height: Number(cur[2]) };
  if (app) {
    foreground.package = app[1] as string;
    foreground.activity = app[2] as string;
  }
  return foreground;
}

export async function readForeground(shell: DeviceShell): Promise<Foreground> {
  const text = await shell.read(windowDumpCommand(await shell.sdk()));
  // One display (nearly every phone): one round trip. Several: ask which one has the focus.
  if (!hasSeveralDisplays(text) || TOP_FOCUSED_DISPLAY.test(text)) return parseForeground(text);
  return parseForeground(`${text}\n${await shell.read(TOP_FOCUSED_DISPLAY_COMMAND)}`);
}
