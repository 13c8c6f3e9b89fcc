// The one execution validator of contracts/ (SPEC parts 2 and 8), behind a local name for compile-artifact.
export { normalizeAndValidateExecution as validateExecution } from '../contracts/validate.ts';
