// Load run of `svc serve` against simulated devices through real adb (issue 12): N executions of one `sleep 0`
// action spread over D devices by W workers per device (a worker retries its execution on 423, so devices are
// contended), with an SSE client counting results. Checks zero lost and zero duplicated results and exactly one
// svc:result per execution; samples memory (RSS, heap) and open handles (active resources, fds) from start to end.
// Usage: npx node bench/load.ts [--executions 10000] [--devices 8] [--workers-per-device 2] [--samples 10]
// Prints JSON, then a short table. Exit 1 when a result was lost or duplicated. (packages/svc/test/
// reliability-load.test.ts runs a small version as a correctness test.)
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createLab } from 'svc-sim/testing';
import { createContext } from '../packages/svc/src/app/context.ts';
import { createServerApp } from '../packages/svc/src/server/app.ts';
import { listenTcp } from '../packages/svc/src/server/listen.ts';
import { connectSse } from '../packages/svc/test/sse-client.ts';

export interface LoadOptions {
  executions: number;
  devices: number;
  workersPerDevice: number;
  /** How many resource samples to take over the run (besides start and end). */
  samples: number;
}

export interface ResourceSample {
  done: number;
  rssMb: number;
  heapUsedMb: number;
  /** Buffers and other memory held outside the JS heap. */
  externalMb: number;
  activeResources: number;
  fds: number;
}

