// Failures inside a step (become a failed step result) and failures of the whole execution (become a failed
// envelope with no further steps).
export class StepError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly data: Record<string, string>;

  constructor(code: string, message: string, options: { retryable?: boolean; data?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.data = options.data ?? {};
  }
}

export class ExecutionError extends Error {
  readonly code: string;
  /** Keep the step results gathered so far in the failed envelope (false = none, as for SERVICE_UNAVAILABLE). */
  readonly keepSteps: boolean;

  constructor(code: string, message: string, keepSteps = true) {
    super(message);
    this.code = code;
    this.keepSteps = keepSteps;
  }
}

export const notFound = (what: string) =>
  new StepError('NODE_NOT_FOUND', `no node matches ${what}`, { retryable: true });

export const invalidParams = (message: string) => new StepError('EXECUTION_VALIDATION_FAILED', message);
