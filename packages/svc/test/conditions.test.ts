// The condition → code table (contracts/conditions.ts), walked: each condition is produced for real (simulated
// devices through real adb, a missing SDK, a hostile skills registry, ...) and every surface that can meet it must
// answer the table's one code: the CLI directly and through the daemon, HTTP, MCP, doctor, version --check-compat.
// A condition a surface cannot meet is named with the reason; a condition without a walk fails the test.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { CONDITIONS, type Condition } from '../src/contracts/conditions.ts';
import { codeOfAnswer, openSurfaces, type Surfaces } from './conditions-surfaces.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { deviceLockPath } from './device-lock.ts';
import { MAIN, runCliJson } from './run-cli.ts';

type Walk = (s: Surfaces) => Promise<Record<string, string | undefined>>;

const EXEC = (timeoutMs: number, actions: unknown[]) => ({
  commandId: `cond-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`,
  taskId: 't',
  source: 'conditions',
  expectedFormat: 'android-ui-automator',
  timeoutMs,
  actions,
});

const SURFACES = ['cli', 'daemon', 'http', 'mcp', 'doctor', 'version'] as const;

const NO_DISPATCH = 'reads what is installed; it sends nothing to the operator';
const NOT_A_SERVER = 'starts no server';
/** Surfaces a condition cannot reach, and why. Every other surface is walked. */
const NOT_MET: Partial<Record<Condition, Partial<Record<(typeof SURFACES)[number], string>>>> = {
  operatorServiceOff: { version: NO_DISPATCH },
  noEnvelope: { version: NO_DISPATCH },
  deviceBusy: { version: 'takes no device lock' },
  deviceGone: {
    doctor: 'a device must be there for its checks; one gone before them is the discovery codes, walked above',
    version: NO_DISPATCH,
  },
  cliUsage: {
    daemon: 'a command line that does not parse never reaches the daemon',
    http: 'has no command line (an unknown route is NOT_FOUND)',
    mcp: 'has no command line (arguments are checked by the tool schemas)',
    doctor: 'is itself a command of the command line',
    version: 'is itself a command of the command line',
  },
  payloadTooLarge: {
    daemon: 'the CLI checks the size before it picks the daemon (the cli walk)',
    doctor: 'sends only its own small handshake',
    version: 'sends no execution',
  },
  androidSdkMissing: {
    daemon: 'emulator commands never go through the daemon',
    mcp: 'has no emulator tools',
    doctor: 'checks no emulator SDK',
    version: 'uses no SDK tool',
  },
  skillPathOutside: {
    daemon: 'skills run never goes through the daemon',
    doctor: 'reads no skills',
    version: 'reads no skills',
  },
  cannotListen: {
    daemon: 'listens on a unix socket of its own choosing',
    http: NOT_A_SERVER,
    doctor: NOT_A_SERVER,
    version: NOT_A_SERVER,
  },
};

/** Awaits a record of pending codes one by one (each surface after the other: the device is one device). */
async function inOrder(checks: Record<string, () => Promise<string | undefined>>) {
  const out: Record<string, string | undefined> = {};
  for (const [surface, check] of Object.entries(checks)) out[surface] = await check();
  return out;
}

