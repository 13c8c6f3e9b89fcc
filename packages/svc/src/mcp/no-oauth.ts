// `svc mcp --http` takes one static token, and no OAuth sign-in. MCP clients that get a 401 look for OAuth (MCP
// authorization, RFC 9728): the protected resource metadata at /.well-known/oauth-protected-resource[/mcp], the
// authorization server metadata (/.well-known/oauth-authorization-server, openid-configuration), then they register
// at /register and send the user's browser to /authorize. Each of these answers here, before the token check, with
// what the user must do instead: the metadata addresses with 404 (no metadata: discovery ends), the OAuth endpoints
// with an OAuth error whose error_description the clients show (the MCP SDK's client makes it the error's message).
import type { Hono } from 'hono';
import { sendError } from '../adapters/http/responses.ts';
import { SvcError } from '../contracts/errors.ts';

const sendTheHeader = (tokenPath: string) =>
  `Send the header Authorization: Bearer <token>, the token being the content of ${tokenPath}.`;
const HINT = 'Add that header to this server\u2019s entry in your MCP client (its "headers"), then connect again.';

/** The error a request to /mcp without the token gets (401 AUTH_REQUIRED): which header, and where the token is. */
export function mcpTokenNeeded(tokenPath: string): SvcError {
  return new SvcError('AUTH_REQUIRED', `This server needs its token. ${sendTheHeader(tokenPath)}`, undefined, HINT);
}

/** Mounts the answers to OAuth discovery and to the OAuth endpoints; call before the token check. */
export function mountNoOAuth(app: Hono, tokenPath: string): void {
  const message = `svc offers no OAuth sign-in. ${sendTheHeader(tokenPath)}`;
  app.get('/.well-known/*', (c) => sendError(c, new SvcError('NOT_FOUND', message, undefined, HINT).toBody()));
  // OAuth error answers (RFC 6749 5.2, RFC 7591 3.2.2). access_denied: the SDK's client retries invalid_client and
  // unauthorized_client after forgetting its credentials, which would only repeat this.
  const refusal = { error: 'access_denied', error_description: `${message} ${HINT}` };
  for (const path of ['/register', '/token']) app.post(path, (c) => c.json(refusal, 400));
  app.get('/authorize', (c) => c.text(`${message}\n${HINT}\n`, 400));
}
