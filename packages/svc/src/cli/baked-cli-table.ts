// The hot path's command-line table (cli-table.ts). In the sources there is none, so svc run from its sources always
// takes the full command line; the build (scripts/build-cli-bundle.ts) replaces this module with the table read off
// the commander program, as an object literal (compiled once with the bundle's code cache, never parsed at run time).
import type { CliTable } from './cli-table.ts';

export const BAKED_CLI_TABLE: CliTable | undefined = undefined;
