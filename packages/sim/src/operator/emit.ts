// Writes the protocol lines of OPERATOR-PROTOCOL §3 to the device log at tag SvcOperator (`<Brand>Operator` for
// another brand word), priority I, applying the output faults. Frames carry base64 of at most 2700 raw bytes; envelopes over 3800 bytes travel as frames.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceApi } from '../device/types.ts';
import { planEnvelopeFaults, takeDroppedFrame } from '../faults/emit-faults.ts';
import type { FaultControl } from '../faults.ts';
import { type Envelope, serializeEnvelope } from './envelope.ts';

/** The log tag of a brand word: `svc` → `SvcOperator`, `acme` → `AcmeOperator`. */
export function operatorLogTag(brand: string): string {
  return `${brand.charAt(0).toUpperCase()}${brand.slice(1)}Operator`;
}
export const MAX_INLINE_ENVELOPE_BYTES = 3800;
export const FRAME_RAW_BYTES = 2700;

export interface OperatorEvent {
  commandId: string;
  actionId: string;
  actionType: string;
  phase: 'start' | 'retry' | 'success' | 'failure';
  attempt: number;
  elapsedMs: number;
}

export function frameChunks(bytes: Uint8Array): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length || chunks.length === 0; i += FRAME_RAW_BYTES) {
    chunks.push(Buffer.from(bytes.subarray(i, i + FRAME_RAW_BYTES)).toString('base64'));
  }
  return chunks;
}

export class OperatorOutput {
  readonly device: DeviceApi;
  readonly pid: number;
  readonly brand: string;
  readonly tag: string;
  readonly #uid: () => number;
  faults: FaultControl | undefined;

  /** `pid` is the app's process (what `pidof` prints), `uid` its package's uid (what `pm list packages -U` prints). */
  constructor(device: DeviceApi, pid: number, brand: string, uid: () => number) {
    this.device = device;
    this.pid = pid;
    this.brand = brand;
    this.tag = operatorLogTag(brand);
    this.#uid = uid;
  }

  line(message: string, priority: 'I' | 'W' | 'E' = 'I'): void {
    this.device.log.write({ pid: this.pid, tid: this.pid + 17, uid: this.#uid(), priority, tag: this.tag, message });
  }

  event(e: OperatorEvent): void {
    this.line(`[${this.brand}-Event] ${JSON.stringify(e)}`);
  }

  private frames(kind: 'result' | 'hierarchy', id: string, text: string, dropIndex: number, duplicate: boolean) {
    const chunks = frameChunks(new TextEncoder().encode(text));
    chunks.forEach((chunk, i) => {
      if (i === dropIndex) return;
      const line = `[${this.brand}-Frame] ${kind} ${id} ${i + 1}/${chunks.length} ${chunk}`;
      this.line(line);
      if (duplicate) this.line(line);
    });
  }

  hierarchy(commandId: string, actionId: string, xml: string): void {
    const count = frameChunks(new TextEncoder().encode(xml)).length;
    const drop = takeDroppedFrame(this.faults, count);
    const duplicate = this.faults?.get('duplicate_frames') !== undefined;
    this.frames('hierarchy', `${commandId}/${actionId}`, xml, drop, duplicate);
  }

  /** The one terminal envelope of a commandId (or what a fault makes of it). */
  async envelope(envelope: Envelope): Promise<void> {
    const plan = planEnvelopeFaults(this.faults);
    if (plan.delayMs > 0) await sleep(plan.delayMs);
    if (plan.foreignFirst) this.write({ ...envelope, commandId: `${envelope.commandId}-other` }, false);
    if (plan.drop) return;
    if (plan.malformed) {
      // Cut short after its commandId, so the host can tell the broken line is this execution's.
      const json = serializeEnvelope(envelope);
      this.line(`[${this.brand}-Result] ${json.slice(0, json.indexOf('"taskId"') + 5)}`);
      return;
    }
    this.write(envelope, plan.duplicateFrames);
  }

  private write(envelope: Envelope, duplicateFrames: boolean): void {
    const json = serializeEnvelope(envelope);
    if (new TextEncoder().encode(json).length <= MAX_INLINE_ENVELOPE_BYTES) {
      this.line(`[${this.brand}-Result] ${json}`);
    } else {
      this.frames('result', envelope.commandId, json, -1, duplicateFrames);
    }
  }
}
