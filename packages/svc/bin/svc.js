#!/usr/bin/env node
// Entry of the `svc` command. The sources are TypeScript run by Node 24's type stripping. The compile cache keeps
// V8 code (and the stripped sources) between runs, which roughly halves start-up of every CLI call; it must be on
// before the sources load, hence the dynamic import.
import module from 'node:module';

module.enableCompileCache?.();
const { exitQuietlyOnClosedStdout, main } = await import('../src/cli/main.ts');
exitQuietlyOnClosedStdout();
process.exitCode = await main(process.argv.slice(2));
