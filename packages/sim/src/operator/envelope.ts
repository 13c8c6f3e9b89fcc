// Result envelope and step results (SPEC 2.6, OPERATOR-PROTOCOL §3): key order is part of the contract.
export interface StepResult {
  id: string;
  actionType: string;
  success: boolean;
  data: Record<string, string>;
  error?: string;
}

export interface Envelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: StepResult[];
  error: string | null;
  errorCode?: string;
}

export function serializeEnvelope(e: Envelope): string {
  const steps = e.stepResults.map((s) => ({
    id: s.id,
    actionType: s.actionType,
    success: s.success,
    data: s.data,
    ...(s.error !== undefined ? { error: s.error } : {}),
  }));
  const ordered = {
    commandId: e.commandId,
    taskId: e.taskId,
    status: e.status,
    stepResults: steps,
    error: e.error,
    ...(e.errorCode !== undefined ? { errorCode: e.errorCode } : {}),
  };
  return JSON.stringify(ordered);
}

export function failedEnvelope(
  ids: { commandId: string; taskId: string },
  errorCode: string,
  error: string,
  stepResults: StepResult[] = [],
): Envelope {
  return { ...ids, status: 'failed', stepResults, error, errorCode };
}
