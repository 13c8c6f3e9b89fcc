// The token of the servers a test started, by base URL: the helpers send it as svc's own clients do
// (`Authorization: Bearer`), so every suite runs against a server that requires it.
const tokens = new Map<string, string>();

export function rememberToken(url: string, token: string): void {
  tokens.set(new URL(url).origin, token);
}

/** `{ authorization: 'Bearer <token>' }` for a server started by a test, else nothing. */
export function authHeaders(url: string): Record<string, string> {
  const token = tokens.get(new URL(url).origin);
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}
