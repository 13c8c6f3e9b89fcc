// Shared bits of the adb driver suites: run an execution with the adb driver on one lab device (a stock phone:
// no operator app), read its steps, and see which shell lines the device ran meanwhile (its command log).
import assert from 'node:assert/strict';
import type { Lab } from 'svc-sim/testing';
import type { RunResult, StepResult } from '../src/contracts/types.ts';
import type { SvcContext } from '../src/core/context.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';

export const NOTES = 'com.svc.notes';

export interface AdbRun {
  result: RunResult;
  steps: StepResult[];
  /** Shell lines the device ran during the execution. */
  commands: string[];
}

/** Contexts per lab: one per suite, as a daemon keeps one (the API level and screen size are read once). */
const contexts = new WeakMap<Lab, SvcContext>();

export async function runAdb(
  lab: Lab,
  index: number,
  actions: unknown[],
  extra: Record<string, unknown> = {},
  driver = 'adb',
): Promise<AdbRun> {
  const sim = lab.devices[index];
  assert.ok(sim, `lab device ${index}`);
  let ctx = contexts.get(lab);
  if (!ctx) {
    ctx = labContext(lab);
    contexts.set(lab, ctx);
  }
  const mark = sim.device.commandLog.length;
  const result = await runExecution(ctx, {
    execution: payload(actions, extra),
    deviceId: sim.serial,
    driver,
    cwd: lab.home,
  });
  const commands = sim.device.commandLog.slice(mark);
  return { result, steps: result.ok ? (result.envelope.stepResults ?? []) : [], commands };
}

/** The step of this id, which must exist. */
export function step(run: AdbRun, id: string): StepResult {
  const found = run.steps.find((s) => s.id === id);
  assert.ok(found, `step ${id} in ${JSON.stringify(run.result)}`);
  return found;
}

/** Shell lines that ran a `uiautomator dump`. */
export const dumpsIn = (commands: string[]) => commands.filter((c) => c.includes('uiautomator dump'));