describe('one code per condition, on every surface', () => {
  let lab: Lab;
  let s: Surfaces;
  let registry: string;
  before(async () => {
    lab = await createLab();
    const dir = join(lab.home, 'hostile-skills');
    mkdirSync(join(dir, 'skills', 'evil'), { recursive: true });
    registry = join(dir, 'skills', 'skills-registry.json');
    const evil = { applicationId: 'x', intent: 'x', summary: 'x', path: 'skills/evil', skillFile: '' };
    writeFileSync(
      registry,
      JSON.stringify({ skills: [{ ...evil, id: 'evil', scripts: ['/usr/bin/env'], artifacts: [] }] }),
    );
    s = await openSurfaces({ ...lab.env, SVC_SKILLS_REGISTRY: registry });
  });
  after(async () => {
    await s?.close();
    await stopDaemonsOf(lab.home);
    await lab?.close();
  });

  /** Runs `walk` with `devices` added for it, then removes them. */
  async function withDevices(
    options: Parameters<Lab['addDevice']>[0][],
    walk: (serials: string[]) => ReturnType<Walk>,
  ) {
    const sims = [];
    for (const option of options) sims.push(await lab.addDevice(option));
    try {
      return await walk(sims.map((sim) => sim.serial));
    } finally {
      await stopDaemonsOf(lab.home);
      for (const sim of sims) await lab.removeDevice(sim);
    }
  }

  /** Every surface of a process whose adb server is `env`'s (broken) one. */
  async function onOtherAdb(env: Record<string, string>, doctorCheck: string) {
    const other = await openSurfaces(env);
    try {
      return await inOrder({
        cli: () => other.cli(['devices']),
        daemon: () => other.daemon(['snapshot']),
        http: () => other.http('GET', '/devices'),
        mcp: () => other.mcp('devices', {}),
        doctor: () => other.doctor(doctorCheck),
        version: () => other.version([]),
      });
    } finally {
      await other.close();
    }
  }

  /** An MCP execution of one snapshot, its bookkeeping filled in by the server. */
  const SNAPSHOT = { actions: [{ type: 'snapshot_ui' }] };

  const snapshotEverywhere = (serial?: string, extra: { driver?: string } = {}) => {
    const device = serial === undefined ? [] : ['--device', serial];
    const driver = extra.driver === undefined ? [] : ['--driver', extra.driver];
    const body = { ...(serial === undefined ? {} : { deviceId: serial }), ...extra };
    return {
      cli: () => s.cli(['snapshot', ...device, ...driver]),
      daemon: () => s.daemon(['snapshot', ...device, ...driver]),
      http: () => s.http('POST', '/snapshot', body),
      // MCP's snapshot names only the device; an execute of a snapshot takes the driver too.
      mcp: () => s.mcp('execute', { execution: SNAPSHOT, ...body }),
    };
  };

  const WALKS: Record<Condition, Walk> = {
    noDevices: () =>
      inOrder({ ...snapshotEverywhere(), doctor: () => s.doctor('device.discovery'), version: () => s.version([]) }),
    multipleDevices: () =>
      withDevices([{}, {}], () =>
        inOrder({ ...snapshotEverywhere(), doctor: () => s.doctor('device.discovery'), version: () => s.version([]) }),
      ),
    deviceNotConnected: () =>
      withDevices([{}], () =>
        inOrder({
          ...snapshotEverywhere('emulator-5990'),
          doctor: () => s.doctor('device.discovery', ['--device', 'emulator-5990']),
          version: () => s.version(['--device', 'emulator-5990']),
        }),
      ),
    deviceUnauthorized: () =>
      withDevices([{}, { state: 'unauthorized' }], ([, locked]) =>
        inOrder({
          ...snapshotEverywhere(locked),
          doctor: () => s.doctor('device.discovery', ['--device', locked as string]),
          version: () => s.version(['--device', locked as string]),
        }),
      ),
    deviceOffline: () =>
      withDevices([{}, { state: 'offline' }], ([, gone]) =>
        inOrder({
          ...snapshotEverywhere(gone),
          doctor: () => s.doctor('device.discovery', ['--device', gone as string]),
          version: () => s.version(['--device', gone as string]),
        }),
      ),
    deviceNotReady: () =>
      withDevices([{}, { state: 'recovery' }], ([, booting]) =>
        inOrder({
          ...snapshotEverywhere(booting),
          doctor: () => s.doctor('device.discovery', ['--device', booting as string]),
          version: () => s.version(['--device', booting as string]),
        }),
      ),
    operatorMissing: () =>
      withDevices([{ operator: false }], ([serial]) =>
        inOrder({
          ...snapshotEverywhere(serial, { driver: 'operator' }),
          doctor: () => s.doctor('readiness.apk.presence'),
          version: () => s.version([]),
        }),
      ),
    operatorServiceOff: () =>
      withDevices([{ operator: { accessibility: false } }], ([serial]) =>
        inOrder({
          ...snapshotEverywhere(serial, { driver: 'operator' }),
          doctor: () => s.doctor('readiness.handshake'),
        }),
      ),
    noEnvelope: () =>
      withDevices([{}], async ([serial]) => {
        const sim = lab.devices.find((d) => d.serial === serial);
        const drop = <T>(run: () => Promise<T>) => {
          sim?.faults.set('drop_next_envelope');
          return run();
        };
        // After a timeout the device settles 2 s: each next surface waits for it.
        const body = { deviceId: serial, driver: 'operator', waitDeviceMs: 10_000 };
        const flags = ['--device', serial as string, '--driver', 'operator', '--wait-device-ms', '10000'];
        const execution = EXEC(1000, [{ id: 'nap', type: 'sleep', params: { durationMs: 0 } }]);
        return inOrder({
          cli: () => drop(() => s.cli(['exec', JSON.stringify(execution), ...flags])),
          daemon: () => drop(() => s.daemon(['exec', JSON.stringify(EXEC(1000, execution.actions)), ...flags])),
          http: () => drop(() => s.http('POST', '/execute', { ...body, execution: EXEC(1000, execution.actions) })),
          mcp: () => drop(() => s.mcp('execute', { ...body, execution: EXEC(1000, execution.actions) })),
          doctor: async () => {
            await new Promise((r) => setTimeout(r, 2500));
            return drop(() => s.doctor('readiness.handshake'));
          },
        });
      }),
    deviceBusy: () =>
      withDevices([{}], async ([serial]) => {
        const busy = runCliJson(['sleep', '12000', '--device', serial as string, '--no-daemon'], { env: lab.env });
        // Deterministic, not timed: the others go once the sleep holds this device's lock file.
        const lock = await deviceLockPath(lab, serial as string);
        while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 20));
        const codes = await inOrder({
          cli: () => s.cli(['snapshot', '--device', serial as string]),
          daemon: () => s.daemon(['snapshot', '--device', serial as string]),
          http: () => s.http('POST', '/snapshot', { deviceId: serial }),
          mcp: () => s.mcp('execute', { execution: SNAPSHOT, deviceId: serial, waitDeviceMs: 0 }),
          doctor: () => s.doctor('readiness.handshake', ['--device', serial as string]),
        });
        await busy;
        return codes;
      }),
    deviceGone: async () => {
      // Each surface runs a 20 s sleep on a device of its own, which leaves (is unplugged) once the sleep is on it.
      const sleepy = EXEC(25000, [{ id: 'nap', type: 'sleep', params: { durationMs: 20000 } }]);
      const unplugged = async (run: (serial: string) => Promise<string | undefined>) => {
        const sim = await lab.addDevice({});
        try {
          const answer = run(sim.serial);
          while (!sim.device.commandLog.some((c) => c.includes('"durationMs":20000')))
            await new Promise((r) => setTimeout(r, 20));
          await lab.removeDevice(sim);
          return await answer;
        } finally {
          if (lab.devices.includes(sim)) await lab.removeDevice(sim);
        }
      };
      try {
        return await inOrder({
          cli: () => unplugged((serial) => s.cli(['sleep', '20000', '--device', serial, '--no-daemon'])),
          daemon: () => unplugged((serial) => s.daemon(['sleep', '20000', '--device', serial])),
          http: () => unplugged((serial) => s.http('POST', '/execute', { deviceId: serial, execution: sleepy })),
          mcp: () => unplugged((serial) => s.mcp('execute', { deviceId: serial, execution: sleepy })),
        });
      } finally {
        await stopDaemonsOf(lab.home);
      }
    },
    invalidInput: () =>
      inOrder({
        cli: () => s.cli(['click', '--selector', '{bad']),
        daemon: () => s.daemon(['click', '--text', ' ']),
        http: () => s.http('POST', '/execute', { execution: EXEC(5, []) }),
        mcp: () => s.mcp('click', { selector: { bogus: 'x' } }),
        doctor: () => s.cli(['doctor', '--driver', 'magic']),
        version: () => s.version(['--driver', 'magic']),
      }),
    cliUsage: () => inOrder({ cli: () => s.cli(['nosuch']) }),
    payloadTooLarge: () => {
      const big = EXEC(30000, [
        { id: 'a', type: 'enter_text', params: { matcher: { textEquals: 'x' }, text: 'y'.repeat(70_000) } },
      ]);
      return inOrder({
        cli: () => s.cli(['exec', JSON.stringify(big), '--validate-only']),
        http: () => s.http('POST', '/execute', { execution: big }),
        mcp: () => s.mcp('execute', { execution: big }),
      });
    },
    androidSdkMissing: () =>
      inOrder({
        cli: () => s.cli(['emulator', 'start', 'svc-pixel']),
        http: () => s.http('POST', '/android/emulators/svc-pixel/start'),
      }),
    skillPathOutside: () =>
      withDevices([{}], () =>
        inOrder({
          cli: () => s.cli(['skills', 'run', 'evil']),
          http: () => s.http('POST', '/skills/evil/run', {}),
          mcp: () => s.mcp('skills-run', { skillId: 'evil' }),
        }),
      ),
    adbMissing: async () => {
      // Nothing listens on the adb port, and there is no adb binary to start a server with.
      const env = {
        ...lab.env,
        ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}`,
        SVC_ADB_PATH: '/nonexistent/adb',
      };
      return onOtherAdb(env, 'host.adb.presence');
    },
    adbServerUnreachable: async () => {
      // A port held by something that is not an adb server (it answers garbage and hangs up).
      const impostor = createServer((socket) => {
        socket.on('error', () => {});
        socket.end('garbage\n');
      });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      const port = (impostor.address() as { port: number }).port;
      try {
        return await onOtherAdb({ ...lab.env, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${port}` }, 'host.adb.server');
      } finally {
        impostor.close();
      }
    },
    cannotListen: async () => {
      const holder = createServer(() => {});
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const port = String((holder.address() as { port: number }).port);
      try {
        return await inOrder({
          cli: () => s.cli(['serve', '--port', port]),
          mcp: async () => {
            const child = spawn(process.execPath, [MAIN, 'mcp', '--http', '--port', port], { env: lab.env });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
            });
            await new Promise((resolve) => child.on('close', resolve));
            return codeOfAnswer(JSON.parse(out));
          },
        });
      } finally {
        holder.close();
      }
    },
  };

  for (const condition of Object.keys(CONDITIONS) as Condition[]) {
    test(`${condition}: ${CONDITIONS[condition].code} on every surface that meets it`, {
      timeout: 180_000,
    }, async () => {
      const codes = await WALKS[condition](s);
      const notMet = Object.keys(NOT_MET[condition] ?? {});
      assert.deepEqual(
        [...Object.keys(codes), ...notMet].sort(),
        [...SURFACES].sort(),
        'every surface is walked or named as not meeting the condition',
      );
      const wrong = Object.entries(codes).filter(([, code]) => code !== CONDITIONS[condition].code);
      assert.deepEqual(wrong, [], `${condition} must be ${CONDITIONS[condition].code} everywhere`);
    });
  }
});
