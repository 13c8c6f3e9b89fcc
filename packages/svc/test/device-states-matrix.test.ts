// Every state adb can list a device in, by every way in: the CLI directly (--no-daemon) and through the daemon, HTTP
// (the serve app), MCP over stdio and the device tools (CLI and HTTP). Each answers the state's own code and a hint
// that says what to do, with the device named and with it the only device (how a new user starts). The states are
// adb's words (AOSP packages/modules/adb/transport.cpp, to_string(ConnectionState)); the simulator shows a boot mode
// the way a phone does, as the first word of its banner (adb.cpp parse_banner: `recovery::…` → kCsRecovery), so
// real adb lists it. `no permissions` exists only for a USB device this computer may not open (usb_linux.cpp), which
// no TCP device can show: its line, as adb prints it, goes through the same rule in a unit test below.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DeviceState } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { parseDevicesLong } from '../src/adapters/adb/device-list.ts';
import { SvcError } from '../src/contracts/errors.ts';
import { createContext } from '../src/core/context.ts';
import { chooseDevice } from '../src/devices/resolve-device.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

/** Each state: its code and a word of its hint. */
const EXPECTED: Record<string, { code: string; hint: RegExp }> = {
  unauthorized: { code: 'DEVICE_UNAUTHORIZED', hint: /Allow USB debugging/ },
  offline: { code: 'DEVICE_OFFLINE', hint: /adb reconnect offline/ },
  recovery: { code: 'DEVICE_NOT_READY', hint: /recovery mode/ },
  sideload: { code: 'DEVICE_NOT_READY', hint: /adb sideload/ },
  bootloader: { code: 'DEVICE_NOT_READY', hint: /bootloader/ },
};

interface Answer {
  code: string | undefined;
  hint: string | undefined;
}

const fromJson = (json: Loose): Answer => {
  const error = json?.error ?? json;
  return { code: error?.code, hint: error?.hint };
};

describe('every device state by every way in answers its code and hint (real adb, simulated device)', () => {
  let lab: Lab;
  let server: RunningServer;
  let mcp: StdioSession;
  const table: string[][] = [];
  before(async () => {
    lab = await createLab({ devices: [{}] });
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
      host: '127.0.0.1',
      port: 0,
    });
    mcp = await connectStdio([], isolatedEnv(lab.env), mkdtempSync(join(tmpdir(), 'svc-states-')));
  });
  after(async () => {
    await mcp?.close();
    await server?.close();
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
    // The matrix, for the record of the run.
    console.log(table.map((row) => `| ${row.join(' | ')} |`).join('\n'));
  });

  const cli = async (args: string[]) => fromJson((await runCliJson(args, { env: lab.env })).json);
  const http = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return fromJson(await response.json());
  };
  const mcpCall = async (tool: string, args: Record<string, unknown>): Promise<Answer> => {
    const text = textOf(await mcp.client.callTool({ name: tool, arguments: args }));
    return { code: /^([A-Z][A-Z0-9_]+):/m.exec(text)?.[1], hint: text };
  };

  /** Every way in, the device named (`serial`) or not. */
  const waysIn = (serial: string | undefined): Record<string, () => Promise<Answer>> => {
    const flag = serial === undefined ? [] : ['--device', serial];
    const body = serial === undefined ? {} : { deviceId: serial };
    return {
      'CLI --no-daemon snapshot': () => cli(['snapshot', ...flag, '--no-daemon']),
      'CLI (daemon) snapshot': () => cli(['snapshot', ...flag]),
      'CLI (daemon) open': () => cli(['open', 'com.android.settings', ...flag]),
      'HTTP POST /snapshot': () => http('/snapshot', body),
      'MCP snapshot': () => mcpCall('snapshot', body),
      'device tool: CLI foreground': () => cli(['foreground', ...flag]),
      'device tool: HTTP /tools/foreground': () => http('/tools/foreground', body),
    };
  };

  for (const state of Object.keys(EXPECTED)) {
    test(`a device that is ${state}: each way in answers ${EXPECTED[state]?.code} with the hint for ${state}`, async () => {
      const sim = lab.devices[0];
      assert.ok(sim);
      sim.setState(state as DeviceState);
      await lab.waitForState(sim.serial, state);
      const expected = EXPECTED[state] as { code: string; hint: RegExp };
      for (const named of [undefined, sim.serial]) {
        for (const [way, ask] of Object.entries(waysIn(named))) {
          const answer = await ask();
          const label = `${way}${named === undefined ? ' (only device)' : ' --device'}`;
          table.push([state, label, answer.code ?? '-', answer.hint === undefined ? 'no hint' : 'hint']);
          assert.equal(answer.code, expected.code, `${state}, ${label}: ${JSON.stringify(answer)}`);
          assert.match(answer.hint ?? '', expected.hint, `${state}, ${label}`);
        }
      }
    });
  }
});

describe('a USB device this computer may not open (no permissions)', () => {
  test('adb\'s "no permissions" line is DEVICE_NOT_READY with the udev hint, named or the only device', () => {
    // The words adb prints for kCsNoPerm (AOSP packages/modules/adb/client/usb_linux.cpp, UsbNoPermissionsShortHelpText).
    const line =
      '0123456789ABCDEF       no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html] usb:1-1 transport_id:3\n';
    const devices = parseDevicesLong(line);
    for (const wanted of [{}, { deviceId: '0123456789ABCDEF' }]) {
      assert.throws(
        () => chooseDevice(devices, wanted),
        (error: unknown) => {
          assert.ok(error instanceof SvcError);
          assert.equal(error.code, 'DEVICE_NOT_READY');
          assert.match(error.toBody().hint ?? '', /udev rule/);
          // Everything it carries can be printed as JSON (an adb listing's bigint transport id stays out).
          assert.doesNotThrow(() => JSON.stringify(error.toBody()));
          return true;
        },
      );
    }
  });
});
