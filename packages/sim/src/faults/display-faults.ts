// Several displays, as foldables, car head units and emulators with a second display have them:
// - `screencap` without `-d` prints a warning on stderr ahead of the PNG, which `exec-out` merges into the same
//   stream, and captures "the first display found", which need not be the one in use (AOSP
//   frameworks/base/cmds/screencap/screencap.cpp; openatx/uiautomator2#1131, mobile-next/mobile-mcp#210;
//   LmeSzinc/AzurLaneAutoScript#5682 shows the three lines). `screencap_display_warning` prints the warning before
//   the phone's own picture; `second_display` adds a display that screencap finds first;
// - `dumpsys window displays` prints one section per display (`Display: mDisplayId=N`, each with its own
//   `mCurrentFocus` and `mFocusedApp`), in the window manager's order, which need not start with display 0 (a BYD
//   head unit lists display 1 first), and `dumpsys window windows` names the display that has the focus:
//   `mTopFocusedDisplayId=N` (AOSP RootWindowContainer.dumpTopFocusedDisplayId);
// - `dumpsys display` lists a viewport per display: its logical id and the physical id `screencap -d` takes
//   (`uniqueId='local:<id>'`: mobile-mcp reads it so);
// - `focused_virtual_display`: the focus is on a virtual display (a cast or projection app's), whose viewport has a
//   `virtual:` unique id (AOSP VirtualDisplayAdapter's UNIQUE_ID_PREFIX) and no physical id for `screencap -d`;
//   screencap without -d warns and captures the phone's own display.
import type { FaultControl } from '../faults.ts';

export const SCREENCAP_WARNING =
  '[Warning] Multiple displays were found, but no display id was specified! Defaulting to the first display found, ' +
  'however this default is not guaranteed to be consistent across captures. A display id should be specified.\n' +
  'A display ID can be specified with the [-d display-id] option.\n' +
  'See "dumpsys SurfaceFlinger --display-id" for valid display IDs.\n';

/** The phone's own display: logical id 0, its SurfaceFlinger id (an emulator's, as `dumpsys display` shows it). */
export const MAIN_DISPLAY = { logicalId: 0, physicalId: '4619827259835644672' } as const;

/** The second display of `second_display`: a car cluster's size, showing another app. */
export const SECOND_DISPLAY = {
  logicalId: 2,
  physicalId: '4619827259835644673',
  width: 1920,
  height: 720,
  density: 160,
  name: 'HDMI Screen',
  /** The app in front there, as ActivityRecord and Window print it. */
  component: 'com.android.chrome/com.google.android.apps.chrome.Main',
} as const;

/** The virtual display of `focused_virtual_display`. */
export const VIRTUAL_DISPLAY = { logicalId: 3, uniqueId: 'virtual:com.example.cast,10045,Cast,0' } as const;

export function focusOnVirtualDisplay(faults: FaultControl): boolean {
  return faults.get('focused_virtual_display') !== undefined;
}

export function hasSecondDisplay(faults: FaultControl): boolean {
  return faults.get('second_display') !== undefined;
}

/** `screencap` without `-d` warns (several physical displays). */
export function screencapWarns(faults: FaultControl): boolean {
  return (
    hasSecondDisplay(faults) || faults.get('screencap_display_warning') !== undefined || focusOnVirtualDisplay(faults)
  );
}
