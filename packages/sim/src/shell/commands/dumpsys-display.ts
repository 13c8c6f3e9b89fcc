// `dumpsys display`: the part tools read, the display viewport line. Its shape is DisplayViewport.toString()
// (AOSP core/java/android/hardware/display/DisplayViewport.java, API 29+ field order); uiautomator2,
// AndroidViewClient and atx read `orientation=` and `deviceWidth=`/`deviceHeight=` from the line with
// `valid=true`. deviceWidth/deviceHeight are the size in the current rotation.
import type { ShellCommand } from '../../device/types.ts';
import { naturalSizeOf, rotationOf } from './rotation.ts';

export const dumpsysDisplay: ShellCommand = async (_args, io, device) => {
  const rotation = rotationOf(device);
  const { width, height } = naturalSizeOf(device);
  const [w, h] = rotation % 2 === 1 ? [height, width] : [width, height];
  const density = device.ui.display?.density ?? 420;
  const frame = `Rect(0, 0 - ${w}, ${h})`;
  await io.writeStdout(
    'DISPLAY MANAGER (dumpsys display)\n' +
      '  mOnlyCore=false\n' +
      '  mSafeMode=false\n' +
      `  mViewports=[DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='local:4619827259835644672', physicalPort=0, orientation=${rotation}, logicalFrame=${frame}, physicalFrame=${frame}, deviceWidth=${w}, deviceHeight=${h}}]\n` +
      '\n' +
      'Display Devices: size=1\n' +
      `  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:4619827259835644672", ${width} x ${height}, modeId 1, defaultModeId 1, density ${density}, rotation ${rotation}, type INTERNAL, state ON}\n`,
  );
  return 0;
};
