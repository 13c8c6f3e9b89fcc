// How the operator's output misbehaves when a fault is switched on (issue 3). One-shot faults are consumed by the
// execution they hit; delays stay on until cleared.
import type { FaultControl } from '../faults.ts';

export interface EnvelopeFaultPlan {
  drop: boolean;
  malformed: boolean;
  delayMs: number;
  foreignFirst: boolean;
  duplicateFrames: boolean;
}

function ms(value: number | boolean | undefined, fallback: number): number {
  if (value === undefined || value === false) return 0;
  return typeof value === 'number' ? Math.max(0, value) : fallback;
}

export function planEnvelopeFaults(faults: FaultControl | undefined): EnvelopeFaultPlan {
  return {
    drop: faults?.take('drop_next_envelope') !== undefined,
    malformed: faults?.take('malformed_envelope') !== undefined,
    delayMs: ms(faults?.get('delay_envelope'), 3000),
    foreignFirst: faults?.take('foreign_envelope_first') !== undefined,
    duplicateFrames: faults?.get('duplicate_frames') !== undefined,
  };
}

/** Index (0-based) of the hierarchy frame to leave out, or -1. */
export function takeDroppedFrame(faults: FaultControl | undefined, frameCount: number): number {
  const value = faults?.take('drop_hierarchy_frame');
  if (value === undefined || value === false) return -1;
  // `true` drops the last frame; a number n drops frame n (1-based), clamped into range.
  const n = typeof value === 'number' ? value : frameCount;
  return Math.min(frameCount, Math.max(1, n)) - 1;
}

/** Draw acknowledgement delay of the on-screen log panel, in ms (0 = immediate). */
export function panelAckDelayMs(faults: FaultControl | undefined): number {
  return ms(faults?.get('delay_on_screen_log_ack'), 2500);
}

export function takeDisconnect(faults: FaultControl | undefined): boolean {
  return faults?.take('disconnect_mid_execution') !== undefined;
}
