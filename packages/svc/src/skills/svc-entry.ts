// The path a skill script uses to call svc back (exported to it as SVC_BIN): the package's bin when present,
// otherwise the CLI entry module. Both run with the Node that runs svc (see script-env.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_ENTRY_PATH, PACKAGE_ROOT } from '../core/package-root.ts';

export function svcEntryPath(): string {
  const bin = join(PACKAGE_ROOT, 'bin', 'svc.js');
  return existsSync(bin) ? bin : CLI_ENTRY_PATH;
}
