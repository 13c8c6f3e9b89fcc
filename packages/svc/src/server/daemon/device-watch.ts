// Whether the daemon's device is still there: every DAEMON_DEVICE_CHECK_MS one `host:devices-l` to the adb server
// (the raw query of the CLI's hot path, no adb client needed). A device in any state (offline, unauthorized) is
// still there; only one the server no longer lists is gone. When the server cannot be asked, nothing is concluded.
import { quickDeviceList } from '../../adapters/adb/quick-device-list.ts';
import type { Env } from '../../contracts/env.ts';
import { DAEMON_DEVICE_CHECK_MS } from '../../core/config.ts';

export interface DeviceWatch {
  /** How long the device has been missing from the adb server's list (0 while it is listed). */
  goneForMs(): number;
  stop(): void;
}

export function watchDevice(env: Env, serial: string, intervalMs = DAEMON_DEVICE_CHECK_MS): DeviceWatch {
  let missingSince: number | undefined;
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const listed = (await quickDeviceList(env)).some((device) => device.serial === serial);
      if (listed) missingSince = undefined;
      else missingSince ??= Date.now();
    } catch {
      // no adb server answered: the device may be fine; say nothing
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    goneForMs: () => (missingSince === undefined ? 0 : Date.now() - missingSince),
    stop: () => clearInterval(timer),
  };
}
