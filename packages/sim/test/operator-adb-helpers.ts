// Drives the operator exactly as the host does, through the real adb binary: `adb shell am broadcast ...` with the
// payload single-quoted for the device's sh, then `adb logcat -d -s SvcOperator` until the envelope shows.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Envelope } from '../src/operator/envelope.ts';
import { findEnvelope, reassemble } from '../src/operator/harness.test-helper.ts';
import type { SimDevice } from '../src/sim-device.ts';
import type { Lab } from '../src/testing/lab.ts';
import { VirtualUi } from '../src/ui/virtual-ui.ts';
import { shQuote } from './helpers.ts';

export { ONCE } from '../src/operator/harness.test-helper.ts';

let counter = 0;

export function uiOf(sim: SimDevice): VirtualUi {
  if (!(sim.device.ui instanceof VirtualUi)) throw new Error('device has no virtual UI');
  return sim.device.ui;
}

/** Messages of tag SvcOperator, as `adb logcat -d -s SvcOperator` prints them. */
export async function operatorLog(lab: Lab, sim: SimDevice): Promise<string[]> {
  const out = await lab.adb('-s', sim.serial, 'logcat', '-d', '-s', 'SvcOperator');
  return out.stdout
    .split('\n')
    .map((l) => /\bI SvcOperator\s*: (.*)$/.exec(l.replace(/\r$/, ''))?.[1])
    .filter((m): m is string => m !== undefined);
}

export async function broadcast(lab: Lab, sim: SimDevice, payload: string, pkg = 'com.svc.operator') {
  const command = `am broadcast -a app.svc.operator.ACTION_AGENT_COMMAND -p ${pkg} --es payload ${shQuote(payload)} --receiver-foreground`;
  return lab.adb('-s', sim.serial, 'shell', command);
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
  opts: { timeoutMs?: number; waitMs?: number; operatorPackage?: string } = {},
) {
  const commandId = `adb-${process.pid}-${++counter}`;
  const payload = JSON.stringify({
    commandId,
    taskId: 'task-adb',
    source: 'operator-adb.test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: opts.timeoutMs ?? 30000,
    actions,
  });
  const sent = await broadcast(lab, sim, payload, opts.operatorPackage);
  if (!sent.stdout.includes('Broadcast completed: result=0'))
    throw new Error(`broadcast failed: ${sent.stdout}${sent.stderr}`);
  const deadline = Date.now() + (opts.waitMs ?? 20000);
  for (;;) {
    const lines = await operatorLog(lab, sim);
    const envelope = findEnvelope(lines, commandId);
    if (envelope || Date.now() > deadline) {
      return {
        commandId,
        envelope,
        lines,
        hierarchy: (id: string) => reassemble(lines, 'hierarchy', `${commandId}/${id}`),
      };
    }
    await sleep(50);
  }
}

export async function run(
  lab: Lab,
  sim: SimDevice,
  actions: unknown[],
  opts: { timeoutMs?: number; operatorPackage?: string } = {},
): Promise<Run> {
  const r = await execute(lab, sim, actions, opts);
  if (!r.envelope) throw new Error(`no envelope for ${r.commandId}:\n${r.lines.slice(-20).join('\n')}`);
  return r as Run;
}

/** `error` code of each step, or `ok`. */
export function outcomes(e: Envelope): string[] {
  return e.stepResults.map((s) => (s.success ? 'ok' : (s.data.error ?? 'failed')));
}
