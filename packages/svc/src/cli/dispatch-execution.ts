// THE seam through which every execution command of the CLI reaches a device (execute, snapshot, screenshot, the
// flat and action commands, on-screen-log). Today it calls runExecution in this process; the daemon proxy (SPEC 4.7)
// plugs in here and decides per request whether to proxy or run direct. Core modules load lazily so that
// --help, --dry-run and --validate-only never load the adb stack.
import type { RunResult } from '../contracts/types.ts';

export interface DispatchRequest {
  /** Already normalized and validated. */
  execution: unknown;
  deviceId?: string | undefined;
  operatorPackage?: string | undefined;
  /** Relative screenshot paths resolve against it. */
  cwd: string;
  verbose: boolean;
  /** False after `--no-daemon` (or SVC_NO_DAEMON=1 for the proxy to read from env). */
  daemon: boolean;
  env: Record<string, string | undefined>;
}

export async function dispatchExecution(request: DispatchRequest): Promise<RunResult> {
  const [{ createContext }, { runExecution }] = await Promise.all([
    import('../app/context.ts'),
    import('../executions/run-execution.ts'),
  ]);
  const ctx = createContext({ env: request.env, cwd: request.cwd });
  return runExecution(ctx, {
    execution: request.execution,
    cwd: request.cwd,
    verbose: request.verbose,
    ...(request.deviceId === undefined ? {} : { deviceId: request.deviceId }),
    ...(request.operatorPackage === undefined ? {} : { operatorPackage: request.operatorPackage }),
  });
}
