// The CLI version, sent as `X-Svc-Version` on every response (DECISIONS 12).
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function svcVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return cached;
}
