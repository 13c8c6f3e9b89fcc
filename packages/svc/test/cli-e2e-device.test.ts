// devices, packages list, exec, the demo, and two CLI processes racing for one device, through real adb.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCli, runCliJson } from './run-cli.ts';

describe('device commands through real adb', () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
  });
  after(async () => {
    await lab?.close();
  });

  test('devices lists the device as [{ serial, state, driver }] with the model and product adb shows', async () => {
    // `adb devices -l` appends `product:<ro.product.name> model:<ro.product.model, spaces as _> device:<...>` for a
    // device that answered (AOSP adb transport.cpp, append_transport_info); svc passes them on. `driver` is what
    // `--driver auto` would use there.
    const adb = await lab.adb('devices', '-l');
    assert.match(adb.stdout, /product:pixel_7 model:Pixel_7 device:pixel_7/);
    const run = await runCliJson(['devices'], { env: lab.env });
    assert.equal(run.code, 0);
    assert.deepEqual(run.json, [
      {
        serial,
        state: 'device',
        product: 'pixel_7',
        model: 'Pixel_7',
        device: 'pixel_7',
        driver: 'operator',
        operatorPackage: 'com.svc.operator',
      },
    ]);
    const pretty = await runCli(['devices', '--output', 'pretty'], { env: lab.env });
    assert.match(pretty.stdout, /serial\s+state\s+driver\s+model\s+product/);
    assert.match(pretty.stdout, /device\s+operator\s+Pixel_7\s+pixel_7/);
  });

  test('packages list returns sorted ids; --third-party leaves out system apps', async () => {
    const all = await runCliJson(['packages', 'list'], { env: lab.env });
    assert.equal(all.code, 0, all.stdout);
    assert.ok(all.json.packages.includes('com.android.settings'));
    assert.ok(all.json.packages.includes('com.svc.operator'));
    assert.deepEqual(all.json.packages, [...all.json.packages].sort());
    const third = await runCliJson(['packages', 'list', '--third-party'], { env: lab.env });
    assert.ok(!third.json.packages.includes('com.android.settings'));
    assert.ok(third.json.packages.length < all.json.packages.length);
    // The simulator's own apps are installed apps, as on a phone (`pm list packages -3`), not system ones.
    for (const app of ['com.svc.browser', 'com.svc.login', 'com.svc.operator', 'com.svc.thermostat']) {
      assert.ok(third.json.packages.includes(app), `${app} in ${third.json.packages}`);
    }
  });

  test('exec runs a payload with the canonical action types in the result', async () => {
    const payload = {
      command_id: 'e2e-1',
      task_id: 't',
      source: 'test',
      expected_format: 'android-ui-automator',
      timeout_ms: 30000,
      actions: [
        { id: 'o', type: 'open_app', params: { package: 'com.android.settings' } },
        { id: 's', type: 'snapshot' },
      ],
    };
    const run = await runCliJson(['exec', JSON.stringify(payload)], { env: lab.env });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(
      run.json.envelope.stepResults.map((s: { actionType: string }) => s.actionType),
      ['open_app', 'snapshot_ui'],
    );
  });

  test('a wrong --device fails with DEVICE_NOT_FOUND on stdout and exit 1', async () => {
    const run = await runCliJson(['snapshot', '--device', 'nope:1'], { env: lab.env });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'DEVICE_NOT_FOUND');
  });

  test('two CLI processes at once on one device: exactly one gets EXECUTION_CONFLICT_IN_FLIGHT', async () => {
    const runs = await Promise.all([
      runCliJson(['sleep', '4000'], { env: lab.env }),
      runCliJson(['sleep', '4000'], { env: lab.env }),
    ]);
    const conflicts = runs.filter((r) => r.json.code === 'EXECUTION_CONFLICT_IN_FLIGHT');
    const successes = runs.filter((r) => r.code === 0 && r.json.ok === true);
    assert.equal(conflicts.length, 1, runs.map((r) => r.stdout).join('\n'));
    assert.equal(successes.length, 1);
    assert.equal(conflicts[0]?.code, 1);
  });
});

test('svc demo starts a private device, runs the sample execution, prints it and stops', async () => {
  const run = await runCli(['demo']);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /read: "Network & internet"/);
  assert.match(run.stdout, /screenshot: .*settings\.png/);
  assert.match(run.stderr, /stopped the simulated device/);
  const json = await runCliJson(['demo', '--output', 'json']);
  assert.equal(json.code, 0);
  assert.equal(json.json.envelope.stepResults.length, 5);
});
