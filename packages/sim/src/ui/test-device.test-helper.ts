// A small in-memory DeviceApi for unit tests of the UI and operator (the device suites use the real model).
import { memoryDevice } from '../device/memory-device.test-helper.ts';
import type { DeviceApi } from '../device/types.ts';

export function testDevice(props: Record<string, string> = {}): DeviceApi {
  return memoryDevice('test', { 'ro.build.version.sdk': '35', ...props });
}