export interface LoadReport {
  executions: number;
  devices: number;
  workersPerDevice: number;
  succeeded: number;
  conflictsRetried: number;
  otherFailures: { status: number; code: string }[];
  lost: number;
  duplicatedResponses: number;
  sseResults: number;
  sseMissing: number;
  sseDuplicated: number;
  sseForeign: number;
  sseExecutionEvents: number;
  durationMs: number;
  perSecond: number;
  start: ResourceSample;
  end: ResourceSample;
  trend: ResourceSample[];
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function sample(done: number, devices: { device: { commandLog: string[] } }[]): ResourceSample {
  // The simulated devices live in this process and keep every shell command line (test bookkeeping that grows
  // with the run): drop it before measuring, so the numbers show svc, not the simulator's history.
  for (const sim of devices) sim.device.commandLog.length = 0;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  return {
    done,
    rssMb: mb(memory.rss),
    heapUsedMb: mb(memory.heapUsed),
    externalMb: mb(memory.external),
    activeResources: process.getActiveResourcesInfo().length,
    fds: readdirSync('/proc/self/fd').length,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const lab = await createLab({ devices: Array.from({ length: options.devices }, () => ({})) });
  const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
  const serverApp = createServerApp(ctx, { loopbackHostOnly: true });
  const server = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
  const sse = await connectSse(`${server.url}/events`);
  try {
    await sse.next(); // heartbeat
    const resultsSeen = new Map<string, number>();
    let executionEvents = 0;
    let foreign = 0;
    const reading = (async () => {
      for (;;) {
        const frame = await sse.next(3_600_000).catch(() => undefined);
        if (frame === undefined) return;
        if (frame.event === 'svc:execution') executionEvents++;
        if (frame.event !== 'svc:result') continue;
        const id = (frame.data as { envelope: { commandId: string } }).envelope.commandId;
        if (!id.startsWith('load-')) foreign++;
        resultsSeen.set(id, (resultsSeen.get(id) ?? 0) + 1);
      }
    })();

    const post = async (deviceId: string, commandId: string) => {
      const execution = {
        commandId,
        taskId: commandId,
        source: 'load',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30_000,
        actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 0 } }],
      };
      const response = await fetch(`${server.url}/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ execution, deviceId }),
      });
      const body = (await response.json()) as {
        ok: boolean;
        envelope?: { commandId: string };
        error?: { code: string };
      };
      return { status: response.status, body };
    };

    // Warm-up with the same shape as the run (every worker, not counted), so the start sample already holds the
    // pooled keep-alive connections and warm device transports.
    let warm = 0;
    await Promise.all(
      lab.devices.flatMap((device) =>
        Array.from({ length: options.workersPerDevice }, async () => {
          for (let n = 0; n < 3; n++) {
            const id = `warm-${warm++}`;
            while ((await post(device.serial, id)).status === 423) await sleep(1);
          }
        }),
      ),
    );
    await sleep(200);
    const start = sample(0, lab.devices);
    const trend: ResourceSample[] = [];
    const sampleEvery = Math.max(1, Math.floor(options.executions / Math.max(1, options.samples)));

    const answered = new Map<string, number>();
    const otherFailures: { status: number; code: string }[] = [];
    let conflicts = 0;
    let next = 0;
    let done = 0;
    const began = performance.now();
    const worker = async (deviceId: string) => {
      while (next < options.executions) {
        const commandId = `load-${next++}`;
        for (;;) {
          const { status, body } = await post(deviceId, commandId);
          if (status === 423) {
            conflicts++;
            await sleep(1);
            continue;
          }
          if (status === 200 && body.ok && body.envelope?.commandId === commandId) {
            answered.set(commandId, (answered.get(commandId) ?? 0) + 1);
          } else otherFailures.push({ status, code: body.error?.code ?? 'WRONG_ENVELOPE' });
          break;
        }
        done++;
        if (done % sampleEvery === 0) trend.push(sample(done, lab.devices));
      }
    };
    await Promise.all(
      lab.devices.flatMap((device) => Array.from({ length: options.workersPerDevice }, () => worker(device.serial))),
    );
    const durationMs = performance.now() - began;
    // Every svc:result is published before its HTTP answer is written; give the stream a moment to flush.
    const deadline = Date.now() + 10_000;
    const loadResults = () => [...resultsSeen.keys()].filter((id) => id.startsWith('load-')).length;
    while (loadResults() < answered.size && Date.now() < deadline) await sleep(20);
    await sleep(200);
    const end = sample(done, lab.devices);

    let sseMissing = 0;
    let sseDuplicated = 0;
    for (let i = 0; i < options.executions; i++) {
      const seen = resultsSeen.get(`load-${i}`) ?? 0;
      if (seen === 0) sseMissing++;
      if (seen > 1) sseDuplicated++;
    }
    const report: LoadReport = {
      executions: options.executions,
      devices: options.devices,
      workersPerDevice: options.workersPerDevice,
      succeeded: answered.size,
      conflictsRetried: conflicts,
      otherFailures: otherFailures.slice(0, 20),
      lost: options.executions - answered.size - otherFailures.length,
      duplicatedResponses: [...answered.values()].filter((n) => n > 1).length,
      sseResults: loadResults(),
      sseMissing,
      sseDuplicated,
      sseForeign: foreign - warm, // the warm-up executions
      sseExecutionEvents: executionEvents,
      durationMs: Math.round(durationMs),
      perSecond: Math.round((done / durationMs) * 1000 * 10) / 10,
      start,
      end,
      trend,
    };
    sse.close();
    await reading;
    return report;
  } finally {
    sse.close();
    await server.close();
    await ctx.close();
    await lab.close();
  }
}

function printTable(report: LoadReport): void {
  const rows: [string, string | number][] = [
    ['executions', report.executions],
    ['devices x workers', `${report.devices} x ${report.workersPerDevice}`],
    ['succeeded', report.succeeded],
    ['lost / duplicated', `${report.lost} / ${report.duplicatedResponses}`],
    ['svc:result seen / missing / dup', `${report.sseResults} / ${report.sseMissing} / ${report.sseDuplicated}`],
    ['423 retried', report.conflictsRetried],
    ['other failures', report.otherFailures.length],
    ['duration (s)', (report.durationMs / 1000).toFixed(1)],
    ['executions / s', report.perSecond],
    ['RSS MB start -> end', `${report.start.rssMb} -> ${report.end.rssMb}`],
    ['heap MB start -> end', `${report.start.heapUsedMb} -> ${report.end.heapUsedMb}`],
    ['external MB start -> end', `${report.start.externalMb} -> ${report.end.externalMb}`],
    ['active resources start -> end', `${report.start.activeResources} -> ${report.end.activeResources}`],
    ['fds start -> end', `${report.start.fds} -> ${report.end.fds}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [key, value] of rows) process.stdout.write(`${key.padEnd(width)}  ${value}\n`);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      executions: { type: 'string', default: '10000' },
      devices: { type: 'string', default: '8' },
      'workers-per-device': { type: 'string', default: '2' },
      samples: { type: 'string', default: '10' },
    },
  });
  const report = await runLoad({
    executions: Number(values.executions),
    devices: Number(values.devices),
    workersPerDevice: Number(values['workers-per-device']),
    samples: Number(values.samples),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  const clean =
    report.lost === 0 &&
    report.duplicatedResponses === 0 &&
    report.sseMissing === 0 &&
    report.sseDuplicated === 0 &&
    report.otherFailures.length === 0;
  process.exitCode = clean ? 0 : 1;
}
