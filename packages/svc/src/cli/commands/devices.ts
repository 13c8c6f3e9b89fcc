// `svc devices`: the adb server's devices as `[{ serial, state, product?, model?, device? }]` (SPEC 4.4, 2.8, plus
// what `adb devices -l` shows).
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';
import { green, red, table } from '../style.ts';

type Device = { serial: string; state: string; product?: string; model?: string };

function pretty(devices: Device[]): string {
  if (devices.length === 0) return 'no devices (start one with `svc sim start`, or `adb connect <host:port>`)';
  return table(
    ['serial', 'state', 'model', 'product'],
    devices.map((d) => [
      d.serial,
      d.state === 'device' ? green(d.state) : red(d.state),
      d.model ?? '',
      d.product ?? '',
    ]),
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
          printValue(globals.output, devices, pretty);
          return 0;
        }),
      ),
    ['svc devices', 'svc devices --output pretty'],
  );
}
