// Load run of `svc serve` against simulated devices through real adb (issue 12): N executions of one `sleep 0`
// action spread over D devices by W workers per device (a worker retries its execution on 423, so devices are
// contended), with an SSE client counting results. Checks zero lost and zero duplicated results and exactly one
// svc:result per execution; samples memory (RSS, heap) and open handles (active resources, fds) from start to end.
// Usage: npx node --expose-gc bench/load.ts [--executions 10000] [--devices 8] [--workers-per-device 2] [--samples 10]
//        [--warmup 3] [--heap-snapshots DIR] [--help]   (compare snapshots with bench/tools/heap-diff.ts)
// Prints JSON, then a short table. Exit 1 when a result was lost or duplicated. (packages/svc/test/
// reliability-load.test.ts runs a small version as a correctness test.) The bench keeps no per-execution objects:
// answers and svc:result frames are counted in typed arrays sized before the start sample, so memory growth between
// the start and end samples is the product's (server + simulated devices), not the bench's.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { writeHeapSnapshot } from 'node:v8';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { createServerApp } from '../packages/svc/src/server/app.ts';
import { listenTcp } from '../packages/svc/src/server/listen.ts';
import { connectSse } from '../packages/svc/test/sse-client.ts';
import { countsFor } from './lib/measure.ts';

export interface LoadOptions {
  executions: number;
  devices: number;
  workersPerDevice: number;
  /** How many resource samples to take over the run (besides start and end). */
  samples: number;
  /** Warm-up executions per worker before the start sample (default 3). */
  warmupPerWorker?: number;
  /** When set, a heap snapshot is written here (after gc) at the start, middle and end samples. */
  heapSnapshotDir?: string;
}

export interface ResourceSample {
  done: number;
  rssMb: number;
  heapUsedMb: number;
  /** Buffers and other memory held outside the JS heap. */
  externalMb: number;
  activeResources: number;
  fds: number;
  /** Records the simulated devices keep (command log, device log, service log): bounded rings that fill early on. */
  simRecords: number;
}

interface SimRecords {
  serviceLog: readonly string[];
  device: { commandLog: readonly string[]; log: { entries(): readonly unknown[] } };
}

