// `dumpsys display`: the part tools read, the display viewport line. Its shape is DisplayViewport.toString()
// (AOSP core/java/android/hardware/display/DisplayViewport.java, API 29+ field order); uiautomator2,
// AndroidViewClient and atx read `orientation=` and `deviceWidth=`/`deviceHeight=` from the line with
// `valid=true`. deviceWidth/deviceHeight are the size in the current rotation. The header lines as real phones print
// them (`mOnlyCode` is DisplayManagerService's own spelling: a Pixel 3 XL on Android 12, nikp123/scrcpy-desktop#1).
import type { ShellCommand } from '../../device/types.ts';
import {
  focusOnVirtualDisplay,
  hasSecondDisplay,
  MAIN_DISPLAY,
  SECOND_DISPLAY,
  VIRTUAL_DISPLAY,
} from '../../faults/display-faults.ts';
import { naturalSizeOf, rotationOf } from './rotation.ts';

export const dumpsysDisplay: ShellCommand = async (_args, io, device) => {
  const rotation = rotationOf(device);
  const { width, height } = naturalSizeOf(device);
  const [w, h] = rotation % 2 === 1 ? [height, width] : [width, height];
  const density = device.ui.display?.density ?? 420;
  const frame = `Rect(0, 0 - ${w}, ${h})`;
  const viewports = [
    `DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=${MAIN_DISPLAY.logicalId}, uniqueId='local:${MAIN_DISPLAY.physicalId}', physicalPort=0, orientation=${rotation}, logicalFrame=${frame}, physicalFrame=${frame}, deviceWidth=${w}, deviceHeight=${h}}`,
  ];
  const devices = [
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:${MAIN_DISPLAY.physicalId}", ${width} x ${height}, modeId 1, defaultModeId 1, density ${density}, rotation ${rotation}, type INTERNAL, state ON}\n`,
  ];
  if (focusOnVirtualDisplay(device.faults)) {
    const v = VIRTUAL_DISPLAY;
    viewports.push(
      `DisplayViewport{type=VIRTUAL, valid=true, isActive=true, displayId=${v.logicalId}, uniqueId='${v.uniqueId}', physicalPort=null, orientation=0, logicalFrame=${frame}, physicalFrame=${frame}, deviceWidth=${w}, deviceHeight=${h}}`,
    );
  }
  if (hasSecondDisplay(device.faults)) {
    const s = SECOND_DISPLAY;
    const second = `Rect(0, 0 - ${s.width}, ${s.height})`;
    viewports.push(
      `DisplayViewport{type=EXTERNAL, valid=true, isActive=true, displayId=${s.logicalId}, uniqueId='local:${s.physicalId}', physicalPort=1, orientation=0, logicalFrame=${second}, physicalFrame=${second}, deviceWidth=${s.width}, deviceHeight=${s.height}}`,
    );
    devices.push(
      `  DisplayDeviceInfo{"${s.name}": uniqueId="local:${s.physicalId}", ${s.width} x ${s.height}, modeId 2, defaultModeId 2, density ${s.density}, rotation 0, type EXTERNAL, state ON}\n`,
    );
  }
  await io.writeStdout(
    'DISPLAY MANAGER (dumpsys display)\n' +
      '  mOnlyCode=false\n' +
      '  mSafeMode=false\n' +
      `  mViewports=[${viewports.join(', ')}]\n` +
      '\n' +
      `Display Devices: size=${devices.length}\n` +
      devices.join(''),
  );
  return 0;
};
