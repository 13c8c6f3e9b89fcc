// `svc daemon start|stop|status|restart [--device <serial>]`, `svc daemon list`, `svc daemon stop --all`, and the
// hidden `svc daemon run`, the foreground server the others spawn. One daemon per device, keyed by its serial:
// `start` and `restart` need the device to be connected (a daemon for a device that is not there would only wait);
// `stop` and `status` take the serial as given, so a daemon whose device went away can still be stopped.
// Output: `{ ok: true, daemon: { status, socketPath, ... } }` (list and stop --all: `{ ok: true, daemons: [...] }`).
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { homeOf } from '../../contracts/env.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { DaemonStatus } from '../../daemons/lifecycle.ts';
import type { ListedDaemon } from '../../daemons/list-daemons.ts';
import { daemonPaths } from '../../daemons/paths.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { type Globals, targetOf } from '../globals.ts';
import type { Launchers } from '../launchers.ts';
import { printValue } from '../output.ts';

const home = () => homeOf(process.env, homedir);
const lifecycle = () => import('../../daemons/lifecycle.ts');

/** The serial of a connected device (for start/restart/run). */
async function presentSerial(globals: Globals): Promise<string> {
  const { targetSerial } = await import('../../devices/target-serial.ts');
  return targetSerial(process.env, targetOf(globals, process.env));
}

/** The daemon of the phone --device names (or of the only connected device), for start and restart. */
async function presentPaths(globals: Globals) {
  const serial = await presentSerial(globals);
  const { phoneDaemonPathsOver } = await import('../../daemons/phone-daemon.ts');
  return phoneDaemonPathsOver(home(), serial, process.env);
}

/** The serial as given (for stop/status), else the only connected device. */
async function namedSerial(globals: Globals): Promise<string> {
  const target = targetOf(globals, process.env);
  return target.deviceId ?? presentSerial(globals);
}

function pretty(value: { daemon: DaemonStatus }): string {
  const d = value.daemon;
  const parts = [`daemon ${d.status}`, `socket ${d.socketPath}`];
  if (d.pid !== undefined) parts.push(`pid ${d.pid}`);
  if (d.version !== undefined) parts.push(`version ${d.version}`);
  if (d.uptimeSeconds !== undefined) parts.push(`up ${d.uptimeSeconds}s`);
  if (d.note !== undefined) parts.push(d.note);
  return parts.join('\n');
}

function prettyList(value: { daemons: ListedDaemon[] }): string {
  if (value.daemons.length === 0) return 'no daemons';
  return value.daemons.map((d) => `${d.serial}  ${d.status}${d.pid === undefined ? '' : `  pid ${d.pid}`}`).join('\n');
}

function lifecycleCommand(
  parent: Command,
  name: string,
  description: string,
  act: (globals: Globals, command: Command) => Promise<{ daemon: DaemonStatus } | { daemons: ListedDaemon[] }>,
): Command {
  const command = parent.command(name).description(description);
  examples(command, [`svc daemon ${name}`, `svc daemon ${name} --device emulator-5554`]);
  command.action(
    safeAction(async (cmd, globals) => {
      const value = await act(globals, cmd);
      printValue(globals.output, { ok: true, ...value }, (v: never) =>
        'daemons' in (v as object) ? prettyList(v) : pretty(v),
      );
      return 0;
    }),
  );
  return command;
}

export function registerDaemon(program: Command, launchers: Launchers): void {
  const daemon = program
    .command('daemon')
    .description('the background daemon per device that keeps the connection and log stream warm');
  lifecycleCommand(daemon, 'start', 'start the daemon of --device (or of the only connected device)', async (g) => ({
    daemon: await (await lifecycle()).startDaemon(await presentPaths(g), {
      env: process.env,
    }),
  }));
  lifecycleCommand(
    daemon,
    'stop',
    'stop the daemon of --device (or of the only device); --all stops every one',
    async (g, cmd) => {
      const { stopDaemon } = await lifecycle();
      if ((cmd.opts() as { all?: boolean }).all) {
        const { daemonKeys } = await import('../../daemons/list-daemons.ts');
        const stopped: ListedDaemon[] = [];
        for (const paths of daemonKeys(home())) stopped.push({ serial: paths.serial, ...(await stopDaemon(paths)) });
        return { daemons: stopped };
      }
      return { daemon: await stopDaemon(daemonPaths(home(), await namedSerial(g), process.env)) };
    },
  ).option('--all', 'stop the daemon of every device');
  lifecycleCommand(daemon, 'status', 'running or not_running, with pid, version and uptime', async (g) => ({
    daemon: await (await lifecycle()).daemonStatus(daemonPaths(home(), await namedSerial(g), process.env)),
  }));
  lifecycleCommand(daemon, 'restart', 'stop, then start the daemon', async (g) => ({
    daemon: await (await lifecycle()).restartDaemon(await presentPaths(g), {
      env: process.env,
    }),
  }));
  lifecycleCommand(daemon, 'list', 'every daemon of this user, by device serial, with its status', async () => ({
    daemons: await (await import('../../daemons/list-daemons.ts')).listDaemons(home()),
  }));
  const run = daemon
    .command('run', { hidden: true })
    .description('run the daemon in the foreground (internal; `daemon start` spawns it)')
    .option('--daemon-key <key>', 'the key the spawner computed (names the process for ownership checks)')
    .action(
      safeAction(async (command, globals) => {
        const key = (command.opts() as { daemonKey?: string }).daemonKey;
        const serial = targetOf(globals, process.env).deviceId;
        if (serial === undefined) {
          throw new SvcError('CLI_USAGE_ERROR', 'svc daemon run needs --device <serial>.', { flag: '--device' });
        }
        const paths = daemonPaths(home(), serial, process.env);
        if (key !== undefined && key !== paths.key) {
          throw new SvcError('DAEMON_START_FAILED', `--daemon-key ${key} does not match the device (${paths.key}).`, {
            socketPath: paths.socket,
          });
        }
        await launchers.daemon({ serial, verbose: globals.verbose });
        return 0;
      }),
    );
  examples(run, ['svc daemon run --device emulator-5554   # foreground, logs on stderr; Ctrl-C stops it']);
  examples(daemon, [
    'svc daemon start',
    'svc daemon status --device emulator-5554',
    'svc daemon list',
    'svc daemon stop --all',
    'svc snapshot --no-daemon   # bypass the daemon for one call',
  ]);
}