export interface LoadReport {
  executions: number;
  devices: number;
  workersPerDevice: number;
  succeeded: number;
  conflictsRetried: number;
  otherFailureCount: number;
  /** The first 20 of them. */
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
  /** Per-execution bookkeeping of the server once every answer is in: all of it should be back to idle. */
  leftover: { inFlight: number; sseSubscribers: number; lockFiles: number };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function sample(done: number, sims: readonly SimRecords[], snapshotPath?: string): ResourceSample {
  // The simulated devices live in this process; their records are bounded rings (DECISIONS R-20), measured as they are.
  // A last-resort gc also hands V8's free pages back to the OS: after a plain gc() the RSS still holds the young
  // generation that the load grew (over 150 MB here), which is slack, not memory in use (DECISIONS R-21).
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const memory = process.memoryUsage();
  // After the measurement: writing a snapshot leaves ~100 MB of native memory in the RSS of every later sample.
  if (snapshotPath !== undefined) writeHeapSnapshot(snapshotPath);
  return {
    done,
    rssMb: mb(memory.rss),
    heapUsedMb: mb(memory.heapUsed),
    externalMb: mb(memory.external),
    activeResources: process.getActiveResourcesInfo().length,
    fds: readdirSync('/proc/self/fd').length,
    simRecords: sims.reduce(
      (sum, sim) => sum + sim.serviceLog.length + sim.device.commandLog.length + sim.device.log.entries().length,
      0,
    ),
  };
}

function lockFilesIn(home: string): number {
  try {
    return readdirSync(join(home, '.svc', 'locks')).length;
  } catch {
    return 0; // no lock directory: nothing left
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const lab = await createLab({ devices: Array.from({ length: options.devices }, () => ({})) });
  // As `svc serve` builds it: one warm device-log follow per device (cli/commands/serve.ts).
  const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home, longLived: true });
  const serverApp = createServerApp(ctx, { loopbackHostOnly: true });
  const server = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
  const sse = await connectSse(`${server.url}/events`);
  try {
    await sse.next(); // heartbeat
    // Per-execution counters live in fixed-size arrays (index = the n of `load-<n>`), allocated before the start
    // sample, so the bench's own bookkeeping does not grow during the run.
    const resultsSeen = new Uint8Array(options.executions);
    const answeredCount = new Uint8Array(options.executions);
    let sseResults = 0;
    let executionEvents = 0;
    let foreign = 0;
    const indexOf = (id: string) => {
      const n = id.startsWith('load-') ? Number(id.slice(5)) : Number.NaN;
      return Number.isInteger(n) && n >= 0 && n < options.executions ? n : -1;
    };
    const bump = (counts: Uint8Array, n: number) => {
      counts[n] = Math.min(255, (counts[n] ?? 0) + 1);
    };
    const reading = (async () => {
      for (;;) {
        const frame = await sse.next(3_600_000).catch(() => undefined);
        if (frame === undefined) return;
        if (frame.event === 'svc:execution') executionEvents++;
        if (frame.event !== 'svc:result') continue;
        const n = indexOf((frame.data as { envelope: { commandId: string } }).envelope.commandId);
        if (n === -1) foreign++;
        else {
          if (resultsSeen[n] === 0) sseResults++;
          bump(resultsSeen, n);
        }
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
          for (let n = 0; n < (options.warmupPerWorker ?? 3); n++) {
            const id = `warm-${warm++}`;
            while ((await post(device.serial, id)).status === 423) await sleep(1);
          }
        }),
      ),
    );
    await sleep(200);
    const snapshotAt = (name: string) => {
      if (options.heapSnapshotDir === undefined) return undefined;
      mkdirSync(options.heapSnapshotDir, { recursive: true });
      return join(options.heapSnapshotDir, `${name}.heapsnapshot`);
    };
    const start = sample(0, lab.devices, snapshotAt('start'));
    const trend: ResourceSample[] = [];
    const sampleEvery = Math.max(1, Math.floor(options.executions / Math.max(1, options.samples)));

