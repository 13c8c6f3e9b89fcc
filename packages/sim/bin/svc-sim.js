#!/usr/bin/env node
// Entry of the `svc-sim` command. The sources are TypeScript run by Node 24's type stripping; the compile cache keeps
// the stripped sources and V8 code between runs (it must be on before they load, hence the dynamic import).
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
