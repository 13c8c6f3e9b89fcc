// What travels between a CLI (or MCP) process and a device's daemon beside the POST /execute body of `svc serve`:
// per-request options as headers. Both sides import these names from here.
export const VERBOSE_HEADER = 'x-svc-verbose';
export const CWD_HEADER = 'x-svc-cwd';
/** '1' when the caller gave the execution's timeout itself, '0' when it is a default (see SubmitRequest). */
export const TIMEOUT_GIVEN_HEADER = 'x-svc-timeout-given';

/**
 * The proxy's one request per call: POST /execute with the caller's identity (version, build, environment) in a
 * header. The daemon compares it with its own before anything runs and refuses a difference (409, the body names
 * it); an answer it accepted carries IDENTITY_CHECKED_HEADER. A daemon older than this route answers 404 without
 * running anything, and without that header: either way the caller restarts the daemon and asks again.
 */
export const PROXY_EXECUTE_PATH = '/proxy/execute';
export const IDENTITY_HEADER = 'x-svc-identity';
export const IDENTITY_CHECKED_HEADER = 'x-svc-identity-checked';
export const IDENTITY_MISMATCH_STATUS = 409;

/** The identity as a header value (JSON, percent-encoded: a path may hold any character). */
export const encodeIdentity = (identity: unknown): string => encodeURIComponent(JSON.stringify(identity));

/** The identity a request carries, or undefined when it carries none that parses. */
export function decodeIdentity(header: string | string[] | undefined): unknown {
  if (typeof header !== 'string') return undefined;
  try {
    return JSON.parse(decodeURIComponent(header));
  } catch {
    return undefined;
  }
}
