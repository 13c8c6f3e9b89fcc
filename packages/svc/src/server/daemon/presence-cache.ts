// The daemon's cache of operator presence. Before every dispatch the execution core asks the device
// `pm list packages -U '<pkg>'` (a missing receiver still answers the broadcast with result=0; the uid tells the
// operator's log lines from forged ones). In the daemon a positive
// answer is reused for a short while, per device and package; it is dropped when it could be stale: after its time
// to live, after any execution on the device that ended in an error (a timeout or a broadcast failure can mean the
// app went away), when the device drops out of the adb server's list, and after any package command sent through
// this port. Negative answers are never cached, so an install is seen at once.
import type { AdbDevice, AdbPort, ShellOutput } from '../../adapters/adb/adb-port.ts';
import { PRESENCE_TTL_MS } from '../../core/config.ts';

const PRESENCE_QUERY = /^pm list packages (?:-U )?'([^']+)'$/;
const PACKAGE_CHANGE = /\b(pm|cmd package) (install|uninstall|clear|disable|enable)/;

export interface PresenceCachingPort extends AdbPort {
  /** Forget what is cached for one device (or for every device). */
  invalidate(serial?: string): void;
}

export function cachePresence(inner: AdbPort, now = () => Date.now(), ttlMs = PRESENCE_TTL_MS): PresenceCachingPort {
  const cached = new Map<string, { output: ShellOutput; until: number }>();
  const invalidate = (serial?: string) => {
    for (const key of [...cached.keys()]) if (serial === undefined || key.startsWith(`${serial}\n`)) cached.delete(key);
  };
  /** Drops what is cached for devices no longer listed as ready. */
  const keepListed = (devices: AdbDevice[]) => {
    const ready = new Set(devices.filter((d) => d.state === 'device').map((d) => d.serial));
    for (const key of [...cached.keys()]) if (!ready.has(key.split('\n')[0] ?? '')) cached.delete(key);
    return devices;
  };
  const listDevicesOfAll = inner.listDevicesOfAll?.bind(inner);
  return {
    async listDevices(): Promise<AdbDevice[]> {
      return keepListed(await inner.listDevices());
    },
    ...(listDevicesOfAll === undefined
      ? {}
      : {
          async listDevicesOfAll() {
            const listing = await listDevicesOfAll();
            keepListed(listing.devices);
            return listing;
          },
        }),
    async shell(serial, command) {
      const pkg = PRESENCE_QUERY.exec(command)?.[1];
      if (pkg === undefined) {
        if (PACKAGE_CHANGE.test(command)) invalidate(serial);
        return inner.shell(serial, command);
      }
      const key = `${serial}\n${command}`;
      const hit = cached.get(key);
      if (hit !== undefined && hit.until > now()) return { ...hit.output };
      const output = await inner.shell(serial, command);
      const present =
        output.exitCode === 0 &&
        output.stdout.split('\n').some((l) => l.trim() === `package:${pkg}` || l.startsWith(`package:${pkg} `));
      if (present) cached.set(key, { output: { ...output }, until: now() + ttlMs });
      else cached.delete(key);
      return output;
    },
    execOut: (serial, command) => inner.execOut(serial, command),
    push: (serial, remotePath, data, onProgress) => inner.push(serial, remotePath, data, onProgress),
    pull: (serial, remotePath) => inner.pull(serial, remotePath),
    streamBytes: (serial, command) => inner.streamBytes(serial, command),
    close: () => inner.close(),
    invalidate,
  };
}
