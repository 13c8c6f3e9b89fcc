// A simulated device on the wire: the adb daemon (and, emulator style, the console and the announcement to the adb
// server) around a device model and its shell. index.ts builds the real model; tests of the wire may pass a stand-in.

import { homedir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdbdServer } from './adbd/server.ts';
import { recordCommandLine } from './device/command-log.ts';
import { setGpsFix } from './device/location.ts';
import type { TimingProfile } from './device/timing.ts';
import type { DeviceApi, DeviceState, ShellIO } from './device/types.ts';
import { EmulatorConsole } from './emulator/console.ts';
import { listenOnPortPair } from './emulator/ports.ts';
import { announceEmulator } from './emulator/register.ts';
import type { FaultControl } from './faults.ts';
import type { Display } from './ui/display.ts';

export interface SimDeviceOptions {
  /** adb transport port (emulator style: the even console port P; adb is then on P+1). 0/undefined = pick. */
  port?: number;
  /** Emulator style: console on even port P, adb on P+1, announced to the adb server as emulator-P. */
  emulator?: boolean;
  model?: string;
  apiLevel?: number;
  state?: DeviceState;
  /**
   * The operator app: false = none (a stock phone). `variant` `svc` (default) is svc's own operator; `clawperator`
   * the published Clawperator operator as its code behaves (versionName default 0.5.2, versionCode by its formula).
   */
  operator?:
    | false
    | {
        variant?: 'svc' | 'clawperator';
        package?: string;
        versionName?: string;
        versionCode?: number;
        accessibility?: boolean;
      };
  /** Brand word of OPERATOR-PROTOCOL ids, default 'svc'. */
  brand?: string;
  /** Extra virtual app definitions (JSON). */
  appsDir?: string;
  /**
   * Real pages: Chrome and the hybrid apps (com.svc.hybrid with a debuggable WebView, com.svc.hybrid.locked not
   * debuggable, com.svc.hybrid.flat not debuggable and flattened) show pages a headless Chromium renders, one
   * browser per device, started when a page first shows and ended with the device. Only http://127.0.0.1:<port>/
   * pages open.
   */
  webPages?: boolean;
  /**
   * Display metrics in physical pixels (default 1080x2400 at 420 dpi, 110 px status bar, 132 px navigation bar, no
   * cutout, font scale 1). `cutoutTopPx` declares a built-in cutout at the top.
   */
  display?: Partial<Display>;
  /** Emulator style: the adb server to announce to (default ANDROID_ADB_SERVER_PORT, else 5037). */
  adbServerPort?: number;
  /** Emulator style: what `emu avd name` answers (default 'svc_sim'). */
  avdName?: string;
  /** false = sys.boot_completed and dev.bootcomplete are unset until the caller sets them. */
  booted?: boolean;
  /** Home whose `.emulator_console_auth_token` guards the console (default the user's home). */
  home?: string;
  /** While unauthorized, accept the host's key this long after it is offered (simulates tapping Allow). */
  acceptAuthAfterMs?: number;
  /** How long the slow tools take: `phone` makes `uiautomator dump` and `input` as slow as a real phone's. */
  timing?: TimingProfile;
  /** Commands the device's shell lacks (a phone without `screenrecord`). */
  missingCommands?: readonly string[];
  /**
   * Banner features (default DEVICE_FEATURES of adbd/banner.ts). A subset makes adb fall back to the older services
   * (legacy `shell:`, STAT/LIST, `exec:cmd` install, …); unknown names are advertised but not served.
   */
  features?: readonly string[];
}

export interface SimDevice {
  /** adb transport port (emulator style: P+1). */
  readonly port: number;
  /** Emulator style: the console port P. */
  readonly consolePort: number | undefined;
  /** '127.0.0.1:<port>' or 'emulator-<P>'. */
  readonly serial: string;
  readonly device: DeviceApi;
  readonly state: DeviceState;
  /**
   * Switches the state at run time. `acceptAuthAfterMs` (with `unauthorized`): the user taps Allow this long after
   * adb offers its key; without it an unauthorized device never accepts.
   */
  setState(state: DeviceState, options?: { acceptAuthAfterMs?: number }): void;
  /** Added to every shell command. */
  setLatencyMs(ms: number): void;
  /** Drops every transport now (adb reconnects `adb connect` devices; emulators announce themselves again). */
  disconnect(): void;
  readonly faults: FaultControl;
  /**
   * The last 1000 services hosts opened (`shell,v2,raw:true`, `abb_exec:package\0install…`) and sync requests
   * (`sync:STA2 /sdcard/x`), oldest first: shows what adb sends for the banner's features. Fewer when they are long:
   * the ring also keeps at most 1 MiB of characters (the newest entry always stays).
   */
  readonly serviceLog: readonly string[];
  /** Shell commands running now (a test sees `adb logcat` end on the device after the client was killed). */
  readonly activeCommands: number;
  stop(): Promise<void>;
  /** Settles once the device stopped (stop(), or `emu kill` on the console). */
  readonly stopped: Promise<void>;
}

