// Shared probes of the reliability suites (issue 12): an SSE recorder that counts `svc:result` per commandId, a
// leak probe (device-side shell streams, lock files, child processes, open descriptors), a device-side record of
// which executions actually ran and when, and payload builders.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from 'svc-sim';
import type { Lab } from 'svc-sim/testing';
import { connectSse, type SseFrame } from './sse-client.ts';

let counter = 0;

/** A valid execution of sleep actions (one per duration), with a unique commandId. */
export function sleeps(durations: number[], extra: Record<string, unknown> = {}) {
  counter += 1;
  const id = `rel-${process.pid}-${counter}`;
  return {
    commandId: id,
    taskId: id,
    source: 'reliability',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 20_000,
    actions: durations.map((durationMs, i) => ({ id: `s${i}`, type: 'sleep', params: { durationMs } })),
    ...extra,
  };
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** Records every SSE frame of GET /events in the background. */
export interface EventRecorder {
  readonly frames: SseFrame[];
  resultsFor(commandId: string): { deviceId: string; envelope: { commandId: string; errorCode?: string | null } }[];
  close(): void;
}

export async function recordEvents(url: string): Promise<EventRecorder> {
  const sse = await connectSse(`${url}/events`);
  const frames: SseFrame[] = [];
  const first = await sse.next();
  if (first?.event !== 'heartbeat') throw new Error('no heartbeat');
  void (async () => {
    for (;;) {
      const frame = await sse.next(3_600_000).catch(() => undefined);
      if (frame === undefined) return;
      frames.push(frame);
    }
  })();
  return {
    frames,
    resultsFor: (commandId) =>
      frames
        .filter((f) => f.event === 'svc:result')
        .map((f) => f.data as { deviceId: string; envelope: { commandId: string } })
        .filter((d) => d.envelope.commandId === commandId),
    close: () => sse.close(),
  };
}

export interface LeakSnapshot {
  deviceCommands: number;
  lockFiles: string[];
  children: number;
  fds: number;
}

function childPids(): number[] {
  const mine = String(process.pid);
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces, so split after the closing paren.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === mine) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export function leakSnapshot(lab: Lab): LeakSnapshot {
  let lockFiles: string[] = [];
  try {
    lockFiles = readdirSync(join(lab.home, '.svc', 'locks'));
  } catch {
    lockFiles = [];
  }
  return {
    deviceCommands: lab.devices.reduce((sum, d) => sum + d.activeCommands, 0),
    lockFiles,
    children: childPids().length,
    fds: readdirSync('/proc/self/fd').length,
  };
}

/**
 * Waits until nothing an execution opened is left: no shell command (logcat follow, am, ...) running on any
 * device, no lock file, no extra child process, and the descriptor count back near the baseline (a few pooled
 * keep-alive HTTP sockets of fetch are allowed for).
 */
export async function assertNoLeaks(lab: Lab, baseline: LeakSnapshot, slackFds = 6): Promise<void> {
  let last = leakSnapshot(lab);
  try {
    await waitFor(
      'resources to be released',
      () => {
        last = leakSnapshot(lab);
        return (
          last.deviceCommands === 0 &&
          last.lockFiles.length === 0 &&
          last.children <= baseline.children &&
          last.fds <= baseline.fds + slackFds
        );
      },
      10_000,
    );
  } catch {
    throw new Error(`leak: ${JSON.stringify({ baseline, now: last })}`);
  }
}

/** commandId → [broadcast received, envelope written] on the device, from its own log and broadcast hook. */
export function recordDeviceWindows(sim: SimDevice): Map<string, { start: number; end?: number }> {
  const windows = new Map<string, { start: number; end?: number }>();
  const device = sim.device as { sendBroadcast: SimDevice['device']['sendBroadcast'] };
  const original = device.sendBroadcast.bind(device);
  device.sendBroadcast = (intent) => {
    const payload = intent.extras.payload;
    if (typeof payload === 'string') {
      const id = (JSON.parse(payload) as { commandId: string }).commandId;
      windows.set(id, { start: Date.now() });
    }
    return original(intent);
  };
  sim.device.log.subscribe((entry) => {
    const m = /^\[svc-Result\] (.*)$/.exec(entry.message);
    if (!m) return;
    try {
      const id = (JSON.parse(m[1] as string) as { commandId: string }).commandId;
      const window = windows.get(id);
      if (window && window.end === undefined) window.end = Date.now();
    } catch {
      // a malformed envelope fault: no window end
    }
  });
  return windows;
}

/** Payloads the device received through `am broadcast`, parsed (captured before the operator sees them). */
export function recordPayloads(sim: SimDevice): unknown[] {
  const payloads: unknown[] = [];
  const device = sim.device as { sendBroadcast: SimDevice['device']['sendBroadcast'] };
  const original = device.sendBroadcast.bind(device);
  device.sendBroadcast = (intent) => {
    if (typeof intent.extras.payload === 'string') payloads.push(JSON.parse(intent.extras.payload));
    return original(intent);
  };
  return payloads;
}
