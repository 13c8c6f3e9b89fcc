import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SvcError } from '../contracts/errors.ts';
import { chooseDevice } from './resolve-device.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof SvcError
      ? { code: error.code, details: error.details, hint: error.toBody().hint }
      : undefined;
  }
  return undefined;
};
const a = { serial: 'a', state: 'device' };
const b = { serial: 'b', state: 'device' };
const u = { serial: 'u', state: 'unauthorized' };

test('picks the only device in state device, ignoring unauthorized and offline ones', () => {
  assert.deepEqual(chooseDevice([u, a]), { serial: 'a', source: 'only_device' });
});

test('NO_DEVICES when nothing is connected; the blocked device when nothing is ready', () => {
  assert.equal(code(() => chooseDevice([]))?.code, 'NO_DEVICES');
  assert.equal(code(() => chooseDevice([u]))?.code, 'DEVICE_UNAUTHORIZED');
  assert.equal(code(() => chooseDevice([{ serial: 'o', state: 'offline' }]))?.code, 'DEVICE_OFFLINE');
  assert.equal(code(() => chooseDevice([{ serial: 'o', state: 'offline' }, u]))?.code, 'DEVICE_UNAUTHORIZED');
  assert.equal(code(() => chooseDevice([{ serial: 's', state: 'sideload' }]))?.code, 'DEVICE_NOT_READY');
  assert.equal(code(() => chooseDevice([{ serial: 's', state: 'sideload' }, u]))?.code, 'DEVICE_UNAUTHORIZED');
});

test('MULTIPLE_DEVICES_DEVICE_ID_REQUIRED with two ready devices and no id; ANDROID_SERIAL chooses', () => {
  assert.equal(code(() => chooseDevice([a, b]))?.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
  assert.deepEqual(chooseDevice([a, b], { deviceId: 'b', deviceSource: 'ANDROID_SERIAL' }), {
    serial: 'b',
    source: 'ANDROID_SERIAL',
  });
  assert.deepEqual(chooseDevice([a, b], { deviceId: 'a', deviceSource: 'explicit' }), {
    serial: 'a',
    source: 'explicit',
  });
});

test('DEVICE_NOT_FOUND for an unknown id; the state code for a known one that is not ready', () => {
  assert.deepEqual(code(() => chooseDevice([a, u], { deviceId: 'zz' }))?.details?.connected, ['a']);
  const fromEnv = code(() => chooseDevice([a], { deviceId: 'zz', deviceSource: 'ANDROID_SERIAL' }));
  assert.equal(fromEnv?.details?.from, 'ANDROID_SERIAL', 'the error says where the serial came from');
  const notReady = code(() => chooseDevice([a, u], { deviceId: 'u' }));
  assert.equal(notReady?.code, 'DEVICE_UNAUTHORIZED');
  assert.equal(notReady?.details?.state, 'unauthorized');
  assert.deepEqual(notReady?.details?.connected, ['a']);
  // A boot mode is a state of its own, with what to do about it (not "not connected").
  const recovery = code(() => chooseDevice([{ serial: 'r', state: 'recovery' }], { deviceId: 'r' }));
  assert.equal(recovery?.code, 'DEVICE_NOT_READY');
  assert.match(recovery?.hint ?? '', /recovery mode.*adb -s r reboot/);
});

test('several adb servers: a plain serial names the one device that has it, and two hosts with it are ambiguous', () => {
  const h1 = { serial: 'h1:5037/emulator-5554', state: 'device' };
  const h2 = { serial: 'h2:5037/emulator-5554', state: 'device' };
  const other = { serial: 'h2:5037/R58M', state: 'device' };
  assert.deepEqual(chooseDevice([h1, other], { deviceId: 'emulator-5554' }), { serial: h1.serial, source: 'explicit' });
  const both = code(() => chooseDevice([h1, h2], { deviceId: 'emulator-5554' }));
  assert.equal(both?.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
  assert.deepEqual(both?.details?.connected, [h1.serial, h2.serial]);
  assert.equal(code(() => chooseDevice([h1], { deviceId: 'h3:5037/emulator-5554' }))?.code, 'DEVICE_NOT_FOUND');
});
