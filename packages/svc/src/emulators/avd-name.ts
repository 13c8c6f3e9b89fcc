// AVD names as avdmanager accepts them. Every use case checks a name before it becomes part of a file path, so a
// name from a URL or a flag can never reach outside the AVD home (`../x` is refused, not looked up).
import { SvcError } from '../contracts/errors.ts';

const AVD_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function isValidAvdName(name: unknown): name is string {
  return typeof name === 'string' && AVD_NAME.test(name) && name !== '.' && name !== '..';
}

export function assertAvdName(name: unknown): string {
  if (isValidAvdName(name)) return name;
  throw new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    'name must be 1 to 64 letters, digits, dots, dashes or underscores.',
    {
      path: 'name',
      expected: 'letters, digits, dot, dash or underscore (at most 64)',
      received: typeof name === 'string' ? name.slice(0, 80) : typeof name,
    },
  );
}
