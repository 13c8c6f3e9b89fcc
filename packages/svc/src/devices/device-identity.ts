// Who a device is, asked of the device itself: its hardware serial number (`ro.serialno`) and the id of its current
// boot (`/proc/sys/kernel/random/boot_id`, a random UUID the kernel makes at each boot). The execution lock is keyed
// by it, never by the name a caller used: `127.0.0.1:5555` and `localhost:5555`, a phone reached over USB and over
// Wi-Fi, or one phone attached to two adb servers are names of one device and share one lock. The boot id is what
// tells apart devices that share a serial number (emulators of one image all report the same ro.serialno), and it
// changes when the phone reboots, so a name that comes to mean another device never inherits the old one's key.
// Resolved once per name and process; a long-lived process asks again after IDENTITY_TTL_MS, shorter than any reboot,
// so a phone that rebooted (a new boot id) is never locked under its old key by one process and its new by another.
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import type { SvcContext } from '../core/context.ts';
import { deviceKeyIdOf } from './device-key.ts';

/** One round trip: the serial number on the first line, the boot id on the second. */
export const IDENTITY_COMMAND = 'getprop ro.serialno; cat /proc/sys/kernel/random/boot_id';
const IDENTITY_TTL_MS = 5000;
const BOOT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const IDENTITIES = Symbol('device identities');

interface Known {
  key: Promise<string>;
  at: number;
}

/** `phone:<serial number>/<boot id>`, or undefined when the answer holds no boot id. */
export function identityFromAnswer(stdout: string): string | undefined {
  const [serialNo = '', bootId = ''] = stdout.split('\n').map((line) => line.trim());
  if (!BOOT_ID.test(bootId)) return undefined;
  return `phone:${serialNo}/${bootId.toLowerCase()}`;
}

/** What the device `serial` names says it is, or undefined when it cannot tell its boot id; throws when unreachable. */
export async function askDeviceIdentity(adb: AdbPort, serial: string): Promise<string | undefined> {
  const out = await adb.shell(serial, IDENTITY_COMMAND);
  return out.exitCode === 0 ? identityFromAnswer(out.stdout) : undefined;
}

/**
 * The key of the device `serial` names: its identity, or (a device that cannot tell its boot id) the name's own key
 * (its adb server spelled one way and its serial). A device that cannot be reached throws the port's error.
 */
export function deviceIdentityKey(ctx: SvcContext, serial: string): Promise<string> {
  const nameKey = deviceKeyIdOf(ctx.env, serial);
  const known = ctx.shared(IDENTITIES, () => new Map() as Map<string, Known> & { close?(): Promise<void> });
  const now = ctx.clock.monotonic();
  const hit = known.get(nameKey);
  if (hit !== undefined && (!ctx.longLived || now - hit.at < IDENTITY_TTL_MS)) return hit.key;
  const key = ctx.adb
    .shell(serial, IDENTITY_COMMAND)
    .then((out) => (out.exitCode === 0 ? identityFromAnswer(out.stdout) : undefined) ?? nameKey);
  const entry = { key, at: now };
  known.set(nameKey, entry);
  // A failed question is not an answer: the next call asks again.
  key.catch(() => {
    if (known.get(nameKey) === entry) known.delete(nameKey);
  });
  return key;
}
