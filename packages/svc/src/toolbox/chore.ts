// What a chore's host runner gets and returns (the chore's definition is in contracts/chores/). The runner is told
// the resolved device and params already checked by the definition's field rules; it fails by throwing SvcError.
import type { ChoreParamsOf } from '../contracts/chores/define.ts';
import type { SvcContext } from '../core/context.ts';

/** A step of a long chore (install: bytes pushed), for a progress display. */
export interface ChoreProgress {
  phase: string;
  done?: number;
  total?: number;
}

export interface ChoreCall<P> {
  readonly ctx: SvcContext;
  /** The resolved device. */
  readonly serial: string;
  readonly params: P;
  /** Where relative host paths resolve (the caller's working directory). */
  readonly cwd: string;
  /**
   * Set by the servers (HTTP, MCP): a file the chore writes on this computer must be inside this folder (the
   * screenshots folder), as a screenshot's; unset on the CLI, whose paths are the user's own.
   */
  readonly outputDir?: string | undefined;
  /**
   * Where a file the chore reads on this computer may be (install's APK): unset on the CLI (any path), a folder for
   * a server whose user named one (`--apks-dir`, SVC_APKS_DIR), null for a server without one (reading is refused).
   */
  readonly apksDir?: string | null | undefined;
  progress(event: ChoreProgress): void;
}

export type ChoreResult = Record<string, unknown>;

/** The host runner of the chore defined by `D` (`ChoreRunner<typeof logs>`). */
export type ChoreRunner<D> = (call: ChoreCall<ChoreParamsOf<D>>) => Promise<ChoreResult>;
