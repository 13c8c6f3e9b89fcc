// A small in-memory DeviceApi for unit tests of the UI and operator (the device suites use the real model).
import type { BroadcastReceiver, DeviceApi, LogEntry } from '../device/types.ts';

export function testDevice(props: Record<string, string> = {}): DeviceApi {
  const entries: LogEntry[] = [];
  const listeners = new Set<(e: LogEntry) => void>();
  const receivers: { pkg: string; action: string; receiver: BroadcastReceiver }[] = [];
  return {
    serialHint: 'test',
    props: new Map(Object.entries({ 'ro.build.version.sdk': '35', ...props })),
    settings: { global: new Map(), secure: new Map(), system: new Map() },
    packages: new Map(),
    files: new Map(),
    log: {
      write(entry) {
        const full = { epochMs: Date.now(), ...entry };
        entries.push(full);
        for (const l of listeners) l(full);
      },
      entries: () => entries,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      clear: () => entries.splice(0),
    },
    ui: undefined as never,
    registerReceiver(pkg, action, receiver) {
      receivers.push({ pkg, action, receiver });
    },
    sendBroadcast(intent) {
      const hit = receivers.filter(
        (r) => r.action === intent.action && (!intent.targetPackage || intent.targetPackage === r.pkg),
      );
      for (const r of hit) r.receiver(intent);
      return hit.length;
    },
    commandLog: [],
    now: () => Date.now(),
  };
}
