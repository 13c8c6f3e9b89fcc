// `svc-sim start`: starts N devices, connects them to the adb server (emulator style: they announce themselves),
// serves the control HTTP, prints a table, and runs in the foreground until SIGINT/SIGTERM or `svc-sim stop`.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isTimingProfile } from '../device/timing.ts';
import { BOOT_MODES, type DeviceState } from '../device/types.ts';
import { startDevice } from '../index.ts';
import { versionCodeOf } from '../operator/brand.ts';
import type { SimDeviceOptions } from '../sim-device.ts';
import { hostQuery } from '../testing/adb-host.ts';
import { forgetOnAdb, refreshAdbStates, watchAdb } from './adb-watch.ts';
import { type ControlledDevice, startControlServer, summarize } from './control-server.ts';
import { printDevices } from './print.ts';
import { writeRunRecord } from './registry.ts';
import { START_USAGE } from './usage.ts';

function adbServerPort(env: NodeJS.ProcessEnv): number {
  const socket = /^tcp:(?:[^:]+:)?(\d+)$/.exec(env.ADB_SERVER_SOCKET ?? '');
  return Number(socket?.[1] ?? env.ANDROID_ADB_SERVER_PORT ?? 5037);
}

/** `--operator svc|clawperator` and `--operator-version X.Y.Z` (versionCode by the operator's Gradle formula). */
function operatorOptions(
  variant: 'svc' | 'clawperator',
  version: string | undefined,
): NonNullable<SimDeviceOptions['operator']> {
  if (version === undefined) return { variant };
  return { variant, versionName: version, versionCode: versionCodeOf(version) };
}

export async function startCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', short: 'n', default: '1' },
      port: { type: 'string' },
      emulator: { type: 'boolean', default: false },
      model: { type: 'string' },
      'api-level': { type: 'string' },
      state: { type: 'string', default: 'device' },
      'no-operator': { type: 'boolean', default: false },
      operator: { type: 'string', default: 'svc' },
      'operator-version': { type: 'string' },
      brand: { type: 'string' },
      'apps-dir': { type: 'string' },
      'accept-after': { type: 'string' },
      'adb-port': { type: 'string' },
      'no-connect': { type: 'boolean', default: false },
      timing: { type: 'string', default: 'instant' },
    },
  });
  const count = Number(values.count);
  const state = values.state as DeviceState;
  const timing = values.timing;
  const states = ['device', 'unauthorized', 'offline', ...BOOT_MODES];
  const variant = values.operator;
  const version = values['operator-version'];
  const versionOk = version === undefined || /^\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.\d+)?)?$/.test(version);
  const whole = (text: string | undefined, least: number) =>
    text === undefined || (/^\d+$/.test(text) && Number(text) >= least);
  const problems = [
    Number.isInteger(count) && count >= 1 ? '' : `--count must be a whole number of 1 or more (got ${values.count})`,
    states.includes(state) ? '' : `--state must be one of ${states.join(', ')} (got ${state})`,
    isTimingProfile(timing) ? '' : `--timing is not a timing profile (got ${timing})`,
    variant === 'svc' || variant === 'clawperator' ? '' : `--operator must be svc or clawperator (got ${variant})`,
    versionOk ? '' : `--operator-version must look like 0.5.2 (got ${version})`,
    whole(values['api-level'], 1) ? '' : `--api-level must be a whole number, such as 35 (got ${values['api-level']})`,
    whole(values.port, 1) ? '' : `--port must be a port number (got ${values.port})`,
    whole(values['adb-port'], 1) ? '' : `--adb-port must be a port number (got ${values['adb-port']})`,
    whole(values['accept-after'], 0) ? '' : `--accept-after must be milliseconds (got ${values['accept-after']})`,
  ].filter((problem) => problem !== '');
  // (The timing and operator tests again narrow their types; a failing one is among the problems already.)
  if (problems.length > 0 || !isTimingProfile(timing) || (variant !== 'svc' && variant !== 'clawperator')) {
    process.stderr.write(`svc-sim start: ${problems.join('; ')}\n${START_USAGE}\n`);
    return 2;
  }
  const adbPort = values['adb-port'] ? Number(values['adb-port']) : adbServerPort(process.env);
  const firstPort = values.port ? Number(values.port) : 0;
  const devices: ControlledDevice[] = [];
  for (let i = 0; i < count; i++) {
    const options: SimDeviceOptions = { emulator: values.emulator, state, adbServerPort: adbPort, timing };
    if (firstPort) options.port = firstPort + i * (values.emulator ? 2 : 1);
    if (values.model) options.model = count > 1 ? `${values.model} ${i + 1}` : values.model;
    if (values['api-level']) options.apiLevel = Number(values['api-level']);
    if (values['no-operator']) options.operator = false;
    else options.operator = operatorOptions(variant, version);
    if (values.brand) options.brand = values.brand;
    if (values['apps-dir']) options.appsDir = values['apps-dir'];
    if (values['accept-after']) options.acceptAuthAfterMs = Number(values['accept-after']);
    devices.push({ sim: await startDevice(options), latencyMs: 0, connect: !values['no-connect'] });
  }
  if (!values['no-connect'] && !values.emulator) {
    for (const { sim } of devices) {
      const answer = await hostQuery(adbPort, `host:connect:${sim.serial}`).catch(
        () => `no adb server on port ${adbPort}; run: adb connect ${sim.serial}`,
      );
      process.stdout.write(`${answer}\n`);
    }
  }
  let runFile = '';
  const watcher = watchAdb(adbPort, devices);
  const stopAll = async () => {
    watcher.stop();
    await Promise.all(devices.map((d) => d.sim.stop()));
    // Stopped devices leave the adb server too: no `offline` entries stay behind.
    await Promise.all(devices.map((d) => forgetOnAdb(adbPort, d)));
    if (runFile) rmSync(runFile, { force: true });
    process.exit(0);
  };
  const token = randomBytes(32).toString('base64url');
  const control = await startControlServer(
    devices,
    {
      onStopAll: () => void stopAll(),
      refresh: () => refreshAdbStates(adbPort, devices),
      onStopped: (entry) => forgetOnAdb(adbPort, entry),
    },
    token,
  );
  const address = control.address();
  const controlUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  runFile = writeRunRecord({ pid: process.pid, controlUrl, token });
  await refreshAdbStates(adbPort, devices);
  printDevices(devices.map(summarize));
  process.stdout.write(`control: ${controlUrl}  (Ctrl-C stops the devices)\n`);
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());
  await new Promise(() => {});
  return 0;
}
