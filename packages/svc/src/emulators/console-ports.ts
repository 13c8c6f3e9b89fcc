// Console ports for `emulator start`. The Android emulator takes even console ports 5554..5584 (adb port = console
// + 1) and adb knows it as emulator-<console port>. SVC_EMULATOR_PORTS=<first>-<last> moves the range: every adb
// server scans 5555..5585 for emulators when it starts, so hosts that run several isolated adb servers (CI, the
// test suites) keep emulators outside it; adb still lists them because the emulator announces itself.
import { createServer } from 'node:net';
import { SvcError } from '../contracts/errors.ts';
import type { Env } from './avd-home.ts';

export const DEFAULT_CONSOLE_PORTS = { first: 5554, last: 5584 } as const;

export function consolePortRange(env: Env): { first: number; last: number } {
  const raw = env.SVC_EMULATOR_PORTS?.trim();
  if (!raw) return DEFAULT_CONSOLE_PORTS;
  const match = /^(\d+)-(\d+)$/.exec(raw);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first % 2 !== 0 || first > last || last > 65534 || first < 1024) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `SVC_EMULATOR_PORTS must be <even first>-<last>, got '${raw}'.`, {
      path: 'env.SVC_EMULATOR_PORTS',
      expected: 'an even first port >= 1024, then a last port <= 65534, for example 5554-5584',
    });
  }
  return { first, last };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first even console port whose serial adb does not list and whose console and adb ports are both free. */
export async function pickConsolePort(env: Env, listedSerials: ReadonlySet<string>): Promise<number> {
  const { first, last } = consolePortRange(env);
  for (let port = first; port <= last; port += 2) {
    if (listedSerials.has(`emulator-${port}`)) continue;
    if ((await portIsFree(port)) && (await portIsFree(port + 1))) return port;
  }
  throw new SvcError('ANDROID_SDK_TOOL_FAILED', `Every emulator console port in ${first}-${last} is in use.`, {
    first,
    last,
    hint: 'Stop an emulator, or set SVC_EMULATOR_PORTS to another even range.',
  });
}
