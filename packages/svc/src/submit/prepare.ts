// The steps every front end takes before Submit, once and in this order: the execution validated (the contracts'
// one validator), the target resolved (the front end says how: flags, body fields, tool arguments), and, for a front
// end that writes files for others (the servers, MCP), every screenshot path confined to the screenshots folder.
// Each front end tells a failure its own way (an exit code, an HTTP answer, a JSON-RPC error), so the failure says
// at which step it happened.
import { SvcError } from '../contracts/errors.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import type { Target } from '../executions/target.ts';
import type { SubmitRequest } from './request.ts';

export interface Preparation {
  /** The raw execution (flags already built into one, a body field, a tool argument). */
  raw: unknown;
  /**
   * The target of the call. Told the validation error when the execution is invalid (a server tells it together
   * with the problems of the rest of its body); may then return undefined, as there is nothing to send.
   */
  target: (invalid: SvcError | undefined) => Target | undefined;
  /** Screenshot paths must stay inside this folder (servers and MCP); none for the command line. */
  screenshotsDir?: string | undefined;
  cwd: string;
  verbose: boolean;
  waitDeviceMs?: number | undefined;
  /** The caller gave the execution's timeout itself (SubmitRequest.timeoutGiven). */
  timeoutGiven?: boolean | undefined;
}

export type Prepared =
  | { ok: true; request: SubmitRequest }
  | { ok: false; step: 'execution' | 'target' | 'screenshots'; error: SvcError; target?: Target | undefined };

/** Validate, resolve the target, confine screenshot paths: the request to submit, or the step that refused it. */
export async function prepareSubmission(input: Preparation): Promise<Prepared> {
  const outcome = normalizeAndValidateExecution(input.raw);
  let target: Target | undefined;
  try {
    target = input.target(outcome.ok ? undefined : outcome.error);
  } catch (error) {
    if (!(error instanceof SvcError)) throw error;
    return { ok: false, step: 'target', error };
  }
  if (!outcome.ok) return { ok: false, step: 'execution', error: outcome.error, target };
  if (target === undefined) throw new Error('a valid execution needs a target');
  let execution = outcome.execution;
  if (input.screenshotsDir !== undefined) {
    const { confineScreenshots } = await import('../executions/screenshot-paths.ts');
    try {
      execution = confineScreenshots(execution, input.screenshotsDir);
    } catch (error) {
      if (!(error instanceof SvcError)) throw error;
      return { ok: false, step: 'screenshots', error, target };
    }
  }
  const { cwd, verbose, waitDeviceMs, timeoutGiven } = input;
  return { ok: true, request: { execution, target, cwd, verbose, waitDeviceMs, timeoutGiven } };
}
