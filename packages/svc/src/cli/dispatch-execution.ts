// THE seam through which every execution command of the CLI reaches a device (execute, snapshot, screenshot, the
// flat and action commands, on-screen-log). It proxies through the daemon of the request's key (SPEC 4.7,
// daemon/proxy.ts) unless the request must run direct (--no-daemon, SVC_NO_DAEMON=1, Windows, a relative
// screenshot path, or a daemon that cannot become ready before dispatch), and then runs runExecution in this
// process. The proxy is small and on every proxied call's path, so it is a static import (it loads node:net only
// when it connects); the execution core and the adb stack load only for a direct run.
import { homedir } from 'node:os';
import type { RunResult } from '../contracts/types.ts';
import * as proxy from '../daemon/proxy.ts';

export interface DispatchRequest {
  /** Already normalized and validated. */
  execution: unknown;
  deviceId?: string | undefined;
  operatorPackage?: string | undefined;
  /** Relative screenshot paths resolve against it. */
  cwd: string;
  verbose: boolean;
  /** False after `--no-daemon` (SVC_NO_DAEMON=1 is read from env). */
  daemon: boolean;
  env: Record<string, string | undefined>;
}

export async function dispatchExecution(request: DispatchRequest): Promise<RunResult> {
  const execution = request.execution as Parameters<typeof proxy.directReason>[0]['execution'];
  let reason = proxy.directReason({ execution, env: request.env }, request.daemon);
  if (reason === undefined) {
    const outcome = await proxy.proxyExecution({
      execution,
      deviceId: request.deviceId,
      operatorPackage: request.operatorPackage ?? 'com.svc.operator',
      cwd: request.cwd,
      verbose: request.verbose,
      env: request.env,
      home: request.env.HOME?.trim() || homedir(),
    });
    if (outcome.kind === 'result') return outcome.result;
    reason = outcome.reason;
    if (outcome.execution !== undefined) request = { ...request, execution: outcome.execution };
  }
  if (request.verbose) process.stderr.write(`svc: running direct (${reason})\n`);
  return runDirect(request);
}

async function runDirect(request: DispatchRequest): Promise<RunResult> {
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
