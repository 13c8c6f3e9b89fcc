// `svc packages list [--third-party]` → `{ ok: true, packages: string[] }` sorted (DECISIONS 10).
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printValue } from '../output.ts';

export function registerPackages(program: Command): void {
  const group = program.command('packages').description('installed packages');
  const list = group
    .command('list')
    .description('list installed package ids')
    .option('--third-party', 'only apps the user installed')
    .action(
      safeAction(async (command, globals) => {
        const [{ createContext }, { listPackages }] = await Promise.all([
          import('../../core/context.ts'),
          import('../../devices/list-packages.ts'),
        ]);
        const ctx = createContext({ env: process.env, cwd: process.cwd() });
        const { packages } = await listPackages(ctx, {
          target: targetOf(globals, process.env),
          thirdParty: command.opts().thirdParty === true,
        });
        printValue(globals.output, { ok: true, packages }, (v: { packages: string[] }) => v.packages.join('\n'));
        return 0;
      }),
    );
  examples(list, ['svc packages list', 'svc packages list --third-party --device emulator-5554']);
}
