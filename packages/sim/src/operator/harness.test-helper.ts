// Drives the operator the way the host does (a broadcast with the payload extra) and reads its lines back from the
// device log. Device-level tests use it; test/operator-adb.test.ts does the same through the real adb binary.

import type { DeviceApi, LogEntry } from '../device/types.ts';
import { createFaultControl } from '../faults.ts';
import type { AppDef } from '../ui/app-def.ts';
import { installVirtualApps } from '../ui/install-apps.ts';
import { testDevice } from '../ui/test-device.test-helper.ts';
import { operatorLogTag } from './emit.ts';
import type { Envelope } from './envelope.ts';
import { installOperator, type OperatorOptions } from './install.ts';

let counter = 0;

export interface Harness {
  device: DeviceApi;
  ui: ReturnType<typeof installVirtualApps>;
  op: ReturnType<typeof installOperator>;
  faults: ReturnType<typeof createFaultControl>;
  disconnects: number;
  run(actions: unknown[], extra?: Record<string, unknown>): Promise<RunOutput>;
  send(payload: string): Promise<LogEntry[]>;
}

export interface RunOutput {
  commandId: string;
  envelope: Envelope;
  lines: string[];
  /** Hierarchy XML per action id, from the frames. */
  hierarchy: Map<string, string>;
}

export function operatorLines(device: DeviceApi, from = 0, tag = 'SvcOperator'): string[] {
  return device.log
    .entries()
    .slice(from)
    .filter((e) => e.tag === tag)
    .map((e) => e.message);
}

/** Reassembles `[svc-Frame] <kind> <id> i/n chunk` lines (duplicates ignored). */
export function reassemble(lines: string[], kind: string, id: string): string | undefined {
  const parts = new Map<number, string>();
  let total = 0;
  for (const line of lines) {
    const m = /^\[svc-Frame\] (\S+) (\S+) (\d+)\/(\d+) (\S*)$/.exec(line);
    if (!m || m[1] !== kind || m[2] !== id) continue;
    total = Number(m[4]);
    parts.set(Number(m[3]), m[5]!);
  }
  if (total === 0 || parts.size !== total) return undefined;
  const chunks = [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => Buffer.from(c, 'base64'));
  return Buffer.concat(chunks).toString('utf8');
}

export function findEnvelope(lines: string[], commandId: string): Envelope | undefined {
  for (const line of lines) {
    if (!line.startsWith('[svc-Result] ')) continue;
    try {
      const e = JSON.parse(line.slice(13)) as Envelope;
      if (e.commandId === commandId) return e;
    } catch {}
  }
  const framed = reassemble(lines, 'result', commandId);
  return framed ? (JSON.parse(framed) as Envelope) : undefined;
}

export function createHarness(
  options: { operator?: OperatorOptions; apps?: AppDef[]; appsDir?: string; props?: Record<string, string> } = {},
): Harness {
  const device = testDevice(options.props);
  const ui = installVirtualApps(device, {
    ...(options.apps ? { apps: options.apps } : {}),
    ...(options.appsDir ? { appsDir: options.appsDir } : {}),
  });
  const op = installOperator(device, options.operator);
  const faults = createFaultControl();
  const h: Harness = {
    device,
    ui,
    op,
    faults,
    disconnects: 0,
    async send(payload) {
      const from = device.log.entries().length;
      device.sendBroadcast({ action: op.action, targetPackage: op.package, extras: { payload }, foreground: true });
      await op.idle();
      return device.log.entries().slice(from);
    },
    async run(actions, extra = {}) {
      const commandId = `cmd-${++counter}`;
      const payload = {
        commandId,
        taskId: 'task',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30000,
        actions,
        ...extra,
      };
      const entries = await h.send(JSON.stringify(payload));
      const tag = operatorLogTag(options.operator?.brand ?? 'svc');
      const lines = entries.filter((e) => e.tag === tag).map((e) => e.message);
      const envelope = findEnvelope(lines, commandId);
      if (!envelope) throw new Error(`no envelope for ${commandId}:\n${lines.join('\n')}`);
      const hierarchy = new Map<string, string>();
      for (const a of actions as { id: string }[]) {
        const xml = reassemble(lines, 'hierarchy', `${commandId}/${a.id}`);
        if (xml) hierarchy.set(a.id, xml);
      }
      return { commandId, envelope, lines, hierarchy };
    },
  };
  op.attach({ faults, disconnect: () => h.disconnects++ });
  return h;
}

/** One-step helper: the result of the first step. */
export async function step(h: Harness, type: string, params?: Record<string, unknown>, id = 'a1') {
  const out = await h.run([{ id, type, ...(params ? { params } : {}) }]);
  const result = out.envelope.stepResults[0];
  if (!result) throw new Error(`no step result: ${JSON.stringify(out.envelope)}`);
  return result;
}

export const ONCE = { maxAttempts: 1 };