const SERVICE_LOG_LINES = 1000;
const SERVICE_LOG_CHARS = 1024 * 1024;

export type RunShell = (device: DeviceApi, commandLine: string, io: ShellIO) => Promise<number>;

function defaultAdbServerPort(): number {
  const socket = /^tcp:(?:[^:]+:)?(\d+)$/.exec(process.env.ADB_SERVER_SOCKET ?? '');
  return Number(socket?.[1] ?? process.env.ANDROID_ADB_SERVER_PORT ?? 5037);
}

export async function startSimDevice(device: DeviceApi, runShell: RunShell, options: SimDeviceOptions = {}) {
  const faults = device.faults;
  let latencyMs = 0;
  let activeCommands = 0;
  let reannounce = () => {};
  const serviceLog: string[] = [];
  let serviceLogChars = 0;
  const adbd = new AdbdServer({
    context: {
      device,
      traceService: (entry) => {
        serviceLog.push(entry);
        serviceLogChars += entry.length;
        // A shell service name carries its whole command line (an `am broadcast` holds the execution), so the ring is
        // bounded by size as well as by count.
        while (
          serviceLog.length > SERVICE_LOG_LINES ||
          (serviceLogChars > SERVICE_LOG_CHARS && serviceLog.length > 1)
        ) {
          serviceLogChars -= serviceLog.shift()?.length ?? 0;
        }
      },
      runCommand: async (commandLine, io) => {
        const slow = faults.get('slow_shell');
        const delay = latencyMs + (typeof slow === 'number' ? slow : 0);
        activeCommands++;
        try {
          if (delay > 0) await sleep(delay);
          // The shell ends before an `input` line's exit status comes back (a cable pulled, adbd restarted): the
          // stream closes with nothing more, as a real device's does below API 24 (no shell protocol: no exit).
          if (/(?:^|[;&|] *)input /.test(commandLine) && faults.hit('shell_cut_input')) {
            recordCommandLine(device.commandLog, commandLine);
            return 0;
          }
          return await runShell(device, commandLine, io);
        } finally {
          activeCommands--;
        }
      },
    },
    state: options.state ?? 'device',
    ...(options.features ? { features: options.features } : {}),
    ...(options.acceptAuthAfterMs !== undefined ? { acceptAuthAfterMs: options.acceptAuthAfterMs } : {}),
    onStateChange: (state) => {
      if (state !== 'device') reannounce();
    },
  });
  let resolveStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });
  let stopping: Promise<void> | undefined;
  let emulatorConsole: EmulatorConsole | undefined;
  const stop = () => {
    stopping ??= Promise.all([adbd.close(), emulatorConsole?.close()]).then(() => resolveStopped());
    return stopping;
  };

  let port: number;
  let consolePort: number | undefined;
  if (options.emulator) {
    emulatorConsole = new EmulatorConsole({
      avdName: () => options.avdName ?? 'svc_sim',
      home: options.home ?? homedir(),
      onKill: () => void stop(),
      onGeoFix: (fix) => setGpsFix(device, fix),
    });
    consolePort = await listenOnPortPair(emulatorConsole.server, adbd.netServer, options.port || undefined);
    port = consolePort + 1;
    const adbServerPort = options.adbServerPort ?? defaultAdbServerPort();
    // A dropped emulator transport is gone for good on the adb server: announce again, as a restarted emulator does.
    reannounce = () => {
      void sleep(250).then(async () => {
        if (!stopping) await announceEmulator(adbServerPort, port);
      });
    };
    await announceEmulator(adbServerPort, port);
  } else {
    port = await adbd.listen(options.port ?? 0);
  }
  if (options.booted === false) {
    device.props.delete('sys.boot_completed');
    device.props.delete('dev.bootcomplete');
  }

  const sim: SimDevice = {
    port,
    consolePort,
    serial: consolePort !== undefined ? `emulator-${consolePort}` : `127.0.0.1:${port}`,
    device,
    get state() {
      return adbd.state();
    },
    setState: (state, stateOptions) => adbd.setState(state, { acceptAuthAfterMs: stateOptions?.acceptAuthAfterMs }),
    setLatencyMs: (ms) => {
      latencyMs = Math.max(0, ms);
    },
    disconnect: () => {
      adbd.dropConnections();
      reannounce();
    },
    faults,
    serviceLog,
    get activeCommands() {
      return activeCommands;
    },
    stop,
    stopped,
  };
  return sim;
}
