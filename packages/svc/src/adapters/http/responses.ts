// Request-body and response helpers shared by every route module (SPEC part 4 wrappers, part 7 statuses).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Caller, withHintFor } from '../../contracts/caller-terms.ts';
import { type ErrorBody, httpStatusOf, SvcError, withHint } from '../../contracts/errors.ts';
import type { RunResult } from '../../contracts/types.ts';

/** SPEC part 8: HTTP request body limit "100kb" (read as 100 KiB, as body parsers do). */
export const MAX_BODY_BYTES = 100 * 1024;

export type JsonObject = Record<string, unknown>;

/** The context variable that says whose terms a hint is said in (`svc serve`: routes; the daemon: as given). */
export const CALLER_VARIABLE = 'svcCaller';

const callerOf = (c: Context): Caller => ((c.var as Record<string, unknown>)[CALLER_VARIABLE] as Caller) ?? 'cli';

/** `{ ok: false, error: { code, message, hint, details? } }` with the catalogue status of `error.code`. */
export function sendError(c: Context, error: ErrorBody): Response {
  const body = withHintFor(withHint(error), callerOf(c));
  return c.json({ ok: false, error: body }, httpStatusOf(error.code) as ContentfulStatusCode);
}

/** `{ ok: true, ...fields }` with HTTP 200. */
export function sendOk(c: Context, fields: JsonObject): Response {
  return c.json({ ok: true, ...fields }, 200);
}

/**
 * A run result as HTTP: 200 whenever an envelope came back (even a failed one, so the agent sees the step results;
 * DECISIONS 19), else the error wrapper with the mapped status.
 */
export function sendRunResult(c: Context, result: RunResult): Response {
  return result.ok ? c.json(withHintFor(result, callerOf(c)), 200) : sendError(c, result.error);
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType.trim());
}

/**
 * The body of a POST as a JSON object. An empty body counts as `{}` so `curl -X POST /snapshot` works; a body sent
 * as anything but `application/json` is UNSUPPORTED_MEDIA_TYPE, unread (a web page can post `text/plain` and form
 * bodies to another origin without asking first: only JSON needs the browser's preflight); malformed JSON is
 * INVALID_JSON; any other JSON value (array, string, null, ...) is EXECUTION_VALIDATION_FAILED with details.path
 * `body`. The size limit is enforced before this by the body-limit middleware.
 */
export async function readJsonObjectBody(c: Context): Promise<JsonObject> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const contentType = c.req.header('content-type');
  if (!isJsonType(contentType)) {
    throw new SvcError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Request body must be sent as application/json, not ${contentType === undefined ? 'without a Content-Type' : JSON.stringify(contentType)}.`,
      { path: 'content-type', received: contentType ?? null },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SvcError('INVALID_JSON', `Request body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'Request body must be a JSON object.', {
      path: 'body',
      received: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
    });
  }
  return value as JsonObject;
}
