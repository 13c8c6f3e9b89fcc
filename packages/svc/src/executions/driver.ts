// The Driver port: how an execution reaches the device once it is validated, its device resolved and locked. Two
// drivers implement it: `operator` (one broadcast to the on-device operator app, one result envelope in the device
// log) and `adb` (every action done from the host with the shell tools a stock phone has). Both return the same
// envelope and step-result shapes and the same error codes for the same situations.
import type { SvcError } from '../contracts/errors.ts';
import type { DriverName, ResultEnvelope, ValidExecution } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import type { DeviceRun } from './device-run.ts';

export type DriverOutcome =
  | { kind: 'envelope'; envelope: ResultEnvelope }
  /** `settle`: the device may still be acting (no result in time), so the lock is held a little longer. */
  | { kind: 'error'; error: SvcError; settle: boolean };

export interface Driver {
  readonly name: DriverName;
  /**
   * The first action this driver cannot do, as an error naming its path and a hint; undefined when it can do every
   * action (the operator driver: the operator app of `operatorPackage`). Checked before anything touches the device,
   * so an execution is never half done for this reason.
   */
  unsupported(execution: ValidExecution, operatorPackage: string): SvcError | undefined;
  /** Runs the execution on a locked device. Expected failures come back as `kind: 'error'`, never thrown. */
  run(ctx: SvcContext, run: DeviceRun): Promise<DriverOutcome>;
}
