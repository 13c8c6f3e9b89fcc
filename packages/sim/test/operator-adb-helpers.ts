// Drives the operator exactly as a host does, through the real adb binary: `adb shell am broadcast ... -p <pkg>` with
// the payload single-quoted for the device's sh, then `adb logcat -d -v raw` (no tag filter: the app's tags are
// class names) until the result line of the command shows: `[<brand>-Result] <json>`, put back together when the
// logger cut it (Clawperator) or from `[<brand>-Result-Chunk]` lines (svc). The UI hierarchy of a snapshot step is
// the `[TaskScope] UI Hierarchy:` block after that step's `step_start` line.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from '../src/sim-device.ts';
import type { Lab } from '../src/testing/lab.ts';
import { VirtualUi } from '../src/ui/virtual-ui.ts';
import { shQuote } from './helpers.ts';

export const ONCE = { maxAttempts: 1 };

let counter = 0;

export interface Envelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: { id: string; actionType: string; success: boolean; data: Record<string, string> }[];
  error: string | null;
  errorCode?: string;
}

export function uiOf(sim: SimDevice): VirtualUi {
  if (!(sim.device.ui instanceof VirtualUi)) throw new Error('device has no virtual UI');
  return sim.device.ui;
}

/** Every log message line, as `adb logcat -d -v raw` prints them. */
export async function operatorLog(lab: Lab, sim: SimDevice): Promise<string[]> {
  const out = await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'raw');
  return out.stdout.split('\n').map((l) => l.replace(/\r$/, ''));
}

export async function broadcast(lab: Lab, sim: SimDevice, payload: string, pkg = 'com.svc.operator', brand = 'svc') {
  const command = `am broadcast -a app.${brand}.operator.ACTION_AGENT_COMMAND -p ${pkg} --es payload ${shQuote(payload)} --receiver-foreground`;
  return lab.adb('-s', sim.serial, 'shell', command);
}

/** The result envelope of `commandId` in the log lines, or undefined. */
export function findEnvelope(lines: string[], commandId: string, display = 'svc'): Envelope | undefined {
  const marker = `[${display}-Result] `;
  const at = lines.findIndex((l) => l.startsWith(`${marker}{"commandId":${JSON.stringify(commandId)}`));
  if (at >= 0) {
    let text = lines[at]!.slice(marker.length);
    for (let next = at + 1; next <= lines.length; next++) {
      try {
        return JSON.parse(text) as Envelope;
      } catch {
        text += lines[next] ?? '';
      }
    }
  }
  const chunkMarker = `[${display}-Result-Chunk] `;
  const chunks = lines
    .filter((l) => l.startsWith(chunkMarker))
    .map(
      (l) =>
        JSON.parse(l.slice(chunkMarker.length)) as { commandId: string; index: number; count: number; data: string },
    )
    .filter((c) => c.commandId === commandId);
  const parts = new Map(chunks.map((c) => [c.index, c.data]));
  if (chunks.length === 0 || parts.size !== chunks[0]!.count) return undefined;
  const bytes = Buffer.concat(
    [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => Buffer.from(d, 'base64')),
  );
  return JSON.parse(bytes.toString('utf8').slice(marker.length)) as Envelope;
}

/** The hierarchy XML the app logged for one snapshot step of the command, or undefined (incomplete or none). */
export function hierarchyOf(lines: string[], commandId: string, actionId: string, display = 'svc'): string | undefined {
  const start = lines.findIndex((l) => l.startsWith(`[${display}-Command] start commandId=${commandId} `));
  const step = lines.findIndex((l, i) => i > start && l.startsWith(`[UiActionEngine] step_start id=${actionId} `));
  if (start < 0 || step < 0) return undefined;
  const marker = lines.findIndex((l, i) => i > step && l === '[TaskScope] UI Hierarchy:');
  const end = lines.findIndex((l, i) => i > marker && l === '</hierarchy>');
  const nextStep = lines.findIndex((l, i) => i > step && l.startsWith('[UiActionEngine] step_start '));
  if (marker < 0 || end < 0 || (nextStep >= 0 && end > nextStep)) return undefined;
  return `${lines.slice(marker + 1, end + 1).join('\n')}\n`;
}

export interface Run {
  commandId: string;
  envelope: Envelope;
  lines: string[];
  hierarchy(actionId: string): string | undefined;
}

/** Sends one execution and polls the log until its envelope arrives (or `waitMs` passes: envelope undefined). */
export async function execute(
  lab: Lab,
  sim: SimDevice,
  actions: unknown[],
  opts: { timeoutMs?: number; waitMs?: number; operatorPackage?: string; brand?: string } = {},
) {
  const commandId = `adb-${process.pid}-${++counter}`;
  const brand = opts.brand ?? 'svc';
  const payload = JSON.stringify({
    commandId,
    taskId: 'task-adb',
    source: 'operator-adb.test',
    timeoutMs: opts.timeoutMs ?? 30000,
    actions,
  });
  const sent = await broadcast(lab, sim, payload, opts.operatorPackage ?? `com.${brand}.operator`, brand);
  if (!sent.stdout.includes('Broadcast completed: result=0'))
    throw new Error(`broadcast failed: ${sent.stdout}${sent.stderr}`);
  const deadline = Date.now() + (opts.waitMs ?? 20000);
  for (;;) {
    const lines = await operatorLog(lab, sim);
    const envelope = findEnvelope(lines, commandId, brand);
    if (envelope || Date.now() > deadline) {
      return { commandId, envelope, lines, hierarchy: (id: string) => hierarchyOf(lines, commandId, id, brand) };
    }
    await sleep(50);
  }
}

export async function run(
  lab: Lab,
  sim: SimDevice,
  actions: unknown[],
  opts: { timeoutMs?: number; operatorPackage?: string; brand?: string } = {},
): Promise<Run> {
  const r = await execute(lab, sim, actions, opts);
  if (!r.envelope) throw new Error(`no envelope for ${r.commandId}:\n${r.lines.slice(-20).join('\n')}`);
  return r as Run;
}

/** `error` code of each step, or `ok`. */
export function outcomes(e: Envelope): string[] {
  return e.stepResults.map((s) => (s.success ? 'ok' : (s.data?.error ?? 'failed')));
}
