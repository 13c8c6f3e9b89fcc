// What a result says of the text an enter_text step typed: how long it was (`text_length`, in characters), never
// the text. The caller knows what it sent; a password echoed in the result would land in every log, terminal and
// transcript the result reaches (an agent's context included). Both drivers' steps go through this on the host, and
// so does the operator app's own echo (`text`), whichever operator it is.
import type { ResultEnvelope, StepResult } from './types.ts';

export function withoutTypedText(envelope: ResultEnvelope): ResultEnvelope {
  const steps = envelope.stepResults;
  if (steps === undefined || !steps.some(echoesText)) return envelope;
  return { ...envelope, stepResults: steps.map((step) => (echoesText(step) ? withLength(step) : step)) };
}

function echoesText(step: StepResult): boolean {
  return step.actionType === 'enter_text' && typeof step.data?.text === 'string';
}

function withLength(step: StepResult): StepResult {
  const { text, ...rest } = step.data;
  return { ...step, data: { ...rest, text_length: String([...(text ?? '')].length) } };
}
