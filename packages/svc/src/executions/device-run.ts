import type { ValidExecution } from '../contracts/types.ts';
import type { UiTree } from '../ui/index.ts';

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
  /**
   * The screen as read under this run's lock just before it (to resolve its refs): a driver that reads the screen
   * itself may take it as its first step's first read instead of reading again.
   */
  screenBefore?: UiTree | undefined;
  /**
   * Whether a screen is the one the caller last read (every element the same): a selector that misses on it misses
   * on a screen that has not moved since, so it fails at once.
   */
  seenByCaller?: ((tree: UiTree) => Promise<boolean>) | undefined;
  /** The caller gave the execution's timeout itself: a miss on a still screen keeps its retries until it passes. */
  timeoutGiven?: boolean | undefined;
}
