// doctor host and device checks (SPEC 4.5 steps 1–4, 4.6) through real adb against simulated devices.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { check, checkIds, doctor, FULL_BASIC_RUN } from './doctor-helpers.ts';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

describe('doctor host and device discovery', () => {
  let lab: Lab;
  let emptyBin: string;
  before(async () => {
    lab = await createLab();
    emptyBin = await mkdtemp(join(tmpdir(), 'svc-doctor-nobin-'));
  });
  after(async () => {
    await lab?.close();
    await rm(emptyBin, { recursive: true, force: true, maxRetries: 5 });
  });

  test('with no adb on PATH, host.adb.presence fails with ADB_NOT_FOUND and the run stops there', async () => {
    const run = await runCliJson(['doctor', '--json'], { env: { ...lab.env, PATH: emptyBin } });
    assert.equal(run.code, 1);
    assert.deepEqual(
      run.json.checks.map((c: { id: string }) => c.id),
      ['host.node.version', 'host.adb.presence'],
    );
    assert.equal(run.json.checks[0].status, 'pass');
    assert.equal(run.json.checks[1].status, 'fail');
    assert.equal(run.json.checks[1].code, 'ADB_NOT_FOUND');
    assert.equal(run.json.ok, false);
    assert.equal(run.json.criticalOk, false);
    assert.ok(run.json.nextActions.some((a: string) => a.includes('platform-tools')));
  });

  test('--check-only exits 0 even though a critical check failed, with the same report', async () => {
    const run = await runCliJson(['doctor', '--json', '--check-only'], { env: { ...lab.env, PATH: emptyBin } });
    assert.equal(run.code, 0);
    assert.equal(run.json.criticalOk, false);
    assert.equal(run.json.checks.at(-1).code, 'ADB_NOT_FOUND');
  });

  test('an adb server port held by something that is not adb fails host.adb.server with ADB_SERVER_FAILED', async () => {
    const impostor = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end('garbage\n');
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const port = (impostor.address() as net.AddressInfo).port;
    try {
      const report = await doctor(lab, {}, { ADB_SERVER_SOCKET: undefined, ANDROID_ADB_SERVER_PORT: String(port) });
      assert.deepEqual(checkIds(report), ['host.node.version', 'host.adb.presence', 'host.adb.server']);
      const server = check(report, 'host.adb.server');
      assert.equal(server.status, 'fail');
      assert.equal(server.code, 'ADB_SERVER_FAILED');
      assert.equal(server.evidence?.adbServer, `127.0.0.1:${port}`);
      assert.ok(report.nextActions?.includes(`adb kill-server`), JSON.stringify(report.nextActions));
    } finally {
      impostor.close();
    }
  });

  test('with no devices, device.discovery fails with NO_DEVICES and no device check runs', async () => {
    const report = await doctor(lab);
    assert.deepEqual(checkIds(report), [
      'host.node.version',
      'host.adb.presence',
      'host.adb.server',
      'device.discovery',
    ]);
    const discovery = check(report, 'device.discovery');
    assert.equal(discovery.code, 'NO_DEVICES');
    // A new user without a phone learns of the simulator, and of `adb connect` for network devices.
    assert.ok(
      report.nextActions?.some((line) => line.includes('svc sim start')),
      JSON.stringify(report.nextActions),
    );
    assert.ok(report.nextActions?.some((line) => line.includes('adb connect <host:port>')));
    assert.equal(report.deviceId, undefined);
    assert.equal(report.criticalOk, false);
  });

  test('an unauthorized device fails discovery with DEVICE_UNAUTHORIZED and on-device guidance', async () => {
    await withDevice(lab, { state: 'unauthorized' }, async (sim) => {
      const report = await doctor(lab);
      const discovery = check(report, 'device.discovery');
      assert.equal(discovery.status, 'fail');
      assert.equal(discovery.code, 'DEVICE_UNAUTHORIZED');
      assert.equal(discovery.evidence?.serial, sim.serial);
      assert.equal(discovery.deviceGuidance?.screen, 'USB debugging prompt');
      assert.equal(report.nextActions?.at(-1), 'On device, open USB debugging prompt and follow the listed steps.');
    });
  });

  test('an offline device fails discovery with DEVICE_OFFLINE and `adb reconnect offline` as the shell step', async () => {
    await withDevice(lab, { state: 'offline' }, async () => {
      const report = await doctor(lab);
      const discovery = check(report, 'device.discovery');
      assert.equal(discovery.code, 'DEVICE_OFFLINE');
      assert.deepEqual(
        discovery.fix?.steps.filter((s) => s.kind === 'shell').map((s) => s.value),
        ['adb reconnect offline'],
      );
      // Restarting the adb server would drop every `adb connect`ed device: it is a manual last resort, never run.
      assert.match(JSON.stringify(discovery.fix?.steps), /adb connect <host:port>.*svc sim start/);
    });
  });

  test('several devices warn MULTIPLE_DEVICES_DEVICE_ID_REQUIRED, list them, and end the run with criticalOk', async () => {
    const a = await lab.addDevice();
    const b = await lab.addDevice();
    try {
      const run = await runCliJson(['doctor', '--json'], { env: lab.env });
      assert.equal(run.code, 0, 'a warning never changes criticalOk');
      const ids = run.json.checks.map((c: { id: string }) => c.id);
      assert.equal(ids.at(-1), 'device.discovery');
      const discovery = run.json.checks.at(-1);
      assert.equal(discovery.status, 'warn');
      assert.equal(discovery.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
      const serials = discovery.evidence.devices.map((d: { serial: string }) => d.serial).sort();
      assert.deepEqual(serials, [a.serial, b.serial].sort());
      assert.ok(run.json.nextActions.includes(`svc doctor --device ${a.serial}`));
      assert.ok(run.json.nextActions.includes(`svc doctor --device ${b.serial}`));

      const chosen = await doctor(lab, { deviceId: b.serial });
      assert.equal(chosen.deviceId, b.serial);
      assert.deepEqual(checkIds(chosen), FULL_BASIC_RUN);
      assert.equal(chosen.criticalOk, true);
    } finally {
      await lab.removeDevice(a);
      await lab.removeDevice(b);
    }
  });

  test('--device naming a serial that is not connected fails discovery with DEVICE_NOT_FOUND', async () => {
    const report = await doctor(lab, { deviceId: '127.0.0.1:1' });
    const discovery = check(report, 'device.discovery');
    assert.equal(discovery.code, 'DEVICE_NOT_FOUND');
    assert.equal(report.criticalOk, false);
  });

  test('ANDROID_SERIAL naming an unauthorized device reports DEVICE_UNAUTHORIZED even when another is ready', async () => {
    const ready = await lab.addDevice();
    const locked = await lab.addDevice({ state: 'unauthorized' });
    try {
      const report = await doctor(lab, {}, { ANDROID_SERIAL: locked.serial });
      assert.equal(check(report, 'device.discovery').code, 'DEVICE_UNAUTHORIZED');
      const direct = await doctor(lab, { deviceId: ready.serial }, { ANDROID_SERIAL: locked.serial });
      assert.equal(check(direct, 'device.discovery').status, 'pass', '--device wins over ANDROID_SERIAL');
    } finally {
      await lab.removeDevice(ready);
      await lab.removeDevice(locked);
    }
  });
});
