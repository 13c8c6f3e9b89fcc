// Run-time fault switches of a simulated device. The wire applies `slow_shell` itself; the operator runtime reads
// the envelope and frame faults when it writes its output; `uiautomator dump` reads the dump faults (each makes the
// dump fail the way a real phone's does: faults/dump-faults.ts).

export const FAULT_NAMES = [
  'drop_next_envelope',
  'malformed_envelope',
  'delay_envelope',
  'foreign_envelope_first',
  'duplicate_frames',
  'drop_hierarchy_frame',
  'disconnect_mid_execution',
  'slow_shell',
  'slow_broadcast_okay',
  'delay_on_screen_log_ack',
  'dump_null_root',
  'dump_not_idle',
  'dump_crash',
  'dump_already_registered',
  'dump_killed',
  'dump_no_xml',
  'input_inject_denied',
  'keyboard_no_view',
  'screencap_display_warning',
  'second_display',
  'shell_cut_input',
  'package_command_exception',
  'input_method_service_missing',
  'focused_virtual_display',
  'screenrecord_codec_error',
  'screenrecord_encoder_fails',
  'screenrecord_ignores_sigint',
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

/** A fault is on when present; its value is a parameter (milliseconds for delays, `true` otherwise). */
export type FaultValue = number | boolean;

export interface FaultControl {
  set(name: FaultName, value?: FaultValue): void;
  clear(name?: FaultName): void;
  get(name: FaultName): FaultValue | undefined;
  /** A one-shot fault (drop_next_envelope, ...) is consumed by the part that applies it. */
  take(name: FaultName): FaultValue | undefined;
  active(): Partial<Record<FaultName, FaultValue>>;
  /**
   * A counted fault: `true` hits every time until cleared; a number n hits the next n times, then clears itself.
   * Returns whether it hits now.
   */
  hit(name: FaultName): boolean;
}

export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

export function createFaultControl(): FaultControl {
  const faults = new Map<FaultName, FaultValue>();
  return {
    set(name, value = true) {
      faults.set(name, value);
    },
    clear(name) {
      if (name) faults.delete(name);
      else faults.clear();
    },
    get: (name) => faults.get(name),
    take(name) {
      const value = faults.get(name);
      faults.delete(name);
      return value;
    },
    active: () => Object.fromEntries(faults) as Partial<Record<FaultName, FaultValue>>,
    hit(name) {
      const value = faults.get(name);
      if (value === undefined || value === false) return false;
      if (typeof value === 'number') {
        if (value <= 1) faults.delete(name);
        else faults.set(name, value - 1);
      }
      return true;
    },
  };
}
