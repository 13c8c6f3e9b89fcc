// `svc daemon start|stop|status|restart [--device <id>] [--operator-package <pkg>]` (SPEC 4.7, 3.6) and the hidden
// `svc daemon run`, the foreground server the others spawn. Output: `{ ok: true, daemon: { status, socketPath,
// ...} }`. The key comes from --device, else ANDROID_SERIAL (the same value the proxy keys execution commands on).
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { SvcError } from '../../contracts/errors.ts';
import type { DaemonStatus } from '../../daemon/lifecycle.ts';
import { daemonPaths } from '../../daemon/paths.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { type Globals, requestedDevice } from '../globals.ts';
import { printValue } from '../output.ts';

function pathsOf(globals: Globals) {
  return daemonPaths(process.env.HOME?.trim() || homedir(), requestedDevice(globals, process.env));
}

function pretty(value: { daemon: DaemonStatus }): string {
  const d = value.daemon;
  const parts = [`daemon ${d.status}`, `socket ${d.socketPath}`];
  if (d.pid !== undefined) parts.push(`pid ${d.pid}`);
  if (d.version !== undefined) parts.push(`version ${d.version}`);
  if (d.uptimeSeconds !== undefined) parts.push(`up ${d.uptimeSeconds}s`);
  return parts.join('\n');
}

function lifecycleCommand(
  parent: Command,
  name: string,
  description: string,
  act: (globals: Globals) => Promise<DaemonStatus>,
): void {
  const command = parent.command(name).description(description);
  examples(command, [`svc daemon ${name}`, `svc daemon ${name} --device emulator-5554`]);
  command.action(
    safeAction(async (_command, globals) => {
      printValue(globals.output, { ok: true, daemon: await act(globals) }, pretty);
      return 0;
    }),
  );
}

export function registerDaemon(program: Command): void {
  const daemon = program
    .command('daemon')
    .description('the background daemon that keeps the device connection and log stream warm');
  const lifecycle = () => import('../../daemon/lifecycle.ts');
  lifecycleCommand(daemon, 'start', 'start the daemon for --device (or the default one)', async (globals) =>
    (await lifecycle()).startDaemon(pathsOf(globals), { operatorPackage: globals.operatorPackage, env: process.env }),
  );
  lifecycleCommand(daemon, 'stop', 'stop the daemon for --device (or the default one)', async (globals) =>
    (await lifecycle()).stopDaemon(pathsOf(globals)),
  );
  lifecycleCommand(daemon, 'status', 'running or not_running, with pid, version and uptime', async (globals) =>
    (await lifecycle()).daemonStatus(pathsOf(globals)),
  );
  lifecycleCommand(daemon, 'restart', 'stop, then start the daemon', async (globals) =>
    (await lifecycle()).restartDaemon(pathsOf(globals), { operatorPackage: globals.operatorPackage, env: process.env }),
  );
  const run = daemon
    .command('run', { hidden: true })
    .description('run the daemon in the foreground (internal; `daemon start` spawns it)')
    .option('--daemon-key <key>', 'the key the spawner computed (names the process for ownership checks)')
    .action(
      safeAction(async (command, globals) => {
        const key = (command.opts() as { daemonKey?: string }).daemonKey;
        const paths = pathsOf(globals);
        if (key !== undefined && key !== paths.key) {
          throw new SvcError('DAEMON_START_FAILED', `--daemon-key ${key} does not match the device (${paths.key}).`, {
            socketPath: paths.socket,
          });
        }
        const { runDaemon } = await import('../../daemon/daemon-server.ts');
        await runDaemon({
          rawDeviceId: requestedDevice(globals, process.env),
          operatorPackage: globals.operatorPackage,
          verbose: globals.verbose,
          env: process.env,
        });
        return 0;
      }),
    );
  examples(run, ['svc daemon run --device emulator-5554   # foreground, logs on stderr; Ctrl-C stops it']);
  examples(daemon, [
    'svc daemon start',
    'svc daemon status --device emulator-5554',
    'svc daemon stop',
    'svc snapshot --no-daemon   # bypass the daemon for one call',
  ]);
}
