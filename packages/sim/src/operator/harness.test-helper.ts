// Drives the published operator app the way a host does (a broadcast naming its package, with the payload extra) on
// a device with the virtual apps and a virtual clock, and reads back what the app wrote to the log.
import type { DeviceApi, LogEntry } from '../device/types.ts';
import { createFaultControl, type FaultControl } from '../faults.ts';
import type { AppDef } from '../ui/app-def.ts';
import { installVirtualApps } from '../ui/install-apps.ts';
import { testDevice } from '../ui/test-device.test-helper.ts';
import type { OperatorVariant } from './brand.ts';
import { installPublishedOperator, type PublishedOperatorHandle } from './operator-app.ts';
import { VirtualClock } from './virtual-clock.test-helper.ts';

export interface AppRun {
  commandId: string;
  /** The parsed terminal envelope (undefined when none was written). */
  envelope: Envelope | undefined;
  entries: LogEntry[];
  messages: string[];
  /** Device-clock time from the broadcast to the result. */
  elapsedMs: number;
}

export interface Envelope {
  commandId: string;
  taskId: string;
  status: string;
  stepResults: { id: string; actionType: string; success: boolean; data?: Record<string, string> }[];
  error: string | null;
  errorCode?: string;
}

export interface AppHarness {
  faults: FaultControl;
  /** How many times the `disconnect_mid_execution` fault asked the wire to drop its transports. */
  disconnects: number;
  device: DeviceApi;
  ui: ReturnType<typeof installVirtualApps>;
  op: PublishedOperatorHandle;
  clock: VirtualClock;
  marker: string;
  send(payload: string, extras?: Record<string, string | number | boolean>): Promise<LogEntry[]>;
  run(actions: unknown[], extra?: Record<string, unknown>): Promise<AppRun>;
}

let counter = 0;

export function appHarness(
  options: {
    variant?: OperatorVariant;
    package?: string;
    apps?: AppDef[];
    accessibility?: boolean;
    props?: Record<string, string>;
  } = {},
): AppHarness {
  const device = testDevice(options.props);
  const ui = installVirtualApps(device, options.apps ? { apps: options.apps } : {});
  const clock = new VirtualClock();
  const variant = options.variant ?? 'clawperator';
  const op = installPublishedOperator(device, {
    variant,
    clock,
    random: () => 0.5,
    ...(options.package ? { package: options.package } : {}),
    ...(options.accessibility !== undefined ? { accessibility: options.accessibility } : {}),
  });
  const marker = variant === 'clawperator' ? '[Clawperator-Result] ' : '[svc-Result] ';
  const faults = createFaultControl();
  const h: AppHarness = {
    faults,
    disconnects: 0,
    device,
    ui,
    op,
    clock,
    marker,
    async send(payload, extras) {
      const from = device.log.entries().length;
      device.sendBroadcast({
        action: op.action,
        targetPackage: op.package,
        extras: extras ?? { payload },
        foreground: true,
      });
      await op.idle();
      return device.log.entries().slice(from);
    },
    async run(actions, extra = {}) {
      const commandId = `cmd-${++counter}`;
      const payload = { commandId, taskId: 'task', source: 'test', timeoutMs: 30000, actions, ...extra };
      const start = clock.now();
      const entries = await h.send(JSON.stringify(payload));
      const messages = entries.map((e) => e.message);
      const envelope = readEnvelope(messages, marker);
      return { commandId, envelope, entries, messages, elapsedMs: clock.now() - start };
    },
  };
  op.attach({ faults, disconnect: () => h.disconnects++ });
  return h;
}

/** The result line, put back together when Timber cut it into 4000-char records (as a reader must). */
function readEnvelope(messages: string[], marker: string): Envelope | undefined {
  const at = messages.findIndex((m) => m.startsWith(marker));
  if (at < 0) return undefined;
  let text = messages[at]!.slice(marker.length);
  for (let next = at + 1; ; next++) {
    try {
      return JSON.parse(text) as Envelope;
    } catch (e) {
      if (next >= messages.length) throw e;
      text += messages[next];
    }
  }
}

/** The first step of a one-action run. */
export async function firstStep(h: AppHarness, type: string, params?: Record<string, unknown>) {
  const out = await h.run([{ id: 'a1', type, ...(params ? { params } : {}) }]);
  return { out, step: out.envelope?.stepResults[0] };
}
