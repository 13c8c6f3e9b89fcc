// What hosts asked of the device, oldest first, so tests can compare two clients of the same device (`svc-sim commands
// <serial>`, `sim.device.commands`): every shell, exec and abb_exec service with its command line and the argv of
// each command the device's shell ran for it (after its quoting and expansion), and every broadcast with its extras
// as the receiver gets them. A ring of the newest 1000 entries keeps a long-running device small (as the input
// events of device/input-log.ts).

export type DeviceCommand =
  | {
      readonly kind: 'shell' | 'exec' | 'abb_exec';
      /** The command line the service carried. */
      readonly line: string;
      /** The argv of every simple command the shell ran for it, in order. */
      readonly argv: string[][];
    }
  | {
      readonly kind: 'broadcast';
      readonly action: string;
      readonly package?: string;
      readonly component?: string;
      readonly extras: Readonly<Record<string, string | number | boolean>>;
      /** How many receivers got it (0: nobody listens, or the named package is not installed). */
      readonly receivers: number;
    };

export type LoggedDeviceCommand = DeviceCommand & { readonly time: number };

export const COMMAND_RECORD_KEEP = 1000;

export interface CommandRecord {
  /** Adds an entry and returns it (a shell entry's argv fills in as the shell runs). */
  record(command: DeviceCommand): LoggedDeviceCommand;
  entries(): readonly LoggedDeviceCommand[];
  clear(): void;
}

export function createCommandRecord(now: () => number): CommandRecord {
  let entries: LoggedDeviceCommand[] = [];
  return {
    record(command) {
      const entry = { ...command, time: now() };
      entries.push(entry);
      if (entries.length > 2 * COMMAND_RECORD_KEEP) entries = entries.slice(-COMMAND_RECORD_KEEP);
      return entry;
    },
    entries: () => entries.slice(-COMMAND_RECORD_KEEP),
    clear() {
      entries = [];
    },
  };
}
