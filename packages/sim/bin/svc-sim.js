#!/usr/bin/env node
// Entry of the `svc-sim` command. The sources are TypeScript run by Node 24's type stripping.
import { main } from '../src/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
