// The two drivers side by side, per action: wall time, the shell command lines the device ran (its command log),
// how many of them were `uiautomator dump`s and `input` calls, and for the adb driver the host's own work (wall
// time minus the time spent waiting on adb calls, which is the device's time and the round trips). Two simulated
// phones on the `phone` timing profile (a dump ~1.2 s, an `input` ~250 ms, as on a real phone): one with the
// operator app, one stock phone that only the adb driver can drive. Each action runs as its own execution on a warm
// context (as in the daemon), the Notes app in front.
// Goals (issue 17): snapshot_ui and read_text = 1 shell round trip; click by selector with the node present = 1 dump
// + 1 tap; no action more dumps than it needs; host work per action <= 5 ms beyond the device's time.
// Prints JSON, then a table. Usage: npx node bench/driver.ts [--runs N] [--timing phone|instant]
import { parseArgs } from 'node:util';
import type { SimDevice } from '../packages/sim/src/sim-device.ts';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import type { AdbPort } from '../packages/svc/src/adapters/adb/adb-port.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { median, round } from './lib/measure.ts';
import { runExecution } from './lib/run-execution.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, timing: { type: 'string', default: 'phone' } },
});
const runs = Number(values.runs);
const timing = values.timing === 'instant' ? 'instant' : 'phone';
const NOTES = 'com.svc.notes';

/** The actions measured, each a one-action execution (state-neutral: it can run again and again). */
const ACTIONS: Record<string, unknown> = {
  snapshot_ui: { type: 'snapshot_ui' },
  read_text: { type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/last_note` } } },
  click_by_selector: { type: 'click', params: { matcher: { textContains: 'Pinned note' } } },
  click_coordinate: { type: 'click', params: { coordinate: { x: 540, y: 870 } } },
  wait_for_node_present: { type: 'wait_for_node', params: { matcher: { textEquals: 'Save' }, timeoutMs: 5000 } },
  enter_text: { type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'milk' } },
  read_key_value_pair: { type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Archived notes' } } },
  open_app_in_front: { type: 'open_app', params: { applicationId: NOTES } },
  take_screenshot: { type: 'take_screenshot', params: { path: '/dev/null' } },
};

/** An AdbPort that adds up the time its calls keep the host waiting (device time plus round trips). */
function timedAdb(inner: AdbPort): { adb: AdbPort; waitedMs: () => number } {
  let waited = 0;
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const start = performance.now();
      try {
        return await call(...args);
      } finally {
        waited += performance.now() - start;
      }
    };
  const adb: AdbPort = {
    ...inner,
    listDevices: timed(inner.listDevices.bind(inner)),
    shell: timed(inner.shell.bind(inner)),
    execOut: timed(inner.execOut.bind(inner)),
    streamLines: inner.streamLines.bind(inner),
    close: inner.close.bind(inner),
  };
  return { adb, waitedMs: () => waited };
}

let counter = 0;
const payload = (actions: unknown[]) => ({
  commandId: `bench-driver-${process.pid}-${++counter}`,
  taskId: 'bench',
  source: 'bench',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 60_000,
  actions: actions.map((a, i) => ({ id: `a${i}`, ...(a as object) })),
});

interface Sample {
  medianMs: number;
  commands: number;
  dumps: number;
  inputs: number;
  hostMs?: number;
}

const lab = await createLab({ devices: [{ timing }, { timing, operator: false }] });
try {
  const env = { ...process.env, ...lab.env };
  const base = createContext({ env, cwd: lab.home });
  const { adb, waitedMs } = timedAdb(base.adb);
  const ctx = createContext({ env, cwd: lab.home, adb });
  const results: Record<string, Record<string, Sample>> = {};
  const measureOn = async (sim: SimDevice, driver: string, action: unknown): Promise<Sample> => {
    const open = [
      { type: 'close_app', params: { applicationId: NOTES } },
      { type: 'open_app', params: { applicationId: NOTES } },
    ];
    const setup = await runExecution(ctx, { execution: payload(open), deviceId: sim.serial, driver });
    if (!setup.ok) throw new Error(`setup failed: ${JSON.stringify(setup)}`);
    await runExecution(ctx, { execution: payload([action]), deviceId: sim.serial, driver }); // warm-up
    const walls: number[] = [];
    const hosts: number[] = [];
    let lines: string[] = [];
    for (let i = 0; i < runs; i++) {
      const mark = sim.device.commandLog.length;
      const waitedBefore = waitedMs();
      const start = performance.now();
      const result = await runExecution(ctx, { execution: payload([action]), deviceId: sim.serial, driver });
      const wall = performance.now() - start;
      if (!result.ok || !result.succeeded) throw new Error(`${driver}: ${JSON.stringify(result)}`);
      walls.push(wall);
      hosts.push(wall - (waitedMs() - waitedBefore));
      lines = sim.device.commandLog.slice(mark);
    }
    const sample: Sample = {
      medianMs: median(walls),
      commands: lines.length,
      dumps: lines.filter((l) => l.includes('uiautomator dump')).length,
      inputs: lines.reduce((n, l) => n + (l.match(/\binput (tap|swipe|text|keyevent)\b/g) ?? []).length, 0),
    };
    if (driver === 'adb') sample.hostMs = median(hosts);
    return sample;
  };
  for (const [name, action] of Object.entries(ACTIONS)) {
    results[name] = {
      operator: await measureOn(lab.devices[0] as SimDevice, 'operator', action),
      adb: await measureOn(lab.devices[1] as SimDevice, 'adb', action),
    };
  }
  const adbOf = (name: string) => results[name]?.adb as Sample;
  const result = {
    bench: 'driver',
    node: process.version,
    timing,
    runs,
    actions: results,
    goals: {
      snapshotIsOneRoundTrip: adbOf('snapshot_ui').commands === 1,
      readIsOneRoundTrip: adbOf('read_text').commands === 1,
      clickBySelectorIsOneDumpOneTap: adbOf('click_by_selector').dumps === 1 && adbOf('click_by_selector').inputs === 1,
      maxHostMsPerAction: round(Math.max(...Object.keys(results).map((n) => adbOf(n).hostMs ?? 0))),
      hostWorkWithin5Ms: Object.keys(results).every((n) => (adbOf(n).hostMs ?? 0) <= 5),
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  process.stdout.write(
    `${'action'.padEnd(24)}${'operator ms'.padStart(12)}${'cmds'.padStart(6)}${'adb ms'.padStart(10)}${'cmds'.padStart(6)}${'dumps'.padStart(7)}${'inputs'.padStart(8)}${'host ms'.padStart(9)}\n`,
  );
  for (const [name, { operator, adb: a }] of Object.entries(results) as [string, Record<string, Sample>][]) {
    process.stdout.write(
      `${name.padEnd(24)}${operator!.medianMs.toFixed(1).padStart(12)}${String(operator!.commands).padStart(6)}` +
        `${a!.medianMs.toFixed(1).padStart(10)}${String(a!.commands).padStart(6)}${String(a!.dumps).padStart(7)}` +
        `${String(a!.inputs).padStart(8)}${(a!.hostMs ?? 0).toFixed(2).padStart(9)}\n`,
    );
  }
  await ctx.close();
  await base.close();
} finally {
  await lab.close();
}
