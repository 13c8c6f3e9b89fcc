// Where the svc package lives on disk, for code that reads its own files (package.json, skill templates) or spawns
// its own CLI. The sources run either as they are (src/**.ts, Node's type stripping) or bundled into dist/*.js
// (scripts/build.ts). This module sits in src/core/ and every bundled chunk directly under dist/, so the package root
// is two levels up from the source and one from a chunk; the extension tells which of the two is running.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when this code runs from the bundle in dist/ rather than from the TypeScript sources. */
export const RUNNING_FROM_BUNDLE = import.meta.url.endsWith('.js');

export const PACKAGE_ROOT = fileURLToPath(new URL(RUNNING_FROM_BUNDLE ? '..' : '../..', import.meta.url));

/**
 * What `node <file> <args>` runs as this very CLI (the daemon is spawned that way, and its build identity is this
 * file's mtime and size): dist/cli.js, which the build rewrites every time, or the source src/main.ts.
 */
export const CLI_ENTRY_PATH = RUNNING_FROM_BUNDLE
  ? join(PACKAGE_ROOT, 'dist', 'cli.js')
  : join(PACKAGE_ROOT, 'src', 'main.ts');

/** Files shipped beside the sources (skill templates) stay in src/ in both modes. */
export const SOURCE_ROOT = join(PACKAGE_ROOT, 'src');
