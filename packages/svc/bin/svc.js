#!/usr/bin/env node
// Entry of the `svc` command. The sources are TypeScript run by Node 24's type stripping.
import { exitQuietlyOnClosedStdout, main } from '../src/cli/main.ts';

exitQuietlyOnClosedStdout();
process.exitCode = await main(process.argv.slice(2));
