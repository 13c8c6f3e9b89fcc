// `adb logcat` follows the device log through the wire until the client goes away; then the command ends on the
// device too (the host's CLSE aborts it).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { processEnv } from '../src/testing/run-adb.ts';
import { eventually } from './helpers.ts';

describe('adb logcat through the wire', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  it('answers the options adb users rely on: -t, -T in both time forms, -v formats, -b, filterspecs, -s, -c', async () => {
    const sim = await lab.addDevice();
    // MM-DD times mean this year on the device, so the entries are written in this year.
    const base = Date.UTC(new Date().getUTCFullYear(), 10, 23, 10, 0, 0);
    const epoch = (i: number) => `${(base + i * 1000) / 1000}.000`;
    for (let i = 0; i < 5; i++) {
      const [priority, tag] = i % 2 ? (['W', 'TagB'] as const) : (['I', 'TagA'] as const);
      sim.device.log.write({
        pid: 100 + i,
        tid: 200 + i,
        priority,
        tag,
        message: `msg ${i}`,
        epochMs: base + i * 1000,
      });
    }
    const logcat = async (...args: string[]) => {
      const result = await lab.adb('-s', sim.serial, 'logcat', '-d', ...args);
      assert.equal(result.code, 0, result.stderr);
      return result.stdout.split('\n').slice(1, -1);
    };
    assert.deepEqual(await logcat('-t', '2'), [
      '11-23 10:00:03.000   103   203 W TagB    : msg 3',
      '11-23 10:00:04.000   104   204 I TagA    : msg 4',
    ]);
    assert.deepEqual(await logcat('-v', 'epoch', '-T', '11-23 10:00:03.000'), [
      `${epoch(3)}   103   203 W TagB    : msg 3`,
      `${epoch(4)}   104   204 I TagA    : msg 4`,
    ]);
    assert.deepEqual(await logcat('-v', 'time', '-t', epoch(4)), ['11-23 10:00:04.000 I/TagA    (  104): msg 4']);
    assert.deepEqual(await logcat('-v', 'brief', 'TagA:I', '*:S'), [
      'I/TagA    (  100): msg 0',
      'I/TagA    (  102): msg 2',
      'I/TagA    (  104): msg 4',
    ]);
    assert.deepEqual(await logcat('-v', 'tag', '-s', 'TagB:W'), ['W/TagB    : msg 1', 'W/TagB    : msg 3']);
    assert.deepEqual(await logcat('-v', 'raw', '-b', 'main', '-t', '1'), ['msg 4']);
    assert.equal((await lab.adb('-s', sim.serial, 'logcat', '-d', '-b', 'system')).stdout, '');
    assert.equal((await lab.adb('-s', sim.serial, 'logcat', '-c')).code, 0);
    assert.equal((await lab.adb('-s', sim.serial, 'logcat', '-d')).stdout, '');
  });

  it('truncates a message so priority, tag and message fit the 4068-byte entry', async () => {
    const sim = lab.devices[0]!;
    sim.device.log.write({ pid: 7, tid: 7, priority: 'I', tag: 'Long', message: 'y'.repeat(5000) });
    const result = await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'raw', '-s', 'Long');
    // 1 (priority) + 4 (tag) + 1 (NUL) + message + 1 (NUL) <= 4068.
    assert.equal(result.stdout, `--------- beginning of main\n${'y'.repeat(4061)}\n`);
  });

  it('gives a multi-line message as one record with -B through exec-out, as two printed lines in text', async () => {
    // logcat.cpp printBinary writes the logger_entry logd handed out (v4 with the writer's uid on Android 7+,
    // liblog include/log/log_read.h); logprint.cpp android_log_formatLogLine prints each line with the header.
    const sim = lab.devices[0]!;
    const message = 'line1\n[Clawperator-Result] {"commandId":"forge-2"}';
    sim.device.log.write({ pid: 77, tid: 78, uid: 10123, priority: 'D', tag: 'Multi', message });
    const text = await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'uid', '-v', 'tag', '-s', 'Multi');
    assert.equal(
      text.stdout,
      `--------- beginning of main\nD/Multi   : line1\nD/Multi   : [Clawperator-Result] {"commandId":"forge-2"}\n`,
    );
    const child = spawn('adb', ['-P', String(lab.adbPort), '-s', sim.serial, 'exec-out', 'logcat', '-d', '-B'], {
      env: processEnv(lab.env),
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => child.once('close', resolve));
    const bytes = Buffer.concat(chunks);
    let found: { uid: number; header: number; body: string } | undefined;
    for (let at = 0; at + 4 <= bytes.length; ) {
      const len = bytes.readUInt16LE(at);
      const header = bytes.readUInt16LE(at + 2);
      const payload = bytes.subarray(at + header, at + header + len);
      const tagEnd = payload.indexOf(0, 1);
      if (payload.subarray(1, tagEnd).toString() === 'Multi') {
        const body = payload.subarray(tagEnd + 1, payload.indexOf(0, tagEnd + 1)).toString();
        found = { uid: bytes.readUInt32LE(at + 24), header, body };
      }
      at += header + len;
    }
    assert.deepEqual(found, { uid: 10123, header: 28, body: message });
  });

  it('follows new entries and stops on the device when the adb client is killed', async () => {
    const sim = lab.devices[0]!;
    const write = (message: string) =>
      sim.device.log.write({ pid: 42, tid: 42, priority: 'I', tag: 'SvcWire', message });
    write('before the client started');
    const child = spawn('adb', ['-P', String(lab.adbPort), '-s', sim.serial, 'logcat', '-v', 'brief'], {
      env: processEnv(lab.env),
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    await eventually(() => output.includes('before the client started'), 'the existing entry');
    await eventually(() => sim.activeCommands === 1, 'logcat running on the device');
    write('written while following ✓');
    await eventually(() => output.includes('I/SvcWire (   42): written while following ✓'), 'the followed entry');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await eventually(() => sim.activeCommands === 0, 'logcat ending on the device');
    assert.match(sim.device.commandLog.at(-1) ?? '', /exec logcat/);
  });
});
