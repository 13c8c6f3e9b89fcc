// The CLI version, sent as `X-Svc-Version` on every response (DECISIONS 12).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

let cached: string | undefined;

export function svcVersion(): string {
  cached ??= (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
