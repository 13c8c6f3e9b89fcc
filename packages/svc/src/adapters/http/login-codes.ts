// One-time login codes for the browser (the inspector): `<expiry>.<nonce>.<mac>`, the mac an HMAC of the port, the
// expiry and the nonce under the server token. Whoever can read the token can mint one (the server at start, or
// `svc inspect` from another process); the server takes each nonce once, only before its expiry, and only for the
// port it listens on: a link `svc inspect` hands to whatever answers on a port (another user's process squatting
// it, say) opens no other server of the user's, though they all share the token.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a printed login link stays valid. */
export const LOGIN_CODE_TTL_MS = 5 * 60_000;

/** A code for the server listening on `port`. */
export function mintLoginCode(token: string, port: number, now: number = Date.now()): string {
  const expiry = (now + LOGIN_CODE_TTL_MS).toString(36);
  const nonce = randomBytes(16).toString('base64url');
  return `${expiry}.${nonce}.${mac(token, port, expiry, nonce)}`;
}

/** The port of an `http://host[:port]` URL (80 when it names none). */
export function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port || '80');
}

/** `<base>/login?code=<code>&next=<next>`: what a browser opens to get a session. */
export function mintLoginUrl(baseUrl: string, token: string, next?: string): string {
  const url = new URL('/login', baseUrl);
  url.searchParams.set('code', mintLoginCode(token, portOf(baseUrl)));
  if (next !== undefined) url.searchParams.set('next', next);
  return url.toString();
}

export class LoginCodes {
  readonly #token: string;
  readonly #now: () => number;
  /** Nonces already taken, with their expiry (dropped once expired: an expired code is refused anyway). */
  readonly #used = new Map<string, number>();

  constructor(token: string, now: () => number = Date.now) {
    this.#token = token;
    this.#now = now;
  }

  /** True once per valid, unexpired code minted for `port` (the one the request came in on). */
  take(code: string, port: number): boolean {
    const [expiryText, nonce, given, ...rest] = code.split('.');
    if (expiryText === undefined || nonce === undefined || given === undefined || rest.length > 0) return false;
    const expiry = Number.parseInt(expiryText, 36);
    const now = this.#now();
    if (!Number.isSafeInteger(expiry) || expiry <= now || expiry > now + LOGIN_CODE_TTL_MS) return false;
    const expected = Buffer.from(mac(this.#token, port, expiryText, nonce));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
    for (const [seen, until] of this.#used) if (until <= now) this.#used.delete(seen);
    if (this.#used.has(nonce)) return false;
    this.#used.set(nonce, expiry);
    return true;
  }
}

function mac(token: string, port: number, expiry: string, nonce: string): string {
  return createHmac('sha256', token).update(`svc-login\n${port}\n${expiry}\n${nonce}`).digest('base64url');
}
