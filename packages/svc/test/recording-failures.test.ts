// A screen recording that did not start, that outlived its stop, or that ended by itself is reported as it is, by
// the toolbox (`svc record`) and by the adb driver (start_recording / stop_recording), through real adb on simulated
// stock phones. The device's words come from real phones (svc-sim's screenrecord faults): `ERROR: unable to
// configure video/avc codec at 1920x1080 (err=-22)`, a retry at 1280x720 failing the same way and a 0 KB file
// (openatx/adbutils#103); `Encoder failed (err=-38)` (Genymobile/scrcpy#349, waydroid/waydroid#553). Below API 24
// adb carries no exit status, so only the text can say so.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { runAdb, step } from './adb-driver-helpers.ts';
import { runCliJson } from './run-cli.ts';

const TMP = '/data/local/tmp';

describe('screen recordings that fail', () => {
  let lab: Lab;
  let dir: string;
  const device = (index: number) => lab.devices[index] as SimDevice;
  const svc = (index: number, ...args: string[]) =>
    runCliJson([...args, '--device', device(index).serial], { env: lab.env, cwd: dir });
  /** The names in the recordings folder of the device. */
  const files = async (index: number) =>
    (await lab.adb('-s', device(index).serial, 'shell', 'ls', TMP)).stdout.split(/\s+/).filter(Boolean);
  const screenrecords = async (index: number) =>
    (await lab.adb('-s', device(index).serial, 'shell', 'ps')).stdout.split('\n').filter((l) => /screenrecord/.test(l));

  before(async () => {
    lab = await createLab({
      devices: [
        { operator: false },
        { operator: false, apiLevel: 23, missingCommands: ['screenrecord'] },
        { operator: false, apiLevel: 21 },
      ],
    });
    dir = await mkdtemp(join(tmpdir(), 'svc-rec-fail-'));
  });
  after(() => lab?.close());
  afterEach(async () => {
    for (const sim of lab.devices) {
      sim.faults.clear();
      for (const pid of sim.device.processes.pidsOf('screenrecord')) sim.device.processes.signalPid(pid, 'KILL');
    }
  });

  test('API 23 without screenrecord: record start is RECORDING_UNSUPPORTED (no exit status to tell it)', async () => {
    const started = await svc(1, 'record', 'start', '--time-limit-s', '30');
    assert.equal(started.json.code, 'RECORDING_UNSUPPORTED', started.stdout);
    assert.equal((await files(1)).filter((f) => f.startsWith('svc-record-')).length, 0, 'nothing left behind');
  });

  for (const index of [0, 2]) {
    test(`a codec that cannot be configured fails the start with the device's words (device ${index})`, async () => {
      device(index).faults.set('screenrecord_codec_error');
      const started = await svc(index, 'record', 'start', '--time-limit-s', '30');
      assert.equal(started.json.code, 'RECORDING_FAILED', started.stdout);
      assert.match(started.json.message, /unable to configure video\/avc codec at 1280x720 \(err=-22\)/);
      assert.match(started.json.hint, /screenshots/);
      const run = await runAdb(lab, index, [
        { id: 'start', type: 'start_recording', params: { sessionId: 'codec' } },
        { id: 'stop', type: 'stop_recording', params: { sessionId: 'codec' } },
      ]);
      assert.equal(step(run, 'start').data.error, 'RECORDING_FAILED');
      assert.match(step(run, 'start').data.message ?? '', /unable to configure video\/avc codec at 1920x1080/);
      // The words were kept in a file beside the recording, not thrown away; both are gone after the failure.
      assert.ok(
        run.commands.some((c) => c.includes(`>'${TMP}/svc-rec-codec.mp4.log' 2>&1 &`)),
        run.commands.join('\n'),
      );
      assert.equal(step(run, 'stop').data.error, 'RECORDING_NOT_IN_PROGRESS');
      assert.deepEqual(
        (await files(index)).filter((f) => /^svc-rec(ord)?-/.test(f)),
        [],
        'no 0 KB recording nor log left',
      );
    });
  }

  test('an encoder that fails at once fails the start (adb driver, toolbox)', async () => {
    device(0).faults.set('screenrecord_encoder_fails');
    const run = await runAdb(lab, 0, [{ id: 'start', type: 'start_recording', params: { sessionId: 'enc' } }]);
    assert.equal(step(run, 'start').data.error, 'RECORDING_FAILED');
    assert.match(step(run, 'start').data.message ?? '', /Encoder failed \(err=-38\)/);
    const started = await svc(0, 'record', 'start', '--time-limit-s', '30');
    assert.equal(started.json.code, 'RECORDING_FAILED', started.stdout);
  });

  for (const index of [0, 2]) {
    test(`a screenrecord that outlives the stop is RECORDING_STOP_FAILED, not stopped (device ${index})`, async () => {
      const started = await svc(index, 'record', 'start', '--time-limit-s', '30');
      assert.equal(started.code, 0, started.stdout);
      device(index).faults.set('screenrecord_ignores_sigint');
      const stopped = await svc(index, 'record', 'stop');
      assert.equal(stopped.json.code, 'RECORDING_STOP_FAILED', stopped.stdout);
      assert.match(stopped.json.message, /still runs/);
      assert.equal((await screenrecords(index)).length, 1, 'it does run');
      device(index).faults.clear();
      assert.equal((await svc(index, 'record', 'stop')).code, 0, 'a retried stop ends it');

      device(index).faults.set('screenrecord_ignores_sigint');
      const run = await runAdb(lab, index, [
        { id: 'start', type: 'start_recording', params: { sessionId: 'deaf' } },
        { id: 'stop', type: 'stop_recording', params: { sessionId: 'deaf' } },
      ]);
      assert.equal(step(run, 'start').data.recording, 'true');
      assert.equal(step(run, 'stop').data.error, 'RECORDING_STOP_FAILED', JSON.stringify(step(run, 'stop')));
    });
  }

  test('svc record: a recording that ended by itself is stopped with its file ready; a crash says so', async () => {
    const started = await svc(0, 'record', 'start', '--time-limit-s', '30');
    assert.equal(started.code, 0, started.stdout);
    // screenrecord ends by itself as at its time limit (which finishes the file as SIGINT does).
    for (const pid of device(0).device.processes.pidsOf('screenrecord')) {
      await lab.adb('-s', device(0).serial, 'shell', 'kill', '-2', String(pid));
    }
    assert.equal((await screenrecords(0)).length, 0);
    const stop = await svc(0, 'record', 'stop');
    assert.equal(stop.code, 0, stop.stdout);
    assert.equal(stop.json.recordingId, started.json.recordingId);
    assert.match(stop.json.ended ?? '', /by itself/);
    const again = await svc(0, 'record', 'stop');
    assert.equal(again.json.code, 'RECORDING_NOT_IN_PROGRESS', again.stdout);
    const pulled = await svc(0, 'record', 'pull');
    assert.equal(pulled.json.recordingId, started.json.recordingId, pulled.stdout);
    assert.ok(pulled.json.bytes > 0, pulled.stdout);

    // The encoder fails a while after the start: the start was right, the stop reports the failure.
    device(0).faults.set('screenrecord_encoder_fails', 1500);
    const crash = await svc(0, 'record', 'start', '--time-limit-s', '30');
    assert.equal(crash.code, 0, crash.stdout);
    await sleep(1500);
    const stopped = await svc(0, 'record', 'stop');
    assert.equal(stopped.json.code, 'RECORDING_FAILED', stopped.stdout);
    assert.match(stopped.json.message, /Encoder failed \(err=-38\)/);
    assert.equal((await svc(0, 'record', 'stop')).json.code, 'RECORDING_NOT_IN_PROGRESS');
  });

  test('svc record: a recording done with is never taken for one to stop (pulled and kept, empty, or left behind)', async () => {
    const endByItself = async (signal: string) => {
      for (const pid of device(0).device.processes.pidsOf('screenrecord')) {
        await lab.adb('-s', device(0).serial, 'shell', 'kill', signal, String(pid));
      }
    };
    const stopCode = async () => (await svc(0, 'record', 'stop')).json.code;
    // Pulled while kept on the device: it is done with, so a later stop finds nothing to stop.
    const kept = await svc(0, 'record', 'start', '--time-limit-s', '30');
    await endByItself('-2');
    const pulled = await svc(0, 'record', 'pull', '--keep-on-device');
    assert.equal(pulled.json.recordingId, kept.json.recordingId, pulled.stdout);
    assert.equal(await stopCode(), 'RECORDING_NOT_IN_PROGRESS');
    // Killed before it wrote anything (screenrecord creates its file first): no video, and the empty file is removed.
    const empty = await svc(0, 'record', 'start', '--time-limit-s', '30');
    await endByItself('-9');
    await lab.adb('-s', device(0).serial, 'shell', `true > ${empty.json.devicePath}`);
    const none = await svc(0, 'record', 'stop');
    assert.equal(none.json.code, 'RECORDING_NOT_IN_PROGRESS', none.stdout);
    assert.match(none.json.message, /ended by itself without writing a video/);
    assert.ok(!(await files(0)).includes(`svc-record-${empty.json.recordingId}.mp4`), 'the empty file is gone');
    // One that failed and was never stopped, then a new one recorded, stopped and pulled: the old failure is not
    // reported for a stop that comes after.
    device(0).faults.set('screenrecord_encoder_fails', 1500);
    const failed = await svc(0, 'record', 'start', '--time-limit-s', '30');
    assert.equal(failed.code, 0, failed.stdout);
    await sleep(1500);
    device(0).faults.clear();
    const next = await svc(0, 'record', 'start', '--time-limit-s', '30');
    assert.equal(next.code, 0, next.stdout);
    assert.equal((await svc(0, 'record', 'stop')).code, 0);
    assert.equal((await svc(0, 'record', 'pull', next.json.recordingId)).code, 0);
    assert.equal(await stopCode(), 'RECORDING_NOT_IN_PROGRESS');
  });

  test('adb driver: a recording that ended by itself is stopped with its file ready; a crash says so', async () => {
    const run = await runAdb(lab, 0, [{ id: 'start', type: 'start_recording', params: { sessionId: 'alone' } }]);
    assert.equal(step(run, 'start').data.recording, 'true');
    // screenrecord ends by itself as at its time limit (which finishes the file as SIGINT does).
    for (const pid of device(0).device.processes.pidsOf('screenrecord')) {
      await lab.adb('-s', device(0).serial, 'shell', 'kill', '-2', String(pid));
    }
    assert.equal((await screenrecords(0)).length, 0);
    const stop = await runAdb(lab, 0, [{ id: 'stop', type: 'stop_recording', params: { sessionId: 'alone' } }]);
    assert.equal(step(stop, 'stop').success, true, JSON.stringify(step(stop, 'stop')));
    assert.equal(step(stop, 'stop').data.device_path, `${TMP}/svc-rec-alone.mp4`);
    assert.match(step(stop, 'stop').data.ended ?? '', /by itself/);
    const again = await runAdb(lab, 0, [{ id: 'stop', type: 'stop_recording' }]);
    assert.equal(step(again, 'stop').data.error, 'RECORDING_NOT_IN_PROGRESS');
    assert.ok(!(await files(0)).includes('svc-rec-alone.mp4.log'), 'its log is removed');

    // The encoder fails a while after the start: the start was right, the stop reports the failure.
    device(0).faults.set('screenrecord_encoder_fails', 1500);
    const crash = await runAdb(lab, 0, [{ id: 'start', type: 'start_recording', params: { sessionId: 'crash' } }]);
    assert.equal(step(crash, 'start').data.recording, 'true');
    await sleep(1500);
    const stopped = await runAdb(lab, 0, [{ id: 'stop', type: 'stop_recording' }]);
    assert.equal(step(stopped, 'stop').data.error, 'RECORDING_FAILED', JSON.stringify(step(stopped, 'stop')));
    assert.match(step(stopped, 'stop').data.message ?? '', /Encoder failed \(err=-38\)/);
  });
});
