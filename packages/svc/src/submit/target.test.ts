import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../contracts/errors.ts';
import { resolveTarget } from './target.ts';

test('the given value wins, then the front end default, then the environment, then the built-in default', () => {
  const env = { ANDROID_SERIAL: 'env-dev', SVC_OPERATOR_PACKAGE: 'env.pkg', SVC_DRIVER: 'adb' };
  assert.deepEqual(resolveTarget({ deviceId: 'a', operatorPackage: 'p', driver: 'operator' }, env), {
    deviceId: 'a',
    deviceSource: 'explicit',
    operatorPackage: 'p',
    operatorPackageSource: 'given',
    driver: 'operator',
  });
  assert.deepEqual(resolveTarget({ defaultDeviceId: 'b', defaultOperatorPackage: 'q' }, env), {
    deviceId: 'b',
    deviceSource: 'explicit',
    operatorPackage: 'q',
    operatorPackageSource: 'given',
    driver: 'adb',
  });
  assert.deepEqual(resolveTarget({}, env), {
    deviceId: 'env-dev',
    deviceSource: 'ANDROID_SERIAL',
    operatorPackage: 'env.pkg',
    operatorPackageSource: 'env',
    driver: 'adb',
  });
  assert.deepEqual(resolveTarget({}, {}), {
    operatorPackage: 'com.svc.operator',
    operatorPackageSource: 'default',
    driver: 'auto',
  });
});

test('blank values count as unset, and SVC_RECEIVER_PACKAGE is the second spelling of the package variable', () => {
  const target = resolveTarget(
    { deviceId: '  ' },
    { ANDROID_SERIAL: ' ', SVC_OPERATOR_PACKAGE: '', SVC_RECEIVER_PACKAGE: 'r.pkg' },
  );
  assert.equal(target.deviceId, undefined);
  assert.equal(target.operatorPackage, 'r.pkg');
});

test('an unknown driver and control characters are refused with the path the caller knows', () => {
  const refused = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      assert.ok(error instanceof SvcError);
      return { code: error.code, path: error.details?.path };
    }
    assert.fail('expected a refusal');
  };
  assert.deepEqual(
    refused(() => resolveTarget({ driver: 'magic' }, {})),
    { code: 'EXECUTION_VALIDATION_FAILED', path: 'driver' },
  );
  assert.deepEqual(
    refused(() => resolveTarget({}, { SVC_DRIVER: 'x' })),
    { code: 'EXECUTION_VALIDATION_FAILED', path: 'SVC_DRIVER' },
  );
  const names = { deviceId: '--device', operatorPackage: '--operator-package', driver: '--driver' };
  assert.deepEqual(
    refused(() => resolveTarget({ deviceId: 'a\u0000b' }, {}, names)),
    {
      code: 'EXECUTION_VALIDATION_FAILED',
      path: '--device',
    },
  );
  assert.deepEqual(
    refused(() => resolveTarget({ operatorPackage: 'p\nq' }, {})),
    {
      code: 'EXECUTION_VALIDATION_FAILED',
      path: 'operatorPackage',
    },
  );
});

test('a device id naming an adb server must name a configured one', () => {
  const env = { SVC_ADB_SERVERS: 'tcp:h1:5037,tcp:h2:5037' };
  assert.equal(resolveTarget({ deviceId: 'h2:5037/R58M' }, env).deviceId, 'h2:5037/R58M');
  for (const [deviceId, environment] of [
    ['h3:5037/R58M', env],
    ['h1:5037/R58M', {}],
  ] as const) {
    assert.throws(
      () => resolveTarget({ deviceId }, environment),
      (error: unknown) =>
        error instanceof SvcError && error.code === 'EXECUTION_VALIDATION_FAILED' && error.details?.path === 'deviceId',
    );
  }
});
