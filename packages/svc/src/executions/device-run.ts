import type { Execution } from '../contracts/types.ts';

/** One validated execution bound for one resolved device and operator package. */
export interface DeviceRun {
  execution: Execution;
  serial: string;
  operatorPackage: string;
  /** Relative screenshot paths resolve against it. */
  cwd: string;
  verbose: boolean;
}
