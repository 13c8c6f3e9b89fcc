// svc as an installed package has it: bin/, dist/ and package.json, no sources (so bin/svc.js runs the bundle without
// the freshness check the clone needs), in a temporary folder. The files are those `npm pack` ships (package.json
// `files`), copied rather than packed and installed, which takes seconds and needs npm.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SVC = fileURLToPath(new URL('../../packages/svc', import.meta.url));

export interface InstalledSvc {
  /** The installed `svc` command: run it with `node <bin>`. */
  bin: string;
  remove(): void;
}

/** A copy of the current bundle laid out as an installed package (build it first: `ensureBundle`). */
export function installedSvc(): InstalledSvc {
  const root = mkdtempSync(join(tmpdir(), 'svc-installed-'));
  for (const entry of ['bin', 'dist', 'package.json']) cpSync(join(SVC, entry), join(root, entry), { recursive: true });
  return { bin: join(root, 'bin', 'svc.js'), remove: () => rmSync(root, { recursive: true, force: true }) };
}
