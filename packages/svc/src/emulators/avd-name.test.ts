import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SvcError } from '../contracts/errors.ts';
import { assertAvdName, isValidAvdName } from './avd-name.ts';

describe('AVD names', () => {
  it('accepts the names avdmanager accepts', () => {
    for (const name of ['svc-pixel', 'Pixel_7_API_35', 'a.b-c_d', 'x'.repeat(64)])
      assert.equal(isValidAvdName(name), true);
  });

  it('refuses anything that could leave the AVD home or is not a name, as EXECUTION_VALIDATION_FAILED at path name', () => {
    for (const name of ['', '.', '..', '../x', 'a/b', 'a\\b', 'with space', 'x'.repeat(65), 'é', 42, undefined]) {
      assert.throws(
        () => assertAvdName(name),
        (error: unknown) =>
          error instanceof SvcError && error.code === 'EXECUTION_VALIDATION_FAILED' && error.details?.path === 'name',
        String(name),
      );
    }
  });
});
