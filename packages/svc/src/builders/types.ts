// The input every command builder takes. Builders are pure: no clock, no randomness, no I/O (ids come in).
import type { Ids } from './cli-ids.ts';
import type { FlagBag } from './flag-values.ts';

export interface BuildInput {
  /** The command's own flags as collected by commander (value flags are arrays). */
  flags: FlagBag;
  /** Positional arguments after the command name. */
  args: readonly string[];
  /** `--timeout-ms` / `--timeout` after the numeric token rule, when given. */
  timeoutMs?: number | undefined;
  ids: Ids;
}
