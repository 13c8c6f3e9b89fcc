// THE way in for every front end: a validated execution and a resolved target go to the device's daemon (the CLI
// and MCP, unless told otherwise) or run in this process (the HTTP server and the daemon itself, which keep a warm
// context; the CLI when the daemon cannot take the call). The proxy is small and on every proxied call's path, so
// it is a static import (it loads node:net only when it connects); the execution core and the adb stack load only
// for a run in this process.

import type { Env } from '../contracts/env.ts';
import type { RunResult } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import * as proxy from './daemon-proxy.ts';
import type { SubmitRequest } from './request.ts';

export type Submit = (request: SubmitRequest) => Promise<RunResult>;

/** Runs in this process on a context the caller owns and closes (servers, the daemon, tests). */
export function inProcess(ctx: SvcContext): Submit {
  return async (request) => {
    const { runOnDevice } = await import('../executions/run-on-device.ts');
    return runOnDevice(ctx, request);
  };
}

export interface ClientOptions {
  env: Env;
  home: string;
  /** False after `--no-daemon`; SVC_NO_DAEMON=1 in env also keeps calls in this process. */
  daemon: boolean;
  /** Diagnostics: why a call ran in this process (with --verbose). */
  log?: (line: string) => void;
}

/** The CLI's and MCP's way: through the device's daemon when allowed, else in this process with a fresh context. */
export function viaDaemon(options: ClientOptions): Submit {
  return async (request) => {
    let reason = proxy.directReason({ execution: request.execution, env: options.env }, options.daemon);
    let execution = request.execution;
    if (reason === undefined) {
      const outcome = await proxy.proxyExecution({ ...request, env: options.env, home: options.home });
      if (outcome.kind === 'result') return outcome.result;
      reason = outcome.reason;
      if (outcome.execution !== undefined) execution = outcome.execution;
    }
    if (request.verbose) options.log?.(`svc: running direct (${reason})`);
    return runDirect(options.env, { ...request, execution });
  };
}

async function runDirect(env: Env, request: SubmitRequest): Promise<RunResult> {
  const [{ createContext }, { runOnDevice }] = await Promise.all([
    import('../core/context.ts'),
    import('../executions/run-on-device.ts'),
  ]);
  const ctx = createContext({ env, cwd: request.cwd });
  try {
    return await runOnDevice(ctx, request);
  } finally {
    await ctx.close();
  }
}
