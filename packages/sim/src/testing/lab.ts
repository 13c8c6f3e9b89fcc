// A test lab: its own adb server on a free port with a temp HOME, simulated devices connected to it and waited for,
// and one close() that stops everything it started (never the default server on 5037).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SimDevice, type SimDeviceOptions, startDevice } from '../index.ts';
import { deviceStates, hostQuery } from './adb-host.ts';
import { freePort } from './free-port.ts';
import { type AdbResult, adbEnv, runAdb, startAdbServer } from './run-adb.ts';

export type { DeviceCommand, LoggedDeviceCommand } from '../device/command-record.ts';
export { buildRealApk, type RealApkManifest } from '../device/real-apk-build.ts';
export { signApkV2 } from '../device/real-apk-sign.ts';
export { deviceStates, hostQuery, openDeviceService } from './adb-host.ts';
export type { AdbResult } from './run-adb.ts';

export interface LabOptions {
  devices?: SimDeviceOptions[];
}

export interface Lab {
  readonly adbPort: number;
  /** { ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, HOME } for child processes that should use this lab. */
  readonly env: Record<string, string>;
  readonly devices: SimDevice[];
  readonly home: string;
  /** Runs the real adb with -P <lab port>; stdout as UTF-8 text. */
  adb(...args: string[]): Promise<AdbResult<string>>;
  /** Same, stdout as bytes (exec-out of binary data). */
  adbBytes(...args: string[]): Promise<AdbResult<Buffer>>;
  /** Waits until the adb server lists `serial` in `state` (`'gone'` = not listed). */
  waitForState(serial: string, state: string, timeoutMs?: number): Promise<void>;
  addDevice(options?: SimDeviceOptions): Promise<SimDevice>;
  removeDevice(device: SimDevice): Promise<void>;
  close(): Promise<void>;
}

/**
 * A private adb server on a free port. Another process can take the port between its pick and adb's bind (a busy
 * machine hands out ephemeral ports fast), so a start that fails is tried again on another port.
 */
async function startPrivateAdbServer(home: string): Promise<{ adbPort: number; env: Record<string, string> }> {
  let tried = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const adbPort = await freePort();
    const env = adbEnv(home, adbPort);
    const code = await startAdbServer(adbPort, env);
    if (code === 0) return { adbPort, env };
    tried += `${tried ? ', ' : ''}port ${adbPort}: exit ${code}`;
  }
  throw new Error(`adb start-server failed on three free ports (${tried})`);
}

export async function createLab(options: LabOptions = {}): Promise<Lab> {
  const home = await mkdtemp(join(tmpdir(), 'svc-sim-lab-'));
  const { adbPort, env } = await startPrivateAdbServer(home);
  const devices: SimDevice[] = [];
  const adbBytes = (...args: string[]) => runAdb(adbPort, env, args);

  async function waitForState(serial: string, state: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let seen: string | undefined;
    while (Date.now() < deadline) {
      seen = (await deviceStates(adbPort).catch(() => new Map<string, string>())).get(serial) ?? 'gone';
      if (seen === state) return;
      await sleep(50);
    }
    throw new Error(`${serial} did not become ${state} within ${timeoutMs} ms (last seen: ${seen})`);
  }

  async function addDevice(deviceOptions: SimDeviceOptions = {}): Promise<SimDevice> {
    const state = deviceOptions.state ?? 'device';
    // adb 29's `connect` to a device that never answers CNXN waits 10 s and then reports failure (the device stays
    // listed as offline). So an offline device is connected while online, then switched (adb reconnects, and hangs).
    const startState = state === 'offline' && !deviceOptions.emulator ? 'device' : state;
    const sim = await startDevice({ home, ...deviceOptions, state: startState, adbServerPort: adbPort });
    devices.push(sim);
    if (!deviceOptions.emulator) {
      const connected = await adbBytes('connect', sim.serial);
      const answer = connected.stdout.toString('utf8');
      // Unauthorized: adb answers "failed to authenticate to …" and lists the device as unauthorized.
      const expected = state === 'unauthorized' ? /^failed to authenticate/ : /^(connected|already connected) to/;
      if (!expected.test(answer)) throw new Error(`adb connect ${sim.serial}: ${answer}${connected.stderr}`);
    }
    if (startState !== state) {
      await waitForState(sim.serial, startState);
      sim.setState(state);
    }
    await waitForState(sim.serial, state);
    return sim;
  }

  async function removeDevice(sim: SimDevice): Promise<void> {
    const index = devices.indexOf(sim);
    if (index >= 0) devices.splice(index, 1);
    if (sim.consolePort === undefined) await hostQuery(adbPort, `host:disconnect:${sim.serial}`).catch(() => '');
    await sim.stop();
    await waitForState(sim.serial, 'gone');
  }

  const lab: Lab = {
    adbPort,
    env,
    devices,
    home,
    adb: async (...args) => {
      const result = await adbBytes(...args);
      return { ...result, stdout: result.stdout.toString('utf8') };
    },
    adbBytes,
    waitForState,
    addDevice,
    removeDevice,
    async close() {
      await Promise.all(devices.splice(0).map((sim) => sim.stop()));
      await adbBytes('kill-server');
      // maxRetries: a dying adb server may still write under HOME while it is removed (ENOTEMPTY).
      await rm(home, { recursive: true, force: true, maxRetries: 5 });
    },
  };
  try {
    // Sequential: adb handles parallel connects, but the order of `lab.devices` should follow the options.
    for (const deviceOptions of options.devices ?? []) await addDevice(deviceOptions);
  } catch (error) {
    await lab.close();
    throw error;
  }
  return lab;
}
