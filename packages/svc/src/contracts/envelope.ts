// The terminal result envelope (SPEC 2.6, OPERATOR-PROTOCOL §3): line parsing and shape validation.
import { SvcError } from './errors.ts';
import type { ResultEnvelope, StepResult } from './types.ts';
import { isPlainObject } from './validation-issue.ts';

export type ShapeCheck = { ok: true; envelope: ResultEnvelope } | { ok: false; reason: string };

/**
 * Checks the envelope shape of SPEC 2.6. Unknown extra keys are allowed (a newer operator may add fields, SPEC 9
 * "backward-compatible schema additions"); `errorCode` may be absent (older operators).
 */
export function checkEnvelopeShape(value: unknown): ShapeCheck {
  if (!isPlainObject(value)) return { ok: false, reason: 'envelope is not a JSON object' };
  if (typeof value.commandId !== 'string') return { ok: false, reason: 'commandId is not a string' };
  if (typeof value.taskId !== 'string') return { ok: false, reason: 'taskId is not a string' };
  if (value.status !== 'success' && value.status !== 'failed') {
    return { ok: false, reason: 'status is not "success" or "failed"' };
  }
  if (value.error !== undefined && value.error !== null && typeof value.error !== 'string') {
    return { ok: false, reason: 'error is not a string or null' };
  }
  if (value.errorCode !== undefined && value.errorCode !== null && typeof value.errorCode !== 'string') {
    return { ok: false, reason: 'errorCode is not a string or null' };
  }
  const envelope: ResultEnvelope = {
    commandId: value.commandId,
    taskId: value.taskId,
    status: value.status,
    error: (value.error as string | null | undefined) ?? null,
  };
  if (value.stepResults !== undefined && value.stepResults !== null) {
    if (!Array.isArray(value.stepResults)) return { ok: false, reason: 'stepResults is not an array' };
    const steps: StepResult[] = [];
    for (let i = 0; i < value.stepResults.length; i++) {
      const step = checkStep(value.stepResults[i]);
      if (typeof step === 'string') return { ok: false, reason: `stepResults[${i}]: ${step}` };
      steps.push(step);
    }
    envelope.stepResults = steps;
  }
  if (value.errorCode !== undefined) envelope.errorCode = value.errorCode as string | null;
  return { ok: true, envelope };
}

function checkStep(value: unknown): StepResult | string {
  if (!isPlainObject(value)) return 'not an object';
  if (typeof value.id !== 'string') return 'id is not a string';
  if (typeof value.actionType !== 'string') return 'actionType is not a string';
  if (typeof value.success !== 'boolean') return 'success is not a boolean';
  // The published operator leaves an empty data map out (ClawperatorResultEnvelope.kt:44,47 encodeDefaults=false).
  const given = value.data === undefined ? {} : value.data;
  if (!isPlainObject(given)) return 'data is not an object';
  const data: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    const v = given[key];
    if (typeof v !== 'string') return `data.${key} is not a string`;
    // defineProperty: a `__proto__` key from the device stays a plain own property, never a prototype change.
    Object.defineProperty(data, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  const step: StepResult = { id: value.id, actionType: value.actionType, success: value.success, data };
  if (value.error !== undefined) {
    if (typeof value.error !== 'string') return 'error is not a string';
    step.error = value.error;
  }
  return step;
}

export type EnvelopeParse =
  | { kind: 'envelope'; envelope: ResultEnvelope }
  | { kind: 'foreign' }
  | { kind: 'malformed'; error: SvcError };

/**
 * Classifies the JSON text of one terminal envelope for `commandId`: another execution's (it names another
 * commandId: ignored), ours, or malformed. A line that names no commandId at all (invalid JSON without a readable
 * `"commandId":"..."`, or JSON without a string commandId) is ignored too: it cannot be told apart from a stale
 * line of an earlier execution or from noise, and must not end the execution in flight (issue 19).
 */
export function parseEnvelopeJson(json: string, commandId: string): EnvelopeParse {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return commandIdNamedIn(json) === commandId ? malformed(commandId, 'invalid JSON') : { kind: 'foreign' };
  }
  if (!isPlainObject(value) || typeof value.commandId !== 'string' || value.commandId !== commandId) {
    return { kind: 'foreign' };
  }
  const shape = checkEnvelopeShape(value);
  if (!shape.ok) return malformed(commandId, shape.reason);
  return { kind: 'envelope', envelope: shape.envelope };
}

const NAMED_COMMAND_ID = /"commandId"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/** The commandId a result line names: from its JSON, else (a truncated line) from its first `"commandId":"..."`. */
export function commandIdNamedIn(json: string): string | undefined {
  try {
    const value = JSON.parse(json) as unknown;
    return isPlainObject(value) && typeof value.commandId === 'string' ? value.commandId : undefined;
  } catch {
    const quoted = NAMED_COMMAND_ID.exec(json)?.[1];
    if (quoted === undefined) return undefined;
    try {
      return JSON.parse(`"${quoted}"`) as string;
    } catch {
      return undefined;
    }
  }
}

export function malformed(commandId: string, reason: string): { kind: 'malformed'; error: SvcError } {
  return {
    kind: 'malformed',
    error: new SvcError('RESULT_ENVELOPE_MALFORMED', `The operator wrote a malformed result envelope: ${reason}.`, {
      commandId,
      reason,
    }),
  };
}

/** Serializes an envelope in the key order of OPERATOR-PROTOCOL §3 (used by encoders and tests). */
export function serializeEnvelope(envelope: ResultEnvelope): string {
  const ordered: Record<string, unknown> = {
    commandId: envelope.commandId,
    taskId: envelope.taskId,
    status: envelope.status,
  };
  if (envelope.stepResults !== undefined) {
    ordered.stepResults = envelope.stepResults.map((s) => {
      const step: Record<string, unknown> = { id: s.id, actionType: s.actionType, success: s.success, data: s.data };
      if (s.error !== undefined) step.error = s.error;
      return step;
    });
  }
  ordered.error = envelope.error;
  if (envelope.errorCode !== undefined && envelope.errorCode !== null) ordered.errorCode = envelope.errorCode;
  return JSON.stringify(ordered);
}