    let succeeded = 0;
    let otherFailureCount = 0;
    const otherFailures: { status: number; code: string }[] = []; // the first 20 only
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
            const n = indexOf(commandId);
            if (answeredCount[n] === 0) succeeded++;
            bump(answeredCount, n);
          } else {
            otherFailureCount++;
            if (otherFailures.length < 20) otherFailures.push({ status, code: body.error?.code ?? 'WRONG_ENVELOPE' });
          }
          break;
        }
        done++;
        if (done % sampleEvery === 0) {
          const middle = done === sampleEvery * Math.floor(options.samples / 2);
          trend.push(sample(done, lab.devices, middle ? snapshotAt('middle') : undefined));
        }
      }
    };
    await Promise.all(
      lab.devices.flatMap((device) => Array.from({ length: options.workersPerDevice }, () => worker(device.serial))),
    );
    const durationMs = performance.now() - began;
    // Every svc:result is published before its HTTP answer is written; give the stream a moment to flush.
    const deadline = Date.now() + 10_000;
    while (sseResults < succeeded && Date.now() < deadline) await sleep(20);
    await sleep(200);
    const end = sample(done, lab.devices, snapshotAt('end'));
    const leftover = {
      inFlight: serverApp.inFlight.count,
      sseSubscribers: serverApp.bus.subscriberCount,
      lockFiles: lockFilesIn(ctx.home),
    };

    let sseMissing = 0;
    let sseDuplicated = 0;
    let duplicatedResponses = 0;
    for (let i = 0; i < options.executions; i++) {
      if (resultsSeen[i] === 0) sseMissing++;
      if ((resultsSeen[i] ?? 0) > 1) sseDuplicated++;
      if ((answeredCount[i] ?? 0) > 1) duplicatedResponses++;
    }
    const report: LoadReport = {
      executions: options.executions,
      devices: options.devices,
      workersPerDevice: options.workersPerDevice,
      succeeded,
      conflictsRetried: conflicts,
      otherFailureCount,
      otherFailures,
      lost: options.executions - succeeded - otherFailureCount,
      duplicatedResponses,
      sseResults,
      sseMissing,
      sseDuplicated,
      sseForeign: foreign - warm, // the warm-up executions
      sseExecutionEvents: executionEvents,
      durationMs: Math.round(durationMs),
      perSecond: Math.round((done / durationMs) * 1000 * 10) / 10,
      start,
      end,
      trend,
      leftover,
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
    ['other failures', report.otherFailureCount],
    ['duration (s)', (report.durationMs / 1000).toFixed(1)],
    ['executions / s', report.perSecond],
    ['RSS MB start -> end', `${report.start.rssMb} -> ${report.end.rssMb}`],
    ['heap MB start -> end', `${report.start.heapUsedMb} -> ${report.end.heapUsedMb}`],
    ['external MB start -> end', `${report.start.externalMb} -> ${report.end.externalMb}`],
    ['active resources start -> end', `${report.start.activeResources} -> ${report.end.activeResources}`],
    ['fds start -> end', `${report.start.fds} -> ${report.end.fds}`],
    [
      'left: in flight / SSE subscribers / lock files',
      `${report.leftover.inFlight} / ${report.leftover.sseSubscribers} / ${report.leftover.lockFiles}`,
    ],
    ['sim records start -> end', `${report.start.simRecords} -> ${report.end.simRecords}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [key, value] of rows) process.stdout.write(`${key.padEnd(width)}  ${value}\n`);
}

if (import.meta.main) {
  const counts = countsFor({ executions: 10000, devices: 8, samples: 10 }, { executions: 300, devices: 2, samples: 3 });
  const { values } = parseArgs({
    options: {
      executions: { type: 'string', default: String(counts.executions) },
      devices: { type: 'string', default: String(counts.devices) },
      'workers-per-device': { type: 'string', default: '2' },
      samples: { type: 'string', default: String(counts.samples) },
      warmup: { type: 'string', default: '3' },
      'heap-snapshots': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      [
        'Usage: npx node --expose-gc bench/load.ts [options]',
        '  --executions N          executions to run (default 10000)',
        '  --devices N             simulated devices (default 8)',
        '  --workers-per-device N  concurrent posters per device, retrying on 423 (default 2)',
        '  --samples N             resource samples between start and end (default 10)',
        '  --warmup N              warm-up executions per worker before the start sample (default 3; about 320',
        "                          fills the simulated devices' bounded logs, so start -> end shows steady state)",
        '  --heap-snapshots DIR    write start/middle/end .heapsnapshot files (after gc) into DIR; compare them with',
        '                          bench/tools/heap-diff.ts (RSS after the start sample is then not comparable)',
        'Without --expose-gc the samples are taken without a forced gc and are noisier.',
        '',
      ].join('\n'),
    );
    process.exit(0);
  }
  const report = await runLoad({
    executions: Number(values.executions),
    devices: Number(values.devices),
    workersPerDevice: Number(values['workers-per-device']),
    samples: Number(values.samples),
    warmupPerWorker: Number(values.warmup),
    ...(values['heap-snapshots'] === undefined ? {} : { heapSnapshotDir: values['heap-snapshots'] }),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  printTable(report);
  const clean =
    report.lost === 0 &&
    report.duplicatedResponses === 0 &&
    report.sseMissing === 0 &&
    report.sseDuplicated === 0 &&
    report.otherFailureCount === 0;
  process.exitCode = clean ? 0 : 1;
}
