// What the adb server says about the devices of a `svc-sim start` process, and keeping them on it. After an
// `adb kill-server` the new server knows nothing of devices that were `adb connect`ed (and of emulators outside
// its scan range): the watcher sees them missing and connects them again, as a phone on Wi-Fi needs `adb connect`
// again. `svc-sim list` shows adb's view (`adbState`), not only the simulator's own state.
import { announceEmulator } from '../emulator/register.ts';
import { deviceStates, hostQuery } from '../testing/adb-host.ts';
import type { ControlledDevice } from './control-server.ts';

/** How often the watcher asks the adb server (a `host:devices` query costs well under a millisecond). */
export const WATCH_INTERVAL_MS = 1000;

/** adb's state of each device: its word (device, offline, unauthorized, ...), `absent`, or `no adb server`. */
export async function refreshAdbStates(adbPort: number, devices: readonly ControlledDevice[]): Promise<void> {
  let states: Map<string, string>;
  try {
    states = await deviceStates(adbPort);
  } catch {
    for (const entry of devices) entry.adbState = 'no adb server';
    return;
  }
  for (const entry of devices) entry.adbState = states.get(entry.sim.serial) ?? 'absent';
}

/** Puts every device the adb server lost back on it (an `adb connect`, or an emulator's announcement). */
export async function reconnectMissing(adbPort: number, devices: readonly ControlledDevice[]): Promise<void> {
  for (const entry of devices) {
    if (entry.adbState !== 'absent' || entry.connect === false) continue;
    const { sim } = entry;
    if (sim.consolePort !== undefined) await announceEmulator(adbPort, sim.port);
    else await hostQuery(adbPort, `host:connect:${sim.serial}`).catch(() => '');
  }
}

/** Takes a stopped device off the adb server, so no `offline` entry is left behind. */
export async function forgetOnAdb(adbPort: number, entry: ControlledDevice): Promise<void> {
  if (entry.sim.consolePort === undefined) {
    await hostQuery(adbPort, `host:disconnect:${entry.sim.serial}`).catch(() => '');
  }
}

/** Refreshes and reconnects every WATCH_INTERVAL_MS until stopped. */
export function watchAdb(adbPort: number, devices: readonly ControlledDevice[]): { stop(): void } {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    await refreshAdbStates(adbPort, devices);
    await reconnectMissing(adbPort, devices);
    if (!stopped) timer = setTimeout(tick, WATCH_INTERVAL_MS);
  };
  let timer = setTimeout(tick, WATCH_INTERVAL_MS);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
