#!/usr/bin/env node
// Entry of the `svc-sim` command. In a clone it runs the TypeScript sources (Node 24 strips the types); an installed
// package has no sources, only the bundle in dist/ (scripts/build-sim.ts).
//
// CommonJS with nothing newer than Node 18 can parse (bin/package.json): on an older Node it must get as far as
// saying which Node it needs, instead of dying on a syntax error or a .ts import.
'use strict';

const NEEDED_NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < NEEDED_NODE_MAJOR) {
  process.stderr.write(`svc-sim needs Node.js ${NEEDED_NODE_MAJOR} or newer (found ${process.version})\n`);
  process.exit(1);
}

const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

// The compile cache keeps the stripped sources and V8 code between runs; it must be on before they load.
require('node:module').enableCompileCache?.();
const source = join(__dirname, '..', 'src', 'cli', 'main.ts');
const entry = existsSync(source) ? source : join(__dirname, '..', 'dist', 'cli.js');
import(pathToFileURL(entry).href).then(async ({ main }) => {
  process.exitCode = await main(process.argv.slice(2));
});
