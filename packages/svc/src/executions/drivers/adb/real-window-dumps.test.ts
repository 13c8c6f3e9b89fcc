// `dumpsys window displays` as real phones printed it, quoted in public bug threads (the thread is named above each),
// through the adb driver's reading of the app in front, the screen size and the displays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasSeveralDisplays, parseForeground } from './foreground.ts';

// openatx/uiautomator2#816 (Android 12, a 720x1650 phone with the Snapdragon camera in front): the focus lines follow
// the display section, after the layout sequence.
const ANDROID_12 = `WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)
  mLastOrientationSource=WindowedMagnification:0:31@243198895
  deepestLastOrientationSource=ActivityRecord{8730a17 u0 org.codeaurora.snapcam/com.android.camera.CameraLauncher t1032}
  Display: mDisplayId=0 rootTasks=7
    init=720x1650 320dpi cur=720x1650 app=720x1554 rng=720x672-1554x1506
    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,720,1650))

  mLayoutSeq=12367
  mCurrentFocus=Window{5d2507e u0 org.codeaurora.snapcam/com.android.camera.CameraLauncher}
  mFocusedApp=ActivityRecord{8730a17 u0 org.codeaurora.snapcam/com.android.camera.CameraLauncher t1032}

  displayId=0
  mWallpaperTarget=null
`;

// MaaAssistantArknights/MaaAssistantArknights#11516 (Android 14): a 500x500 virtual display is listed before the
// phone's own (display 0, `base=` and `init=` beside `cur=`).
const VIRTUAL_DISPLAY_FIRST = `WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)
  Display: mDisplayId=2
    init=500x500 100dpi mMinSizeOfResizeableTaskDp=220 cur=500x500 app=500x500 rng=500x500-500x500
    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion()

  Display: mDisplayId=0 (organized)
    init=1080x2400 420dpi mMinSizeOfResizeableTaskDp=220 base=1080x2400 320dpi cur=1080x2400 app=1080x2257 rng=1080x938-2305x2257
    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,1080,2400))
`;

test('Android 12: the app in front and the screen from the one display section', () => {
  const found = parseForeground(ANDROID_12);
  assert.deepEqual(found, {
    package: 'org.codeaurora.snapcam',
    activity: 'com.android.camera.CameraLauncher',
    focusedWindow: 'org.codeaurora.snapcam/com.android.camera.CameraLauncher',
    locked: false,
    screen: { width: 720, height: 1650 },
  });
  assert.equal(hasSeveralDisplays(ANDROID_12), false);
});

test('a virtual display listed first: several displays, and the screen is the focused display 0, not the first', () => {
  assert.equal(hasSeveralDisplays(VIRTUAL_DISPLAY_FIRST), true);
  assert.deepEqual(parseForeground(VIRTUAL_DISPLAY_FIRST).screen, { width: 1080, height: 2400 });
  // Once the window manager names the virtual display as the focused one, its section is read.
  const focusedVirtual = `${VIRTUAL_DISPLAY_FIRST}  mTopFocusedDisplayId=2\n`;
  assert.deepEqual(parseForeground(focusedVirtual).screen, { width: 500, height: 500 });
});
