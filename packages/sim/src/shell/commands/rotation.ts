// Screen rotation from the system settings, as WindowManager applies them: with `accelerometer_rotation` 0 the
// display takes `user_rotation` (0 natural, 1 = 90°, 2 = 180°, 3 = 270°); with auto-rotate on it follows the
// sensor, which on the simulator always reports the natural (upright) position. `settings put system
// user_rotation 1` is how tools rotate a phone (mobile-mcp's setOrientation; appium-adb). A quarter turn swaps the
// width and height everything is laid out in (the physical size `wm size` reports does not change).
import type { DeviceApi } from '../../device/types.ts';

const natural = new WeakMap<DeviceApi, { width: number; height: number }>();

export const ROTATION_SETTINGS: ReadonlySet<string> = new Set(['user_rotation', 'accelerometer_rotation']);

export function rotationOf(device: DeviceApi): number {
  if (device.settings.system.get('accelerometer_rotation') === '1') return 0;
  const rotation = Number(device.settings.system.get('user_rotation') ?? '0');
  return Number.isInteger(rotation) && rotation >= 0 && rotation <= 3 ? rotation : 0;
}

/** The display's size in its natural orientation (remembered before the first quarter turn). */
export function naturalSizeOf(device: DeviceApi): { width: number; height: number } {
  let size = natural.get(device);
  if (size === undefined) {
    const d = device.ui.display ?? { width: 1080, height: 2400 };
    size = { width: d.width, height: d.height };
    natural.set(device, size);
  }
  return size;
}

/** Lays the screen out again after a rotation setting changed. */
export function applyRotation(device: DeviceApi): void {
  const { width, height } = naturalSizeOf(device);
  const quarter = rotationOf(device) % 2 === 1;
  device.ui.changeConfiguration?.(quarter ? { width: height, height: width } : { width, height });
}
