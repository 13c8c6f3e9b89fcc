// The request body limit of every HTTP surface (`svc serve`, the daemon, `svc mcp --http`): SPEC part 8, 100kb,
// refused as PAYLOAD_TOO_LARGE before any route reads the body.

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES, sendError } from './responses.ts';

export function requestBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      sendError(c, {
        code: 'PAYLOAD_TOO_LARGE',
        message: `Request body is larger than ${MAX_BODY_BYTES} bytes (100kb).`,
        details: { limitBytes: MAX_BODY_BYTES },
      }),
  });
}
