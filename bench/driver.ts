// The two drivers side by side, per action: wall time, the device commands svc issued (shell lines, exec-out and
// log follows, counted at svc's adb port), how many were `uiautomator dump`s and `input` calls, and for the adb
// driver the host's own work: wall time minus the time spent waiting on adb calls (the device's time and the round
// trips). Two simulated phones on the `phone` timing profile (a dump ~1.2 s, an `input` ~250 ms, as on a real phone),
// each in its own `svc-sim start` process so that their work never runs on the bench's event loop: one with the
// operator app, one stock phone only the adb driver can drive. Each action runs as its own execution on one warm
// context (as in the daemon), the Notes app in front.
// Goals (issue 17): snapshot_ui and read_text = 1 shell round trip; click by selector with the node present = 1 dump
// + 1 tap; no action more dumps than it needs; host work per action <= 5 ms beyond the device's time.
// Prints JSON, then a table. Usage: npx node bench/driver.ts [--runs N] [--timing phone|instant] [--actions a,b]
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import type { AdbPort } from '../packages/svc/src/adapters/adb/adb-port.ts';
import { choreOf } from '../packages/svc/src/contracts/chores/index.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { runChore } from '../packages/svc/src/toolbox/run-chore.ts';
import { median, QUICK, round } from './lib/measure.ts';
import { runExecution } from './lib/run-execution.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: QUICK ? '1' : '5' },
    // A quick run checks that the bench works, so it skips the phone's timing.
    timing: { type: 'string', default: QUICK ? 'instant' : 'phone' },
    /** A comma-separated subset of the actions below. */
    actions: { type: 'string' },
  },
});
const runs = Number(values.runs);
const timing = values.timing === 'instant' ? 'instant' : 'phone';
const NOTES = 'com.svc.notes';
const SVC_SIM = fileURLToPath(new URL('../packages/sim/bin/svc-sim.js', import.meta.url));

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
  // Issue 28: text beyond ASCII (the adb driver through the Unicode keyboard, installed first), and a device with a
  // second display (svc-sim's second_display: the screenshot and the app in front of the focused display).
  enter_text_unicode: {
    type: 'enter_text',
    params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'café 北京 🎉' },
  },
  screenshot_two_displays: { type: 'take_screenshot', params: { path: '/dev/null' } },
  // The app is in front already, which alone does not count (a change of app does: TaskScopeDefault.kt:374-455 @
  // clawperator v0.5.2): the first look reads the app in front of the focused display, then finds the element.
  foreground_two_displays: {
    type: 'wait_for_navigation',
    params: { expectedPackage: NOTES, expectedNode: { textEquals: 'Save' }, timeoutMs: 5000 },
  },
};
/** Actions measured with a simulator fault on (both phones), switched on before and off after. */
const FAULTS: Record<string, string> = {
  screenshot_two_displays: 'second_display',
  foreground_two_displays: 'second_display',
};

/** An AdbPort that records the device commands it carries and adds up the time they keep the host waiting. */
function recordingAdb(inner: AdbPort) {
  let waited = 0;
  const commands: string[] = [];
  const timed =
    <R>(kind: string, call: (serial: string, command: string) => Promise<R>) =>
    async (serial: string, command: string): Promise<R> => {
      commands.push(`${kind}${command}`);
      const start = performance.now();
      try {
        return await call(serial, command);
      } finally {
        waited += performance.now() - start;
      }
    };
  const adb: AdbPort = {
    listDevices: async () => {
      const start = performance.now();
      try {
        return await inner.listDevices();
      } finally {
        waited += performance.now() - start;
      }
    },
    shell: timed('', inner.shell.bind(inner)),
    execOut: timed('exec-out ', inner.execOut.bind(inner)),
    // A log follow stays open while the operator works: counted as a command, its time is the operator's.
    streamBytes: async (serial, command) => {
      commands.push(`follow ${command}`);
      return inner.streamBytes(serial, command);
    },
    push: (serial, remotePath, data, onProgress) => inner.push(serial, remotePath, data, onProgress),
    pull: (serial, remotePath) => inner.pull(serial, remotePath),
    close: () => inner.close(),
  };
  return { adb, waitedMs: () => waited, commands };
}

/** Starts `svc-sim start` in its own process on the lab's adb server; resolves its device serial. */
async function startPhone(adbPort: number, env: NodeJS.ProcessEnv, extra: string[]) {
  const child = spawn(
    process.execPath,
    [SVC_SIM, 'start', '--timing', timing, '--adb-port', String(adbPort), ...extra],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const serial = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const connected = /connected to (\S+)/.exec(out);
      if (connected && out.includes('control:')) resolve(connected[1] as string);
    });
    child.once('exit', () => reject(new Error(`svc-sim start ended early: ${out}`)));
  });
  return { child, serial };
}

/** `svc-sim <args>` against the phones this bench started (their control server). */
function simControl(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [SVC_SIM, ...args], { env }, (error) => (error ? reject(error) : resolve()));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
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

