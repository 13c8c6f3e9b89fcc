import { SvcError } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';

/** An expected failure as a RunResult; anything that is not an SvcError is a bug and says so. */
export function failure(error: unknown): RunResult {
  if (error instanceof SvcError) return { ok: false, error: error.toBody() };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: 'INTERNAL_ERROR', message: `Unexpected host-side failure: ${message}` } };
}
