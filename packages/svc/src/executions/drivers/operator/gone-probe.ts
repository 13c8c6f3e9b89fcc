// While an execution waits on a device whose log follow just failed: is the device still there? adb says so within
// a second of an unplug (the follow ends with "device offline" and the server lists it offline or not at all), so
// the execution can end with DEVICE_DISCONNECTED in seconds instead of its whole timeout, and blame the right
// party. A device gone for DEVICE_GONE_CONFIRM_MS counts: a transport that only hiccups (adb reconnects a network
// device within about a second) must not fail an execution that will still get its envelope.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';

/** How long the adb server must not list the device as `device` before the waiters are told it is gone. */
export const DEVICE_GONE_CONFIRM_MS = 3000;
const PROBE_INTERVAL_MS = 250;

export class GoneProbe {
  readonly #adb: AdbPort;
  readonly #serial: string;
  readonly #stillNeeded: () => boolean;
  readonly #onGone: (state: string) => void;
  #running = false;

  /** `stillNeeded`: executions wait on the device; `onGone`: told once per probe with the state adb last reported. */
  constructor(adb: AdbPort, serial: string, stillNeeded: () => boolean, onGone: (state: string) => void) {
    this.#adb = adb;
    this.#serial = serial;
    this.#stillNeeded = stillNeeded;
    this.#onGone = onGone;
  }

  /** Starts probing unless a probe runs already. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#probe().finally(() => {
      this.#running = false;
    });
  }

  async #probe(): Promise<void> {
    let missingSince: number | undefined;
    while (this.#stillNeeded()) {
      const devices = await this.#adb.listDevices().catch(() => undefined);
      // No adb server answered: nothing can be concluded about the device (the execution's deadline still holds).
      if (devices !== undefined) {
        const state = devices.find((device) => device.serial === this.#serial)?.state ?? 'not listed';
        if (state === 'device') return;
        missingSince ??= performance.now();
        if (performance.now() - missingSince >= DEVICE_GONE_CONFIRM_MS) {
          this.#onGone(state);
          return;
        }
      }
      await sleep(PROBE_INTERVAL_MS);
    }
  }
}