const lab = await createLab();
const env = { ...process.env, ...lab.env, SVC_SIM_HOME: lab.home };
const phones: ChildProcess[] = [];
try {
  const withOperator = await startPhone(lab.adbPort, env, []);
  phones.push(withOperator.child);
  const stock = await startPhone(lab.adbPort, env, ['--no-operator']);
  phones.push(stock.child);
  await lab.waitForState(withOperator.serial, 'device');
  await lab.waitForState(stock.serial, 'device');
  const base = createContext({ env, cwd: lab.home });
  const recorder = recordingAdb(base.adb);
  const ctx = createContext({ env, cwd: lab.home, adb: recorder.adb });
  const results: Record<string, Record<string, Sample>> = {};
  const run = async (serial: string, driver: string, actions: unknown[]) => {
    const result = await runExecution(ctx, { execution: payload(actions), deviceId: serial, driver });
    if (!result.ok || !result.succeeded) throw new Error(`${driver}: ${JSON.stringify(result)}`);
  };
  const measureOn = async (serial: string, driver: string, action: unknown): Promise<Sample> => {
    await run(serial, driver, [
      { type: 'close_app', params: { applicationId: NOTES } },
      { type: 'open_app', params: { applicationId: NOTES } },
    ]);
    await run(serial, driver, [action]); // warm-up
    const walls: number[] = [];
    const hosts: number[] = [];
    let lines: string[] = [];
    for (let i = 0; i < runs; i++) {
      const mark = recorder.commands.length;
      const waitedBefore = recorder.waitedMs();
      const start = performance.now();
      await run(serial, driver, [action]);
      const wall = performance.now() - start;
      walls.push(wall);
      hosts.push(wall - (recorder.waitedMs() - waitedBefore));
      lines = recorder.commands.slice(mark);
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
  const chosen = values.actions?.split(',') ?? Object.keys(ACTIONS);
  if (chosen.includes('enter_text_unicode')) {
    const installed = await runChore(ctx, choreOf('keyboard-install') as NonNullable<ReturnType<typeof choreOf>>, {
      params: {},
      target: { deviceId: stock.serial },
    });
    if (!installed.ok) throw new Error('keyboard-install failed');
  }
  const fault = (serial: string, name: string, on: boolean) =>
    simControl(env, ['fault', serial, ...(on ? [name] : ['--clear', name])]);
  for (const [name, action] of Object.entries(ACTIONS).filter(([n]) => chosen.includes(n))) {
    const faultName = FAULTS[name];
    if (faultName) for (const s of [withOperator.serial, stock.serial]) await fault(s, faultName, true);
    try {
      results[name] = {
        operator: await measureOn(withOperator.serial, 'operator', action),
        adb: await measureOn(stock.serial, 'adb', action),
      };
    } finally {
      if (faultName) for (const s of [withOperator.serial, stock.serial]) await fault(s, faultName, false);
    }
  }
  const adbOf = (name: string) => results[name]?.adb as Sample | undefined;
  const result = {
    bench: 'driver',
    node: process.version,
    timing,
    runs,
    actions: results,
    goals: {
      snapshotIsOneRoundTrip: adbOf('snapshot_ui')?.commands === 1,
      readIsOneRoundTrip: adbOf('read_text')?.commands === 1,
      clickBySelectorIsOneDumpOneTap:
        adbOf('click_by_selector')?.dumps === 1 && adbOf('click_by_selector')?.inputs === 1,
      maxDumpsPerAction: Math.max(...Object.keys(results).map((n) => adbOf(n)?.dumps ?? 0)),
      maxHostMsPerAction: round(Math.max(...Object.keys(results).map((n) => adbOf(n)?.hostMs ?? 0))),
      hostWorkWithin5Ms: Object.keys(results).every((n) => (adbOf(n)?.hostMs ?? 0) <= 5),
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  const head = ['action'.padEnd(24), 'operator ms', 'cmds', 'adb ms', 'cmds', 'dumps', 'inputs', 'host ms'];
  const widths = [24, 12, 6, 10, 6, 7, 8, 9];
  process.stdout.write(`${head.map((h, i) => (i === 0 ? h : h.padStart(widths[i] as number))).join('')}\n`);
  for (const [name, sample] of Object.entries(results)) {
    const o = sample.operator as Sample;
    const a = sample.adb as Sample;
    const cells = [
      o.medianMs.toFixed(1),
      o.commands,
      a.medianMs.toFixed(1),
      a.commands,
      a.dumps,
      a.inputs,
      (a.hostMs ?? 0).toFixed(2),
    ];
    process.stdout.write(
      `${name.padEnd(24)}${cells.map((c, i) => String(c).padStart(widths[i + 1] as number)).join('')}\n`,
    );
  }
  await ctx.close();
  await base.close();
} finally {
  await Promise.all(phones.map(stop));
  await lab.close();
}
