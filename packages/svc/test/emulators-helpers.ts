// Shared setup of the emulator end-to-end suites: a lab (own adb server, temp HOME), a fake SDK (the svc-sim
// stand-ins for emulator, avdmanager, sdkmanager) that ANDROID_HOME points at, and console ports outside adb's
// scan range 5554-5585 (every adb server scans it when it starts, so emulators there would show up in other
// suites' adb servers). close() stops every stand-in emulator still running, then the lab.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeSdk, type FakeSdk } from 'svc-sim/sdk';
import { createLab, type Lab } from 'svc-sim/testing';

export interface EmulatorLab {
  lab: Lab;
  sdk: FakeSdk;
  dir: string;
  /** lab.env + ANDROID_HOME + SVC_EMULATOR_PORTS. */
  env: Record<string, string>;
  /** Serials adb lists whose name is emulator-<port>. */
  emulatorSerials(): Promise<string[]>;
  close(): Promise<void>;
}

export function randomConsolePorts(): string {
  const base = 20_000 + 2 * Math.floor(Math.random() * 5000);
  return `${base}-${base + 40}`;
}

export async function createEmulatorLab(): Promise<EmulatorLab> {
  const lab = await createLab({ devices: [] });
  const dir = await mkdtemp(join(tmpdir(), 'svc-emu-'));
  const sdk = await createFakeSdk(join(dir, 'sdk'), { config: { bootDelayMs: 200 } });
  const env = { ...lab.env, ANDROID_HOME: sdk.root, SVC_EMULATOR_PORTS: randomConsolePorts() };
  const emulatorSerials = async () => {
    const { stdout } = await lab.adb('devices');
    return [...stdout.matchAll(/^(emulator-\d+)\s/gm)].map((match) => match[1] ?? '');
  };
  return {
    lab,
    sdk,
    dir,
    env,
    emulatorSerials,
    async close() {
      for (const serial of await emulatorSerials().catch(() => [])) {
        await lab.adb('-s', serial, 'emu', 'kill').catch(() => undefined);
      }
      await sdk.killEmulators();
      await lab.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
