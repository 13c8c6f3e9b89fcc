// `svc devices`: the adb server's devices as `[{ serial, state, product?, model?, device?, driver? }]` (SPEC 4.4,
// 2.8, plus what `adb devices -l` shows), where `driver` is what `--driver auto` would use on a ready device:
// `operator` where the operator app can answer, else `adb`.
import type { Command } from 'commander';
import type { SilentServer } from '../../contracts/adb-servers.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printValue } from '../output.ts';
import { dim, green, red, table } from '../style.ts';

type Device = { serial: string; state: string; driver?: string; product?: string; model?: string };

function pretty(devices: Device[]): string {
  if (devices.length === 0) return 'no devices (start one with `svc sim start`, or `adb connect <host:port>`)';
  return table(
    ['serial', 'state', 'driver', 'model', 'product'],
    devices.map((d) => [
      d.serial,
      d.state === 'device' ? green(d.state) : red(d.state),
      d.driver ?? dim('-'),
      d.model ?? '',
      d.product ?? '',
    ]),
  );
}

export function registerDevices(program: Command): void {
  examples(
    program
      .command('devices')
      .description('list devices known to the adb server, with the driver svc would use on each')
      .action(
        safeAction(async (_command, globals) => {
          const [{ createContext }, { listDevicesWithDriver }] = await Promise.all([
            import('../../core/context.ts'),
            import('../../executions/devices-with-driver.ts'),
          ]);
          const target = targetOf(globals, process.env);
          const ctx = createContext({ env: process.env, cwd: process.cwd() });
          try {
            // A silent server of several: its devices are missing, so say so (stdout keeps the plain list).
            const silent = (server: SilentServer) =>
              process.stderr.write(
                `warning: the adb server at ${server.adbServer} did not answer (${server.cause}), so its devices are not listed. ${server.hint}\n`,
              );
            printValue(globals.output, await listDevicesWithDriver(ctx, target, silent), pretty);
          } finally {
            await ctx.close();
          }
          return 0;
        }),
      ),
    ['svc devices', 'svc devices --output pretty'],
  );
}
