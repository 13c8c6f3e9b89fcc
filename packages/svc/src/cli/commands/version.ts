// `svc version`: the CLI version, plain text. (`--check-compat` is added by the compatibility work.)
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';

export function cliVersion(): string {
  const url = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

export function registerVersion(program: Command): void {
  examples(
    program
      .command('version')
      .description('print the CLI version')
      .action(() => {
        process.stdout.write(`${cliVersion()}\n`);
      }),
    ['svc version', 'svc --version'],
  );
}
