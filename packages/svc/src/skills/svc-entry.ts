// The path a skill script uses to call svc back (exported to it as SVC_BIN): the package's bin when present,
// otherwise the CLI entry module. Both run with the Node that runs svc (see script-env.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const packageRoot = join(import.meta.dirname, '..', '..');

export function svcEntryPath(): string {
  const candidates = [join(packageRoot, 'bin', 'svc.js'), join(packageRoot, 'src', 'cli', 'main.ts')];
  return candidates.find((candidate) => existsSync(candidate)) ?? (candidates[1] as string);
}
