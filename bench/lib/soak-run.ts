// One soak run (bench/soak.ts; packages/svc/test/heal-soak.test.ts runs a small one): four clients send executions
// to one simulated phone, two through `svc serve`'s HTTP app and two through a real `svc daemon run` process, while a
// script restarts the adb server, unplugs the phone and takes it offline on a schedule. Every execution is judged by
// what the phone itself did (the operator's result lines in its log, counted per commandId):
// - ok: the answer is this execution's own success envelope;
// - wrong: an answer that is a success but not this execution's (another commandId, another shape);
// - lost: an error answer although the operator ran it and wrote its result (or no answer at all);
// - refused: an error answer for an execution that never ran (the caller knows nothing happened: not lost);
// - duplicated: the operator ran it more than once;
// - hung: the answer took longer than 60 s.
// Recovery: from the end of the last fault (the phone listed as `device` again) to the moment from which every
// execution of every client succeeded; undefined when that moment never came.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createLab, type Lab } from '../../packages/sim/src/testing/lab.ts';
import { createServerAuth } from '../../packages/svc/src/adapters/http/auth.ts';
import { createContext } from '../../packages/svc/src/core/context.ts';
import { liveStatus } from '../../packages/svc/src/daemons/lifecycle.ts';
import { daemonPaths } from '../../packages/svc/src/daemons/paths.ts';
import { DaemonClient } from '../../packages/svc/src/daemons/socket-client.ts';
import { createServerApp } from '../../packages/svc/src/server/app.ts';
import { listenTcp } from '../../packages/svc/src/server/listen.ts';
import { applyFault, type FaultKind, faultAt } from './soak-faults.ts';

export interface SoakOptions {
  /** The faults, applied in turn (one kind: that fault only). */
  faults: readonly FaultKind[];
  faultCount: number;
  /** The pause between two faults, drawn in [min, max]. */
  gapMs: [number, number];
  downMs: number;
  /** Executions each client sends at least. */
  executionsPerClient: number;
  /** How long clients go on after the last fault (recovery is measured in it). */
  tailMs: number;
}

export interface SoakCounts {
  sent: number;
  ok: number;
  refused: number;
  lost: number;
  duplicated: number;
  hung: number;
  wrong: number;
}

export interface SoakReport extends SoakCounts {
  faults: string;
  faultsApplied: number;
  /** Lost among executions sent after the last fault ended. */
  lostAfterLastFault: number;
  recoveryMs: number | undefined;
  /** From the end of the last fault to the first success answered after it, on the slower of the two paths. */
  firstOkAfterMs: number | undefined;
  byPath: Record<'http' | 'daemon', SoakCounts>;
  /** Error codes of the answers that were not ok, with their counts. */
  codes: Record<string, number>;
  /** The first message seen for each of those codes. */
  firstMessages: Record<string, string>;
  durationMs: number;
}

interface Outcome {
  path: 'http' | 'daemon';
  commandId: string;
  sentAt: number;
  elapsedMs: number;
  kind: 'ok' | 'wrong' | 'error';
  code?: string;
  message?: string;
}

