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
