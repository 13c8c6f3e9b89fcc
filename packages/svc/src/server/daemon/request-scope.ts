// Per-request options the shared HTTP routes do not carry: the CLI's --verbose and working directory travel as
// headers and reach runExecution through an AsyncLocalStorage scope, so POST /execute stays the route `serve` has.
import { AsyncLocalStorage } from 'node:async_hooks';
import { CWD_HEADER, TIMEOUT_GIVEN_HEADER, VERBOSE_HEADER } from '../../daemons/protocol.ts';

export interface RequestScope {
  verbose: boolean;
  cwd?: string;
  /** Whether the proxied execution's timeout was the caller's own (undefined: the header is absent). */
  timeoutGiven?: boolean;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

export function scopeOf(headers: Headers): RequestScope {
  const cwd = headers.get(CWD_HEADER);
  let decoded: string | undefined;
  try {
    decoded = cwd === null ? undefined : decodeURIComponent(cwd);
  } catch {
    decoded = undefined;
  }
  const given = headers.get(TIMEOUT_GIVEN_HEADER);
  return {
    verbose: headers.get(VERBOSE_HEADER) === '1',
    ...(decoded === undefined ? {} : { cwd: decoded }),
    ...(given === null ? {} : { timeoutGiven: given === '1' }),
  };
}
