// Test-only in-memory DeviceApi: props, settings, packages, files, a log and broadcast receivers, no UI and no shell.
// Unit tests of the wire, the UI and the operator build on it; the device suites (packages/sim/test) use the real model.
import { createFaultControl } from '../faults.ts';
import { createCommandRecord } from './command-record.ts';
import { createInputLog } from './input-log.ts';
import { createProcessTable } from './process-table.ts';
import { TIMING_PROFILES } from './timing.ts';
import type { BroadcastReceiver, DeviceApi, LogEntry } from './types.ts';

export function memoryDevice(serialHint: string, props: Record<string, string>): DeviceApi {
  const entries: LogEntry[] = [];
  const listeners = new Set<(entry: LogEntry) => void>();
  const receivers: { pkg: string; action: string; receiver: BroadcastReceiver }[] = [];
  return {
    serialHint,
    props: new Map(Object.entries(props)),
    settings: { global: new Map(), secure: new Map(), system: new Map() },
    packages: new Map(),
    files: new Map(),
    log: {
      write(entry) {
        const full = { epochMs: Date.now(), ...entry, uid: entry.uid ?? 0 };
        entries.push(full);
        for (const listener of listeners) listener(full);
      },
      entries: () => entries,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      clear: () => void entries.splice(0),
    },
    ui: undefined as never,
    registerReceiver(pkg, action, receiver) {
      receivers.push({ pkg, action, receiver });
    },
    sendBroadcast(intent) {
      const hit = receivers.filter(
        (r) => r.action === intent.action && (!intent.targetPackage || r.pkg === intent.targetPackage),
      );
      for (const r of hit) r.receiver(intent);
      return hit.length;
    },
    commandLog: [],
    inputs: createInputLog(),
    commands: createCommandRecord(() => Date.now()),
    now: () => Date.now(),
    faults: createFaultControl(),
    processes: createProcessTable(),
    timing: { ...TIMING_PROFILES.instant },
    missingCommands: new Set(),
  };
}
