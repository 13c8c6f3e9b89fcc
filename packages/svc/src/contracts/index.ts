// Public surface of contracts/ (pure TypeScript: no node: imports, compiles against es2024 only).
export * from './aliases.ts';
export { base64Decode, base64Encode } from './base64.ts';
export { buildBroadcastCommand, OPERATOR_PACKAGES, quoteShellArg, serializeExecution } from './dispatch.ts';
export { type Env, homeOf, nonBlank } from './env.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './frames.ts';
export * from './limits.ts';
export { MATCHER_FIELDS, validateMatcher } from './matcher.ts';
export * from './operator-variants.ts';
export { RETRY_FIELDS, type Retry, validateRetry } from './retry.ts';
export { buildExecutionJsonSchema, executionJsonSchema } from './schema.ts';
export * from './types.ts';
export { utf8ByteLength, utf8Decode, utf8Encode } from './utf8.ts';
export {
  buildInternalExecution,
  type ExecutionOutcome,
  type InternalAction,
  normalizeAndValidateExecution,
} from './validate.ts';
export { type ParamsOutcome, validateActionParams } from './validate-params.ts';