const HUNG_MS = 60_000;
const MAIN = fileURLToPath(new URL('../../packages/svc/src/main.ts', import.meta.url));

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const lab = await createLab({ devices: [{}] });
  const sim = lab.devices[0];
  if (sim === undefined) throw new Error('no device');
  const ranOnDevice = new Map<string, number>();
  const stopCounting = sim.device.log.subscribe((entry) => {
    const id = /^\[svc-Result\] .*?"commandId":"(soak-[^"]+)"/.exec(entry.message)?.[1];
    if (id !== undefined) ranOnDevice.set(id, (ranOnDevice.get(id) ?? 0) + 1);
  });
  const started = performance.now();
  const server = await startHttp(lab);
  const daemon = await startDaemon(lab, sim.serial);
  const outcomes: Outcome[] = [];
  let faultsDone = false;
  let lastFaultEnd: number | undefined;
  let faultsApplied = 0;
  try {
    const faulting = (async () => {
      for (let i = 0; i < options.faultCount; i++) {
        const [min, max] = options.gapMs;
        await sleep(min + Math.random() * (max - min));
        await applyFault(lab, faultAt(options.faults, i), { downMs: options.downMs });
        faultsApplied++;
        lastFaultEnd = performance.now();
      }
      faultsDone = true;
    })();
    const keepGoing = (sent: number) =>
      sent < options.executionsPerClient ||
      !faultsDone ||
      performance.now() - (lastFaultEnd ?? started) < options.tailMs;
    const client = async (path: 'http' | 'daemon', index: number) => {
      for (let n = 0; keepGoing(n); n++) {
        const commandId = `soak-${path}${index}-${n}`;
        const send = path === 'http' ? server.post : daemon.post;
        outcomes.push(await judged(path, commandId, () => send(execution(commandId), sim.serial)));
      }
    };
    await Promise.all([client('http', 0), client('http', 1), client('daemon', 0), client('daemon', 1), faulting]);
    // Late result lines of the last executions reach the device log counter.
    await sleep(500);
  } finally {
    stopCounting();
    await daemon.stop();
    await server.close();
    await lab.close();
  }
  return report(options, outcomes, ranOnDevice, lastFaultEnd, faultsApplied, performance.now() - started);
}

function execution(commandId: string) {
  return {
    commandId,
    taskId: commandId,
    source: 'soak',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10_000,
    actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 50 } }],
  };
}

type Answer = {
  ok?: boolean;
  envelope?: { commandId?: string; status?: string };
  error?: { code?: string; message?: string };
};

async function judged(path: Outcome['path'], commandId: string, send: () => Promise<Answer>): Promise<Outcome> {
  const sentAt = performance.now();
  const answer: Answer = await send().catch((error: Error) => ({
    ok: false,
    error: { code: `CLIENT:${error.message}` },
  }));
  const elapsedMs = performance.now() - sentAt;
  const base = { path, commandId, sentAt, elapsedMs };
  if (answer.ok === true) {
    const own = answer.envelope?.commandId === commandId && answer.envelope?.status === 'success';
    return { ...base, kind: own ? 'ok' : 'wrong' };
  }
  return { ...base, kind: 'error', code: answer.error?.code ?? 'NO_CODE', message: answer.error?.message ?? '' };
}

