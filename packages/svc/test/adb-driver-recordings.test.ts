// Recordings of the adb driver stay on the device until they are pulled: a new start_recording does not delete the
// file of an earlier session, and two session ids that differ only in characters a file name cannot hold keep two
// files. Through real adb on a simulated stock phone (no operator app), API 30 and API 21 (`ps` instead of pidof).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runAdb, step } from './adb-driver-helpers.ts';

describe('recordings of the adb driver', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }, { operator: false, apiLevel: 21 }] });
  });
  after(() => lab?.close());

  /** Records `sessionId` from start to stop; the device path of its file. */
  async function record(index: number, sessionId: string): Promise<string> {
    const run = await runAdb(lab, index, [
      { id: 'start', type: 'start_recording', params: { sessionId } },
      { id: 'stop', type: 'stop_recording', params: { sessionId } },
    ]);
    assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
    assert.equal(step(run, 'stop').data.device_path, step(run, 'start').data.device_path);
    return step(run, 'start').data.device_path as string;
  }

  const finished = async (index: number, path: string) => {
    const file = await lab.adbBytes('-s', lab.devices[index]!.serial, 'exec-out', `cat '${path}'`);
    return file.stdout.subarray(-4).toString('latin1') === 'moov';
  };

  for (const index of [0, 1]) {
    test(`an earlier session's file is kept, and ids differing only in special characters get their own (device ${index})`, async () => {
      const paths = [];
      for (const id of ['first', 'second', 'a/b', 'a_b', 'a b', 'a\u00e9b']) paths.push(await record(index, id));
      assert.equal(new Set(paths).size, paths.length, paths.join(' '));
      for (const path of paths) assert.ok(await finished(index, path), `${path} is still on the device, finished`);
      // The running session is still told apart: stop_recording of another id is refused while one records.
      const run = await runAdb(lab, index, [
        { id: 'start', type: 'start_recording', params: { sessionId: 'a/b' } },
        { id: 'wrong', type: 'stop_recording', params: { sessionId: 'a_b' } },
        { id: 'stop', type: 'stop_recording', params: { sessionId: 'a/b' } },
      ]);
      assert.equal(step(run, 'wrong').data.error, 'RECORDING_NOT_IN_PROGRESS');
      assert.equal(step(run, 'stop').data.recording, 'false');
    });
  }
});
