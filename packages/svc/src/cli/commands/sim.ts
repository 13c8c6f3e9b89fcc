// `svc sim start|stop|list`: simulated Android devices from svc-sim, connected to the user's adb server.
// Delegates to svc-sim's own CLI (lazy import: svc depends on svc-sim only here, in `demo` and in tests; the build
// bundles it). `start` runs in the foreground until Ctrl-C; run it in a second terminal, or with `&`, and use the
// devices from another.
import type { Command } from 'commander';
import { SvcError } from '../../contracts/errors.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';

async function simMain(argv: string[]): Promise<number> {
  // A plain specifier, so that the build bundles the simulator into this lazy chunk: an installed svc has no svc-sim.
  const { main } = await import('svc-sim/cli');
  return main(argv);
}

/**
 * `svc sim start` must end with the device connected, as the README promises: when no adb server runs on the target
 * port yet, start one first (`adb -P <port> start-server`, the way svc does before any execution).
 */
async function ensureAdbServer(adbPort: string | undefined): Promise<void> {
  const { createContext } = await import('../../core/context.ts');
  const env: Record<string, string | undefined> = { ...process.env };
  if (adbPort) {
    delete env.ADB_SERVER_SOCKET;
    env.ANDROID_ADB_SERVER_PORT = adbPort;
  }
  const ctx = createContext({ env });
  try {
    await ctx.adb.listDevices();
  } finally {
    await ctx.close();
  }
}

/** `svc sim stop <serial>` of a device no simulator serves is an error in svc's own terms, with the ones that run. */
async function refuseUnknownSerial(serial: string): Promise<void> {
  const { runningSerials } = await import('svc-sim/cli');
  const running = await runningSerials();
  if (running.includes(serial)) return;
  throw new SvcError(
    'DEVICE_NOT_FOUND',
    `No simulated device ${serial} is running.`,
    { serial, running },
    running.length === 0
      ? 'No simulated device runs: start one with `svc sim start`.'
      : `Running: ${running.join(', ')} (\`svc sim list\`). \`svc sim stop\` alone stops them all.`,
  );
}

export function registerSim(program: Command): void {
  const group = program.command('sim').description('simulated Android devices for trying svc without a phone');
  const start = group
    .command('start')
    .description('start simulated devices and connect them to adb (foreground; Ctrl-C stops them)')
    .option('-n, --count <n>', 'how many devices', '1')
    .option('--emulator', 'emulator style: registers as emulator-<port>')
    .option('--model <model>', 'model name')
    .option('--api-level <n>', 'Android API level')
    .option('--operator <variant>', 'operator app: svc (default) or clawperator (the published Clawperator operator)')
    .option('--operator-version <x.y.z>', 'versionName of the installed operator (default: the supported one)')
    .option('--no-operator', 'without the operator app (a stock phone: svc drives it with adb alone)')
    .option('--timing <profile>', 'instant (default) or phone: uiautomator dump and input as slow as a real phone')
    .option('--adb-port <port>', 'adb server port (default: ANDROID_ADB_SERVER_PORT or 5037)')
    .action(
      safeAction(async (command) => {
        const o = command.opts();
        const argv = ['start', '-n', String(o.count)];
        if (o.emulator) argv.push('--emulator');
        if (o.model) argv.push('--model', String(o.model));
        if (o.apiLevel) argv.push('--api-level', String(o.apiLevel));
        if (o.operator === false) argv.push('--no-operator');
        else if (typeof o.operator === 'string') argv.push('--operator', o.operator);
        if (o.operatorVersion) argv.push('--operator-version', String(o.operatorVersion));
        if (o.timing) argv.push('--timing', String(o.timing));
        if (o.adbPort) argv.push('--adb-port', String(o.adbPort));
        await ensureAdbServer(o.adbPort === undefined ? undefined : String(o.adbPort));
        return simMain(argv);
      }),
    );
  examples(start, [
    'svc sim start',
    'svc sim start --operator clawperator',
    'svc sim start --no-operator',
    'svc sim start -n 2 --emulator',
  ]);
  examples(
    group
      .command('list')
      .description('list running simulated devices')
      .action(safeAction(async (_c, globals) => simMain(globals.output === 'json' ? ['list', '--json'] : ['list']))),
    ['svc sim list'],
  );
  examples(
    group
      .command('stop')
      .description('stop one simulated device, or all')
      .argument('[serial]')
      .action(
        safeAction(async (_c, globals, [serial]) => {
          if (serial) await refuseUnknownSerial(String(serial));
          const code = await simMain(serial ? ['stop', String(serial)] : ['stop']);
          if (code === 0) printValue(globals.output, { ok: true, stopped: serial ?? 'all' }, () => 'stopped');
          return code;
        }),
      ),
    ['svc sim stop', 'svc sim stop 127.0.0.1:40123'],
  );
}
