// The published Clawperator operator on a simulated phone, driven through the real adb binary exactly as its own host
// CLI 0.5.2 does (apps/node/src/adapters/android-bridge/broadcastAgentCommand.ts:4-35 @ v0.5.2: every argument
// single-quoted, `-p <pkg>`, `--receiver-foreground`), read back with `logcat -d -v tag` (no tag filter).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { shQuote } from './helpers.ts';

const PKG = 'com.clawperator.operator';
const ACTION = 'app.clawperator.operator.ACTION_AGENT_COMMAND';
let lab: Lab;
let sim: SimDevice;
let old: SimDevice;
let counter = 0;

before(async () => {
  lab = await createLab({
    devices: [{ operator: { variant: 'clawperator' } }, { operator: { variant: 'clawperator', versionName: '0.4.0' } }],
  });
  [sim, old] = lab.devices as [SimDevice, SimDevice];
});
after(() => lab?.close());

const shell = async (device: SimDevice, line: string) => (await lab.adb('-s', device.serial, 'shell', line)).stdout;

/** The published CLI's dispatch line (broadcastAgentCommand.ts:9-16): all four values quoted. */
const dispatchLine = (payload: string, pkg = PKG, target = true) =>
  `am broadcast -a ${shQuote(ACTION)}${target ? ` -p ${shQuote(pkg)}` : ''} --es ${shQuote('payload')} ${shQuote(payload)} --receiver-foreground`;

async function runOnDevice(actions: unknown[], target = true) {
  const commandId = `pub-${process.pid}-${++counter}`;
  const payload = JSON.stringify({
    commandId,
    taskId: 't',
    source: 'published-operator-adb.test',
    timeoutMs: 10000,
    actions,
  });
  await shell(sim, dispatchLine(payload, PKG, target));
  for (let i = 0; i < 200; i++) {
    const log = (await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'tag')).stdout;
    const line = log.split('\n').find((l) => l.includes(`[Clawperator-Result] {"commandId":"${commandId}"`));
    if (line || !target) return { commandId, payload, log, line };
    await sleep(25);
  }
  throw new Error(`no result for ${commandId}`);
}

test('identity: package, versionName/versionCode by the Gradle formula, components (app.gradle.kts:19-74, AndroidManifest.xml:29-73)', async () => {
  assert.match(await shell(sim, `pm list packages ${PKG}`), new RegExp(`^package:${PKG}$`, 'm'));
  const dumpsys = await shell(sim, `dumpsys package ${PKG}`);
  assert.match(dumpsys, /^\s+versionCode=502900\b/m);
  assert.match(dumpsys, /^\s+versionName=0\.5\.2$/m);
  assert.match(await shell(old, `dumpsys package ${PKG}`), /^\s+versionCode=400900\b.*\n[\s\S]*versionName=0\.4\.0$/m);
  assert.equal(
    (await shell(sim, 'settings get secure enabled_accessibility_services')).trim(),
    `${PKG}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`,
  );
  const started = await shell(sim, `am start -n ${PKG}/clawperator.activity.MainActivity`);
  assert.match(started, /^Starting: Intent/);
  assert.doesNotMatch(started, /Error/);
});

test('one command: result at I, hierarchy block at D, progress lines, all under short renamed tags and the app uid', async () => {
  await shell(sim, 'input keyevent 3');
  const r = await runOnDevice([{ id: 'snap', type: 'snapshot_ui' }]);
  assert.match(
    r.line!,
    /^I\/w\s*: \[Clawperator-Result\] \{"commandId":"pub-[^"]+","taskId":"t","status":"success","stepResults":\[\{"id":"snap","actionType":"snapshot_ui","success":true,"data":\{"actual_format":"hierarchy_xml","foreground_package":"com\.android\.launcher3","has_overlay":"false","window_count":"3"\}\}\],"error":null\}$/,
  );
  assert.match(r.log, /^D\/E\s*: \[TaskScope\] UI Hierarchy:$/m);
  assert.match(r.log, /^D\/E\s*: <\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?>$/m);
  assert.match(
    r.log,
    new RegExp(
      `^I/w\\s*: \\[Clawperator-Command\\] start commandId=${r.commandId} taskId=t source=published-operator-adb.test timeoutMs=10000 actionCount=1$`,
      'm',
    ),
  );
  assert.match(r.log, /^D\/g\s*: \[UiActionEngine\] step_start id=snap type=j$/m);
  const uid = (await shell(sim, `pm list packages -U ${PKG}`)).match(/uid:(\d+)/)![1];
  const withUid = (await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'uid')).stdout;
  assert.ok(
    withUid
      .split('\n')
      .some(
        (l) =>
          l.includes(`[Clawperator-Result] {"commandId":"${r.commandId}"`) &&
          new RegExp(`\\b(${uid}|u0_a\\d+)\\b`).test(l),
      ),
  );
});

test('a broadcast without -p reaches no manifest receiver: no result (AndroidManifest.xml:65-73, targetSdk 35)', async () => {
  const r = await runOnDevice([{ id: 's', type: 'sleep', params: { durationMs: 1 } }], false);
  await sleep(300);
  const log = (await lab.adb('-s', sim.serial, 'logcat', '-d', '-v', 'tag')).stdout;
  assert.ok(!log.includes(`"commandId":"${r.commandId}"`));
});

test('the device records the command it received: the shell argv after unquoting, and the broadcast with its extras', async () => {
  sim.device.commands.clear();
  const r = await runOnDevice([{ id: 's', type: 'sleep', params: { durationMs: 1 } }]);
  const [dispatch, broadcast] = sim.device.commands
    .entries()
    .filter((c) => c.kind === 'broadcast' || (c.kind === 'shell' && c.line.startsWith('am broadcast')));
  assert.deepEqual(dispatch && 'argv' in dispatch ? dispatch.argv : undefined, [
    ['am', 'broadcast', '-a', ACTION, '-p', PKG, '--es', 'payload', r.payload, '--receiver-foreground'],
  ]);
  assert.deepEqual(broadcast && { ...broadcast, time: 0 }, {
    kind: 'broadcast',
    action: ACTION,
    package: PKG,
    extras: { payload: r.payload },
    receivers: 1,
    time: 0,
  });
});
