// The device's DropBoxManager store: system_server files an app crash as `data_app_crash` and an ANR as
// `data_app_anr` (system apps: `system_app_*`), each a timestamped text entry (AOSP
// services/core/java/com/android/server/DropBoxManagerService.java). `dumpsys dropbox` prints them.
import type { DeviceApi } from './types.ts';

export interface DropBoxEntry {
  readonly tag: string;
  readonly epochMs: number;
  readonly text: string;
}

const stores = new WeakMap<DeviceApi, DropBoxEntry[]>();

export function dropBoxOf(device: DeviceApi): DropBoxEntry[] {
  let store = stores.get(device);
  if (store === undefined) {
    store = [];
    stores.set(device, store);
  }
  return store;
}

export function addDropBoxEntry(device: DeviceApi, tag: string, text: string, epochMs = device.now()): void {
  dropBoxOf(device).push({ tag, epochMs, text });
}
