// A device command whose connection ended before it said how it exited: the adb library rejects with a plain Error
// ("Socket ended without exit message") when the device dropped off, or its adb server went away, mid-command. It is
// the device's failure, not svc's, and is told as such. Callers that must not give up on such an end (the broadcast:
// the intent may well have been delivered, and the envelope decides) see the plain error before this reading.
import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';

const ENDED_WITHOUT_EXIT = 'Socket ended without exit message';

/** DEVICE_DISCONNECTED for a command whose connection ended under it; undefined for any other error. */
export function transportEnded(error: unknown, serial: string): SvcError | undefined {
  if (!(error instanceof Error) || error instanceof SvcError || error.message !== ENDED_WITHOUT_EXIT) return undefined;
  return new SvcError(
    codeOf('deviceGone'),
    `The connection to ${serial} ended before its command answered: the device or its adb server went away.`,
    { deviceId: serial, reason: error.message },
  );
}
