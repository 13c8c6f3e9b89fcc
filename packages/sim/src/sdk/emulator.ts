// Stand-in for the SDK's `emulator` binary. `-list-avds` lists AVDs; `-avd NAME -port P` "boots" one: a simulated
// device registered with the adb server as emulator-P, console on P (avd name, kill), sys.boot_completed turning
// 1 after the configured delay. Runs in the foreground until the console's `kill` or a signal, like the real one.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevice } from '../index.ts';
import { lockAvd } from './avd-lock.ts';
import { EMULATOR_HELP } from './help-texts.ts';
import { readFakeSdkConfig } from './read-config.ts';
import { avdHomeOf, pidDir, sdkRootOf } from './sdk-paths.ts';

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/** The adb server the emulator announces itself to: ANDROID_ADB_SERVER_PORT, else 5037 (as the real emulator). */
function adbServerPort(env: NodeJS.ProcessEnv): number {
  const socket = /^tcp:(?:[^:]+:)?(\d+)$/.exec(env.ADB_SERVER_SOCKET ?? '');
  if (socket?.[1]) return Number(socket[1]);
  return Number(env.ANDROID_ADB_SERVER_PORT ?? 5037);
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('-help') || argv.includes('--help')) {
    process.stdout.write(EMULATOR_HELP);
    return 0;
  }
  const home = avdHomeOf(process.env);
  if (argv.includes('-list-avds')) {
    const names = existsSync(home) ? readdirSync(home).filter((file) => file.endsWith('.ini')) : [];
    for (const file of names) process.stdout.write(`${file.slice(0, -4)}\n`);
    return 0;
  }
  const name = option(argv, '-avd') ?? argv.find((arg) => arg.startsWith('@'))?.slice(1);
  if (!name) {
    process.stderr.write(
      "ERROR   | No AVD specified. Use '@foo' or '-avd foo' to launch a virtual device named 'foo'\n",
    );
    return 1;
  }
  if (!existsSync(join(home, `${name}.ini`))) {
    process.stderr.write(`PANIC: Unknown AVD name [${name}], use -list-avds to see valid list.\n`);
    return 1;
  }
  const root = sdkRootOf(process.env);
  const config = readFakeSdkConfig(root);
  if (config.failStart) {
    process.stderr.write(
      "PANIC: Avd's CPU Architecture 'arm64' is not supported by the QEMU2 emulator on x86_64 host.\n",
    );
    return 1;
  }
  const avdDir = join(home, `${name}.avd`);
  if (existsSync(avdDir) && !lockAvd(avdDir)) {
    process.stderr.write(
      'ERROR   | Running multiple emulators with the same AVD is an experimental feature.\n' +
        'Please use -read-only flag to enable this feature.\n',
    );
    return 1;
  }
  const consolePort = Number(option(argv, '-port') ?? 5554);
  const pidFile = join(pidDir(root), String(process.pid));
  mkdirSync(pidDir(root), { recursive: true });
  writeFileSync(pidFile, `${name}\n`);
  process.on('exit', () => rmSync(pidFile, { force: true }));
  const sim = await startDevice({
    emulator: true,
    port: consolePort,
    avdName: name,
    adbServerPort: adbServerPort(process.env),
    booted: false,
    brand: config.brand,
  });
  // A freshly created AVD has developer options off; svc turns them on after boot.
  sim.device.settings.global.set('development_settings_enabled', '0');
  process.stdout.write(`INFO    | Booting ${name} as emulator-${consolePort}\n`);
  if (!config.neverBoot) {
    setTimeout(() => {
      sim.device.props.set('sys.boot_completed', '1');
      sim.device.props.set('dev.bootcomplete', '1');
      process.stdout.write('INFO    | Boot completed\n');
    }, config.bootDelayMs);
  }
  const stop = () => void sim.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await sim.stopped;
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