/** `svc serve`'s app on this process's context, as serve builds it (long-lived: one warm follow per device). */
async function startHttp(lab: Lab) {
  const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home, longLived: true });
  const token = randomBytes(32).toString('base64url');
  const app = createServerApp(ctx, { auth: createServerAuth(token), loopbackHostOnly: true });
  const running = await listenTcp(app, { host: '127.0.0.1', port: 0 });
  return {
    async post(execution: unknown, deviceId: string): Promise<Answer> {
      const response = await fetch(`${running.url}/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ execution, deviceId, waitDeviceMs: 60_000 }),
        signal: AbortSignal.timeout(180_000),
      });
      return (await response.json()) as Answer;
    },
    async close() {
      await running.close();
      await ctx.close();
    },
  };
}

/** A real `svc daemon run` for the lab's phone, in its own process. */
async function startDaemon(lab: Lab, serial: string) {
  const env = { ...cleanEnv(), ...lab.env };
  const paths = daemonPaths(lab.home, serial, env);
  const child: ChildProcess = spawn(
    process.execPath,
    [MAIN, 'daemon', 'run', `--daemon-key=${paths.key}`, '--device', serial],
    { env, stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while ((await liveStatus(paths))?.pid !== child.pid) {
    if (Date.now() > deadline) throw new Error('the daemon did not start');
    await sleep(50);
  }
  const client = new DaemonClient(paths.socket);
  return {
    async post(execution: unknown, deviceId: string): Promise<Answer> {
      const body = { execution, deviceId, waitDeviceMs: 60_000 };
      return (await client.post('/execute', body, {}, 180_000)).json as Answer;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    },
  };
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (/^(ADB_|ANDROID_|SVC_)/.test(key)) delete env[key];
  return env;
}

function counts(outcomes: readonly Outcome[], ran: ReadonlyMap<string, number>): SoakCounts {
  const out: SoakCounts = { sent: 0, ok: 0, refused: 0, lost: 0, duplicated: 0, hung: 0, wrong: 0 };
  for (const o of outcomes) {
    out.sent++;
    const times = ran.get(o.commandId) ?? 0;
    if (times > 1) out.duplicated++;
    if (o.elapsedMs > HUNG_MS) out.hung++;
    if (o.kind === 'ok') out.ok++;
    else if (o.kind === 'wrong') out.wrong++;
    else if (times > 0 || o.code?.startsWith('CLIENT:')) out.lost++;
    else out.refused++;
  }
  return out;
}

function report(
  options: SoakOptions,
  outcomes: readonly Outcome[],
  ran: ReadonlyMap<string, number>,
  lastFaultEnd: number | undefined,
  faultsApplied: number,
  durationMs: number,
): SoakReport {
  const codes: Record<string, number> = {};
  const firstMessages: Record<string, string> = {};
  for (const o of outcomes) {
    if (o.kind === 'ok') continue;
    const code = o.code ?? o.kind;
    codes[code] = (codes[code] ?? 0) + 1;
    firstMessages[code] ??= o.message ?? '';
  }
  const after = lastFaultEnd ?? 0;
  return {
    faults: options.faults.join('+'),
    faultsApplied,
    ...counts(outcomes, ran),
    lostAfterLastFault: counts(
      outcomes.filter((o) => o.sentAt >= after),
      ran,
    ).lost,
    recoveryMs: recoveryMs(outcomes, after),
    firstOkAfterMs: firstOkAfterMs(outcomes, after),
    byPath: {
      http: counts(
        outcomes.filter((o) => o.path === 'http'),
        ran,
      ),
      daemon: counts(
        outcomes.filter((o) => o.path === 'daemon'),
        ran,
      ),
    },
    codes,
    firstMessages,
    durationMs: Math.round(durationMs),
  };
}

/**
 * From the end of the last fault to the send of the first execution from which every later one of that client path
 * succeeded (the latest over both paths); undefined when a path never got there, 0 when nothing failed after it.
 */
function recoveryMs(outcomes: readonly Outcome[], lastFaultEnd: number): number | undefined {
  let worst = 0;
  for (const path of ['http', 'daemon'] as const) {
    const later = outcomes.filter((o) => o.path === path && o.sentAt + o.elapsedMs >= lastFaultEnd);
    later.sort((a, b) => a.sentAt - b.sentAt);
    const lastBad = later.findLastIndex((o) => o.kind !== 'ok');
    if (lastBad === later.length - 1 && later.length > 0) return undefined;
    const firstGood = later[lastBad + 1];
    if (firstGood === undefined) return undefined;
    worst = Math.max(worst, lastBad < 0 ? 0 : firstGood.sentAt + firstGood.elapsedMs - lastFaultEnd);
  }
  return Math.round(worst);
}

/** The slower path's first success answered after the last fault, counted from its end. */
function firstOkAfterMs(outcomes: readonly Outcome[], lastFaultEnd: number): number | undefined {
  let worst = 0;
  for (const path of ['http', 'daemon'] as const) {
    const answers = outcomes
      .filter((o) => o.path === path && o.kind === 'ok')
      .map((o) => o.sentAt + o.elapsedMs - lastFaultEnd)
      .filter((at) => at >= 0);
    if (answers.length === 0) return undefined;
    worst = Math.max(worst, Math.min(...answers));
  }
  return Math.round(worst);
}
