// A failure of the on-screen log panel: a code and message the step reports as its `error` and `message`.
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

export const invalidParams = (message: string) => new StepError('EXECUTION_VALIDATION_FAILED', message);
