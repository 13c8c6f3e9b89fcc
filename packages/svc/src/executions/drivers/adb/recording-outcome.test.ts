// Recording on a device whose shell ends before the exit sentinel comes back (a cable pulled, adbd restarted): the
// driver cannot tell whether screenrecord is there, started or stopped, so neither start nor stop is reported as
// done or as the device's answer (RECORDING_UNSUPPORTED, RECORDING_NOT_IN_PROGRESS would blame the phone).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeAdb, ok } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { startRecording, stopRecording } from './actions/recording.ts';
import { fakeStep } from './fake-step.test-helper.ts';

const cutShell = () => {
  const adb = new FakeAdb();
  // Every line ends before its sentinel: what it printed so far, no `__svc_rc=`.
  adb.handle = (_serial, command) => (command.startsWith('getprop') ? ok('34\n') : ok(''));
  return adb;
};
const unknown = (error: Error & { code?: string }) =>
  error.code === 'DEVICE_SHELL_UNAVAILABLE' && /did not say whether/.test(error.message);

test('start_recording and stop_recording with a cut shell: DEVICE_SHELL_UNAVAILABLE, not an answer of the phone', async () => {
  const start = fakeStep(cutShell(), { id: 'r', type: 'start_recording', params: { sessionId: 's1' } });
  await assert.rejects(startRecording(start), unknown);
  const stop = fakeStep(cutShell(), { id: 's', type: 'stop_recording', params: { sessionId: 's1' } });
  await assert.rejects(stopRecording(stop), unknown);
});
