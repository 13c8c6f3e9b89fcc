// The CLI's ids and source, in a module of their own: `svc exec` fills a bare payload's bookkeeping with them on the
// start-up path of a direct run, which must not load the builders' chunk for two strings.
import { randomHex } from '../adapters/random-id.ts';

export const CLI_SOURCE = 'svc-cli';

export interface Ids {
  commandId: string;
  taskId: string;
}

/**
 * Unique ids for one CLI invocation: `cli-<verb>-<epoch ms>-<24 hex>`; commandId and taskId are equal. 96 random
 * bits from the kernel: nothing on the device can guess an id to answer for it.
 */
export function newIds(verb: string, now: number = Date.now(), random: () => string = () => randomHex(12)): Ids {
  const id = `cli-${verb}-${now}-${random()}`;
  return { commandId: id, taskId: id };
}
