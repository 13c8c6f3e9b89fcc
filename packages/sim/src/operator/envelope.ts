// The terminal result line (ClawperatorResultEnvelope.kt:9-97 @ v0.5.2): `[<Brand>-Result] ` + JSON with keys
// commandId, taskId, status, stepResults, error (always; null on success), errorCode (only when set); a step's
// `data` is left out when empty (kotlinx.serialization, encodeDefaults = false). One Log.i call: on the Clawperator
// variant Timber cuts a line of 4000 chars or more into records (app-log.ts). The svc variant writes a large line as
// the later builds' chunks instead (ResultEnvelopeTransport.kt at faba59e79819fe2c0a1721225fb9e329673aa405): the
// canonical line as is up to 3000 UTF-8 bytes, else ceil(bytes/1024) `[<Brand>-Result-Chunk] ` lines of JSON
// {commandId, taskId, index (0-based), count, byteLength, sha256, data (base64 of bytes [index·1024, +1024))}.
import { createHash } from 'node:crypto';
import type { StepResult } from './model.ts';

export interface ResultEnvelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: StepResult[];
  error: string | null;
  errorCode?: string;
}

export function envelopeJson(e: ResultEnvelope): string {
  return JSON.stringify({
    commandId: e.commandId,
    taskId: e.taskId,
    status: e.status,
    stepResults: e.stepResults.map((s) => ({
      id: s.id,
      actionType: s.actionType,
      success: s.success,
      ...(Object.keys(s.data).length > 0 ? { data: s.data } : {}),
    })),
    error: e.error,
    ...(e.errorCode !== undefined ? { errorCode: e.errorCode } : {}),
  });
}

/** buildCanonicalFailureLine's envelope (:82-97): no steps. */
export function failure(
  ids: { commandId: string; taskId: string },
  reason: string,
  errorCode?: string,
): ResultEnvelope {
  return { ...ids, status: 'failed', stepResults: [], error: reason, ...(errorCode ? { errorCode } : {}) };
}

export const CANONICAL_MAX_BYTES = 3000;
export const CHUNK_BYTES = 1024;

/** The chunk lines of a canonical line over 3000 bytes (ResultEnvelopeTransport.kt), or the line itself. */
export function chunkLines(
  canonical: string,
  ids: { commandId: string; taskId: string },
  chunkMarker: string,
): string[] {
  const bytes = Buffer.from(canonical, 'utf8');
  if (bytes.length <= CANONICAL_MAX_BYTES) return [canonical];
  const count = Math.ceil(bytes.length / CHUNK_BYTES);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return Array.from({ length: count }, (_, index) => {
    const data = bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString('base64');
    const chunk = {
      commandId: ids.commandId,
      taskId: ids.taskId,
      index,
      count,
      byteLength: bytes.length,
      sha256,
      data,
    };
    return `${chunkMarker} ${JSON.stringify(chunk)}`;
  });
}
