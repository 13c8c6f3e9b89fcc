// `svc devices`: the adb server's devices as `[{ serial, state }]` (SPEC 4.4, 2.8).
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';
import { green, red, table } from '../style.ts';

type Device = { serial: string; state: string };

function pretty(devices: Device[]): string {
  if (devices.length === 0) return 'no devices (start one with `svc sim start`)';
  return table(
    ['serial', 'state'],
    devices.map((d) => [d.serial, d.state === 'device' ? green(d.state) : red(d.state)]),
  );
}

export function registerDevices(program: Command): void {
  examples(
    program
      .command('devices')
      .description('list devices known to the adb server')
      .action(
        safeAction(async (_command, globals) => {
          const [{ createContext }, { listDevices }] = await Promise.all([
            import('../../core/context.ts'),
            import('../../devices/list-devices.ts'),
          ]);
          const devices = await listDevices(createContext({ env: process.env, cwd: process.cwd() }));
          printValue(
            globals.output,
            devices.map((d) => ({ serial: d.serial, state: d.state })),
            pretty,
          );
          return 0;
        }),
      ),
    ['svc devices', 'svc devices --output pretty'],
  );
}
