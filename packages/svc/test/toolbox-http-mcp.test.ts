// Every device tool succeeds over HTTP (POST /tools/<name>, as `svc serve` runs it) and over MCP, through real adb on
// simulated devices, and does on the device what it says (the CLI's own run of each is toolbox-cli.test.ts; bad
// arguments and missing devices on the three surfaces are toolbox-surfaces.test.ts). A recording pulled by a
// server lands in the screenshots folder only, as a screenshot does.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { receiveSms, reportAppCrash, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { CHORE_DEFINITIONS } from '../src/contracts/chores/index.ts';
import { withDevice } from './lab-device.ts';
import { codeOfText, connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

type Call = (name: string, args: Record<string, unknown>) => Promise<{ ok: boolean; body: Loose }>;

const SETTINGS = 'com.android.settings';

/** Runs every tool once as an agent would, on `sim`, through `call`; returns the names of the tools it ran. */
async function everyTool(lab: Lab, sim: SimDevice, call: Call, dir: string, shots: string): Promise<Set<string>> {
  const ran = new Set<string>();
  const ok = async (name: string, args: Record<string, unknown> = {}) => {
    const answer = await call(name, { deviceId: sim.serial, ...args });
    assert.equal(answer.ok, true, `${name}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.deviceId, sim.serial, name);
    ran.add(name);
    return answer.body;
  };
  const fails = async (name: string, args: Record<string, unknown>, code: string) => {
    const answer = await call(name, { deviceId: sim.serial, ...args });
    assert.equal(answer.ok, false, `${name} should fail: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.error?.code, code, `${name}: ${JSON.stringify(answer.body)}`);
  };

  assert.equal((await runCliJson(['open', SETTINGS, '--device', sim.serial], { env: lab.env })).code, 0);
  assert.equal((await ok('foreground')).package, SETTINGS);
  assert.deepEqual([(await ok('screen')).width, (await ok('screen')).height], [1080, 2400]);
  assert.equal((await ok('rotate', { orientation: 'landscape' })).width, 2400);
  assert.equal(sim.device.settings.system.get('user_rotation'), '1');
  assert.equal((await ok('rotate', { orientation: 'portrait' })).orientation, 'portrait');

  const launchable = await ok('apps');
  assert.ok(launchable.apps.some((a: { package: string }) => a.package === SETTINGS));
  assert.ok((await ok('apps', { all: true })).count > launchable.count);

  const apk = join(dir, 'demo.apk');
  const manifest = { svcSimApk: 1, package: 'com.example.demo', versionName: '1.0', versionCode: 1 };
  await writeFile(apk, `${JSON.stringify({ ...manifest, launcherActivity: '.Main' })}\n${'x'.repeat(50_000)}`);
  assert.equal((await ok('install', { apk })).installed, true);
  assert.ok(sim.device.packages.has('com.example.demo'));
  assert.equal((await ok('uninstall', { package: 'com.example.demo' })).uninstalled, true);
  // The Unicode keyboard svc ships: installed and enabled as an input method on the device.
  const keyboard = await ok('keyboard-install', {});
  assert.deepEqual([keyboard.installed, keyboard.package], [true, 'io.appium.settings']);
  assert.match((await lab.adb('-s', sim.serial, 'shell', 'ime', 'list', '-s')).stdout, /io\.appium\.settings\//);
  assert.ok(!sim.device.packages.has('com.example.demo'));

  const pid = Number((await lab.adb('-s', sim.serial, 'shell', 'pidof', SETTINGS)).stdout.trim());
  sim.device.log.write({ pid, tid: pid, priority: 'W', tag: 'ToolTest', message: 'hello from settings' });
  const logs = await ok('logs', { package: SETTINGS, grep: 'hello from', since: '10m' });
  assert.deepEqual(
    logs.lines.map((l: string) => l.replace(/^\S+ /, '')),
    [`${pid} W ToolTest: hello from settings`],
  );

  reportAppCrash(sim.device, { package: 'com.example.crashy', exception: 'java.lang.IllegalStateException: boom' });
  const crashes = await ok('crashes', { package: 'com.example.crashy' });
  assert.equal(crashes.count, 1);
  assert.match((await ok('crash', { id: crashes.crashes[0].id })).text, /IllegalStateException: boom/);

  await fails('clipboard-get', {}, 'CLIPBOARD_UNAVAILABLE');
  sim.device.props.set('svc.sim.clipboard_shell', '1');
  try {
    await ok('clipboard-set', { text: 'copied text' });
    assert.equal((await ok('clipboard-get')).text, 'copied text');
  } finally {
    sim.device.props.delete('svc.sim.clipboard_shell');
  }

  await fails('location', { latitude: 1, longitude: 2 }, 'LOCATION_UNSUPPORTED');
  await withDevice(lab, { emulator: true }, async (emulator) => {
    const fix = await call('location', { deviceId: emulator.serial, latitude: 35.6, longitude: 139.7 });
    assert.equal(fix.ok, true, JSON.stringify(fix.body));
    const shown = await lab.adb('-s', emulator.serial, 'shell', 'dumpsys', 'location');
    assert.match(shown.stdout, /gps: Location\[gps 35\.600000,139\.700000 /);
    ran.add('location');
  });

  const started = await ok('record-start', { timeLimitS: 30 });
  assert.equal((await ok('record-stop')).recordingId, started.recordingId);
  // A path outside the screenshots folder is refused before the copy; the recording stays on the device.
  const outside = join(dir, 'outside.mp4');
  await fails('record-pull', { out: outside }, 'PATH_FORBIDDEN');
  assert.equal(existsSync(outside), false);
  await fails('record-pull', { out: 'clip.txt' }, 'PATH_FORBIDDEN');
  const pulled = await ok('record-pull', { out: 'clip.mp4' });
  assert.equal(pulled.path, join(shots, 'clip.mp4'));
  assert.equal(readFileSync(pulled.path).subarray(4, 8).toString('latin1'), 'ftyp');
  await ok('record-start');
  await ok('record-stop');
  const byDefault = await ok('record-pull');
  assert.equal(byDefault.path, join(shots, `${byDefault.recordingId}.mp4`), 'the default name is in the folder too');

  // Notifications (their own suites go further: notifications.test.ts, notifications-servers.test.ts).
  const store = sim.device.notifications;
  const post = (title: string) =>
    store?.post({ pkg: SETTINGS, title, text: `${title} text`, contentIntent: { launch: SETTINGS } });
  post('Tool open');
  post('Tool dismiss');
  receiveSms(sim.device, { from: '+15550111', body: 'code 314159' });
  const listed = await ok('notifications', { extract: 'code' });
  const keyOf = (title: string) => listed.notifications.find((n: { title: string }) => n.title === title).key;
  assert.equal(listed.notifications[0].code, '314159');
  assert.equal((await ok('notification', { do: 'open', key: keyOf('Tool open') })).opened, true);
  assert.equal((await ok('notification', { do: 'dismiss', key: keyOf('Tool dismiss') })).dismissed, true);
  const reply = await ok('notification', { do: 'action', key: keyOf('+15550111'), action: 'Reply', reply: 'ok' });
  assert.equal(reply.pressed, true);
  assert.deepEqual(store?.responses.at(-1)?.text, 'ok');
  assert.equal((await ok('notification', { do: 'shade-open' })).shade, 'open');
  assert.equal((await ok('notification', { do: 'shade-close' })).shade, 'closed');
  await fails('sms', {}, 'SMS_UNAVAILABLE');
  sim.device.props.set('svc.sim.sms_shell', '1');
  try {
    assert.equal((await ok('sms')).messages[0].body, 'code 314159');
  } finally {
    sim.device.props.delete('svc.sim.sms_shell');
  }
  return ran;
}

describe('every device tool over HTTP', () => {
  let server: LabServer;
  let dir: string;
  let shots: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-tools-http-'));
    shots = join(dir, 'shots');
    await mkdir(shots, { mode: 0o700 });
    // Install reads APKs from the folder the server's user named (here the test's folder).
    server = await startLabServer([{}], { screenshotsDir: shots, apksDir: dir });
  });
  after(async () => {
    await server?.close();
  });

  test('each tool answers 200 with ok, the device and its result, and does what it says', async () => {
    const call: Call = async (name, args) => {
      const response = await postJson(server.url, `/tools/${name}`, args);
      return { ok: response.status === 200, body: response.body };
    };
    const ran = await everyTool(server.lab, server.lab.devices[0] as SimDevice, call, dir, shots);
    assert.deepEqual([...ran].sort(), CHORE_DEFINITIONS.map((c) => c.name).sort());
  });
});

describe('every device tool over MCP', () => {
  let lab: Lab;
  let session: StdioSession;
  let dir: string;
  let shots: string;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    dir = await mkdtemp(join(tmpdir(), 'svc-tools-mcp-'));
    shots = join(dir, 'shots');
    await mkdir(shots, { mode: 0o700 });
    const env = { ...lab.env, SVC_SCREENSHOTS_DIR: shots, SVC_APKS_DIR: dir };
    session = await connectStdio(['--no-daemon'], isolatedEnv(env), dir);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  test('each tool answers with its result once, as JSON text, and does what it says', async () => {
    const call: Call = async (name, args) => {
      const result = (await session.client.callTool({ name, arguments: args })) as Loose;
      assert.equal(result.structuredContent, undefined, `${name} says its result once`);
      const text = textOf(result);
      const ok = result.isError !== true;
      return { ok, body: ok ? JSON.parse(text) : { ok: false, error: { code: codeOfText(text) } } };
    };
    const ran = await everyTool(lab, lab.devices[0] as SimDevice, call, dir, shots);
    assert.deepEqual([...ran].sort(), CHORE_DEFINITIONS.map((c) => c.name).sort());
  });
});
