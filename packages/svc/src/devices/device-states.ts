// What each adb state of a device that cannot be used means, in one place: its code and the hint that says what to
// do. The states are adb's own words (AOSP packages/modules/adb/transport.cpp, to_string(ConnectionState)):
// `unauthorized` and `offline` have codes of their own; a boot mode (`recovery`, `sideload`, `bootloader`, `rescue`,
// the first word of the device's banner: adb.cpp parse_banner), a USB device this computer may not open
// (`no permissions (...)`, usb_linux.cpp) and a handshake in progress (`authorizing`, `connecting`) are
// DEVICE_NOT_READY, each with its own hint.
import { codeOf } from '../contracts/conditions.ts';
import type { ErrorCode } from '../contracts/errors.ts';

const HINTS: Record<string, string> = {
  unauthorized: 'Unlock the device and accept the "Allow USB debugging?" prompt, then run the command again.',
  offline:
    'adb cannot talk to it: `adb reconnect offline`; a network device: `adb connect <host:port>`; a simulated one: restart `svc sim start`.',
  recovery:
    'The device is in recovery mode: choose "Reboot system now" on it (or run `adb -s <serial> reboot`), then run the command again once `svc devices` lists it as device.',
  sideload:
    'The device waits for an `adb sideload` package: finish or cancel it, reboot into Android, then run the command again.',
  bootloader:
    'The device is in its bootloader (fastboot): choose Start on it (or run `fastboot reboot`), then run the command again once Android has booted.',
  rescue:
    'The device is in rescue mode: reboot it into Android (`adb -s <serial> reboot`), then run the command again.',
  'no permissions':
    'This computer may not open the USB device: add a udev rule for it and put your user in the plugdev group (https://developer.android.com/studio/run/device), then unplug and replug it.',
  authorizing:
    'adb is still checking this computer with the device: wait a moment (or accept the prompt on it) and retry.',
  connecting: 'adb is still connecting to the device: wait a moment and retry.',
};

/** adb's word for the state: `no permissions (missing udev rules? ...)` is `no permissions`. */
function stateWord(state: string): string {
  return state.startsWith('no permissions') ? 'no permissions' : state;
}

/** The code of a device adb lists in `state` (anything but `device`): one per condition (contracts/conditions.ts). */
export function codeOfState(state: string): ErrorCode {
  if (state === 'unauthorized') return codeOf('deviceUnauthorized');
  if (state === 'offline') return codeOf('deviceOffline');
  return codeOf('deviceNotReady');
}

/** What to do about the device `serial` in `state`; undefined for a state we have no words for (the code's hint). */
export function hintOfState(state: string, serial: string): string | undefined {
  return HINTS[stateWord(state)]?.replaceAll('<serial>', serial);
}

/** Of several devices none of which is ready, the one the user should fix first (the USB prompt, then offline, ...). */
export function firstBlocked<T extends { state: string }>(devices: readonly T[]): T | undefined {
  const rank = (state: string) => {
    const order = ['unauthorized', 'offline'];
    const at = order.indexOf(state);
    return at === -1 ? order.length : at;
  };
  return [...devices].filter((d) => d.state !== 'device').sort((a, b) => rank(a.state) - rank(b.state))[0];
}
