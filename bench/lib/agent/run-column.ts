// One column of bench/agent-tasks.ts: one MCP server driving its own simulated phone (its own adb server, so the
// servers never see each other's device), a session of the tasks, repeated for the wall times.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TimingProfile } from '../../../packages/sim/src/device/timing.ts';
import { createLab } from '../../../packages/sim/src/testing/lab.ts';
import { BIN, median, round, spawnNode } from '../measure.ts';
import { type Hand, mobileMcpHand, svcHand } from './hands.ts';
import { connectMetered, type Meter, type MeteredClient } from './metered-client.ts';
import { Agent, TASKS } from './tasks.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MOBILE_MCP = join(ROOT, 'node_modules', '@mobilenext', 'mobile-mcp', 'lib', 'index.js');

export interface ColumnSpec {
  name: string;
  server: 'svc' | 'mobile-mcp';
  /** The simulated phone has svc's operator app (else a stock phone: svc uses its adb driver). */
  operator: boolean;
}

export interface Cost {
  calls: number;
  bytes: number;
  wallMs: number;
}

export interface TaskOutcome extends Cost {
  ok: boolean;
  answer: string;
  /** The tools called, in order (from the first run). */
  tools: string[];
  error?: string;
}

export interface ColumnResult {
  name: string;
  toolDefinitions: { bytes: number; count: number };
  setup: Cost;
  tasks: Record<string, TaskOutcome>;
  /** Setup and every task once, with the tool list's bytes added to `bytes`. */
  session: Cost & { returnedBytes: number };
}

const cost = (meter: Meter, wallMs: number): Cost => ({
  calls: meter.calls.length,
  bytes: meter.calls.reduce((sum, call) => sum + call.bytes, 0),
  wallMs: round(wallMs),
});

async function connect(
  spec: ColumnSpec,
  env: Record<string, string>,
  launcherApps: () => Promise<string[]>,
): Promise<{ client: MeteredClient; hand: Hand }> {
  if (spec.server === 'svc') {
    const client = await connectMetered({ name: spec.name, command: process.execPath, args: [BIN, 'mcp'], env });
    return { client, hand: svcHand(client) };
  }
  const client = await connectMetered({
    name: spec.name,
    command: process.execPath,
    args: [MOBILE_MCP],
    // No telemetry from a bench (mobile-mcp posts usage events unless told not to).
    env: { ...env, MOBILEMCP_DISABLE_TELEMETRY: '1' },
  });
  return { client, hand: mobileMcpHand(client, launcherApps) };
}

export async function runColumn(spec: ColumnSpec, runs: number, timing: TimingProfile): Promise<ColumnResult> {
  // Real pages (a headless Chromium behind Chrome) for the web sign-in task.
  const lab = await createLab({ devices: [{ timing, webPages: true, ...(spec.operator ? {} : { operator: false }) }] });
  const serial = lab.devices[0]?.serial as string;
  const env = { ...(process.env as Record<string, string>), ...lab.env };
  delete env.SVC_NO_DAEMON;
  // The packages with a launcher activity, as mobile-mcp's listApps reads them (lib/android.js).
  const launcherApps = async () => {
    const out = await lab.adb(
      '-s',
      serial,
      'shell',
      'cmd',
      'package',
      'query-activities',
      '-a',
      'android.intent.action.MAIN',
      '-c',
      'android.intent.category.LAUNCHER',
    );
    const names = out.stdout.split('\n').flatMap((line) => /^\s*packageName=(\S+)/.exec(line)?.[1] ?? []);
    return [...new Set(names)];
  };
  const { client, hand } = await connect(spec, env, launcherApps).catch(async (error) => {
    await lab.close();
    throw error;
  });
  try {
    client.meter = { calls: [] };
    let started = performance.now();
    await hand.setup();
    const setup = cost(client.meter, performance.now() - started);
    const tasks: Record<string, TaskOutcome> = {};
    const walls: Record<string, number[]> = {};
    for (let run = 0; run < runs; run++) {
      for (const task of TASKS) {
        if (spec.operator && task.notWithOperator !== undefined) continue;
        for (const app of task.apps) await lab.adb('-s', serial, 'shell', 'am', 'force-stop', app);
        client.meter = { calls: [] };
        started = performance.now();
        let answer = '';
        let error: string | undefined;
        try {
          answer = await task.run(new Agent(hand));
        } catch (failure) {
          error = (failure as Error).message;
        }
        const wallMs = performance.now() - started;
        walls[task.name] = [...(walls[task.name] ?? []), wallMs];
        if (run > 0) continue;
        const ok = error === undefined && answer === task.expected;
        tasks[task.name] = {
          ...cost(client.meter, wallMs),
          ok,
          answer,
          tools: client.meter.calls.map((call) => call.tool),
          ...(ok
            ? {}
            : { error: error ?? `answered ${JSON.stringify(answer)}, expected ${JSON.stringify(task.expected)}` }),
        };
      }
    }
    for (const [name, samples] of Object.entries(walls)) (tasks[name] as TaskOutcome).wallMs = median(samples);
    const all = [setup, ...Object.values(tasks)];
    const returnedBytes = all.reduce((sum, part) => sum + part.bytes, 0);
    return {
      name: spec.name,
      toolDefinitions: client.toolDefinitions,
      setup,
      tasks,
      session: {
        calls: all.reduce((sum, part) => sum + part.calls, 0),
        returnedBytes,
        bytes: returnedBytes + client.toolDefinitions.bytes,
        wallMs: round(all.reduce((sum, part) => sum + part.wallMs, 0)),
      },
    };
  } finally {
    await client.close().catch(() => {});
    // svc's MCP server started a daemon for the lab's device: stop it with the lab.
    if (spec.server === 'svc') await spawnNode([BIN, 'daemon', 'stop', '--all'], env).catch(() => '');
    // mobile-mcp's mobilecli started a daemon of its own (in the lab's home), which outlives the server: stop it.
    else await stopMobilecliDaemon(env);
    await lab.close();
  }
}

async function stopMobilecliDaemon(env: Record<string, string>): Promise<void> {
  const { Mobilecli } = createRequire(MOBILE_MCP)('./mobilecli.js') as { Mobilecli: { getMobilecliPath(): string } };
  await promisify(execFile)(Mobilecli.getMobilecliPath(), ['daemon', 'stop'], { env, timeout: 10_000 }).catch(() => {});
}
