// The Driver port: how an execution reaches the device once it is validated, its device resolved and locked. Two
// drivers implement it: `operator` (one broadcast to the on-device operator app, one result envelope in the device
// log) and `adb` (every action done from the host with the shell tools a stock phone has). Both return the same
// envelope and step-result shapes and the same error codes for the same situations.
import type { SvcError } from '../contracts/errors.ts';
import type { DriverName, ResultEnvelope } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import type { DeviceRun } from './device-run.ts';
import type { AnyDriverTable } from './driver-table.ts';

export type DriverOutcome =
  | { kind: 'envelope'; envelope: ResultEnvelope }
  /** `settle`: the device may still be acting (no result in time), so the lock is held a little longer. */
  | { kind: 'error'; error: SvcError; settle: boolean };

export interface Driver {
  readonly name: DriverName;
  /**
   * What this driver does with each action type for this operator package (the operator's set depends on which app
   * answers): complete by type. refuseUnsupported reads it before anything touches the device, so an execution is
   * never half done for want of an action.
   */
  actions(operatorPackage: string): AnyDriverTable;
  /**
   * Selectors are matched on the host (ui/match.ts), so the short resource id form works as it is; a driver that
   * matches on the device gets full ids (executions/refs/prepare-selectors.ts).
   */
  readonly matchesOnHost: boolean;
  /** A screen read waits until the screen is idle (`uiautomator dump` does): one read after an action is settled. */
  readonly settledReads: boolean;
  /** Runs the execution on a locked device. Expected failures come back as `kind: 'error'`, never thrown. */
  run(ctx: SvcContext, run: DeviceRun): Promise<DriverOutcome>;
}
