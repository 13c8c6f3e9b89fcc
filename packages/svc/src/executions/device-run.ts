import type { ValidExecution } from '../contracts/types.ts';

/** One validated execution bound for one resolved device and operator package. */
export interface DeviceRun {
  execution: ValidExecution;
  serial: string;
  operatorPackage: string;
  /** Relative screenshot paths resolve against it. */
  cwd: string;
  verbose: boolean;
  /** The operator package was seen installed just before this run, with this uid (no need to look again). */
  operatorUid?: number | undefined;
}
