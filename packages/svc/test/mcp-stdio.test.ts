// `svc mcp` over stdio, driven by the SDK's own Client, against a simulated device through real adb (issue 11
// proof): the tool list and its schemas, every tool once, InvalidParams on bad calls, svc error codes on failures.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { executionJsonSchema } from '../src/contracts/schema.ts';
import { DEVICE_TOOLS } from '../src/toolbox/catalog.ts';
import { connectStdio, expectProtocolError, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';
import { createFixtureRepo, type FixtureRepo } from './skills-fixture.ts';

const SETTINGS = 'com.android.settings';
const TOOLS = [
  'execute',
  'snapshot',
  'screenshot',
  'click',
  'type',
  'read',
  'read-value',
  'wait',
  'wait-for-nav',
  'scroll',
  'scroll-until',
  'open',
  'close-app',
  'press-key',
  'sleep',
  'on-screen-log-set',
  'on-screen-log-clear',
  ...DEVICE_TOOLS.map((tool) => tool.name),
  'devices',
  'skills-list',
  'skills-search',
  'skills-run',
  'doctor',
];

describe('svc mcp over stdio against a simulated device', () => {
  let lab: Lab;
  let serial: string;
  let repo: FixtureRepo;
  let cwd: string;
  let session: StdioSession;
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Loose> =>
    session.client.callTool({ name, arguments: args });
  /** A device tool call that must fully succeed; returns its only step. */
  const step = async (name: string, args: Record<string, unknown>): Promise<Loose> => {
    const result = await call(name, { deviceId: serial, ...args });
    assert.equal(result.isError, false, `${name} → ${JSON.stringify(result.structuredContent)}`);
    const run = result.structuredContent;
    assert.equal(run.ok, true);
    assert.equal(run.deviceId, serial);
    assert.equal(run.envelope.stepResults.length, 1);
    return run.envelope.stepResults[0];
  };

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
    repo = createFixtureRepo();
    cwd = await mkdtemp(join(tmpdir(), 'svc-mcp-cwd-'));
    // Screenshot paths of tool calls are confined to the screenshots folder: the test's cwd here.
    const env = isolatedEnv({ ...lab.env, SVC_SKILLS_REGISTRY: repo.registryPath, SVC_SCREENSHOTS_DIR: cwd });
    session = await connectStdio(['--no-daemon'], env, cwd);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
    rmSync(repo.dir, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  });

  test('lists every tool, with input schemas taken from the execution contracts', async () => {
    const { tools } = await session.client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      TOOLS,
    );
    const byName = new Map(tools.map((tool) => [tool.name, tool as Loose]));
    const contracts = executionJsonSchema() as Loose;
    const { description: _d, ...matcher } = byName.get('click').inputSchema.properties.selector;
    const { description: _c, ...contractMatcher } = contracts.$defs.NodeMatcher;
    assert.deepEqual(matcher, contractMatcher);
    assert.deepEqual(
      byName.get('click').inputSchema.properties.clickType.enum,
      contracts.$defs.action_click.properties.params.properties.clickType.enum,
    );
    assert.deepEqual(byName.get('execute').inputSchema.properties.execution.required, contracts.required);
    assert.deepEqual(byName.get('execute').inputSchema.$defs.NodeMatcher, contracts.$defs.NodeMatcher);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} has a teaching description`);
      // A model reads these: the rule itself, never a pointer into svc's own design papers.
      assert.doesNotMatch(JSON.stringify(tool), /\bSPEC\b|OPERATOR-PROTOCOL|DECISIONS/, tool.name);
    }
    // Whatever reaches the device through a driver (executions, the doctor's checks, a skill's nested svc calls)
    // takes the driver as it takes the operator package (`devices` reports what auto would pick).
    const withPackage = tools.filter(
      (tool) => tool.name !== 'devices' && 'operatorPackage' in (tool.inputSchema.properties ?? {}),
    );
    assert.ok(withPackage.some((tool) => tool.name === 'doctor') && withPackage.some((t) => t.name === 'skills-run'));
    for (const tool of withPackage) {
      assert.deepEqual((tool.inputSchema.properties as Loose).driver?.enum, ['auto', 'operator', 'adb'], tool.name);
    }
    assert.match(byName.get('click').description, /resourceId > contentDescEquals > textEquals > textContains/);
    assert.match(byName.get('click').description, /sleep/);
    assert.match(byName.get('snapshot').description, /EXECUTION_CONFLICT_IN_FLIGHT/);
    assert.match(session.client.getInstructions() ?? '', /one execution runs per device/i);
  });

  test('devices lists the simulated device in state device', async () => {
    const result: Loose = await call('devices');
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent.devices, [
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
  });

  test('open, wait, snapshot and read drive and observe the device', async () => {
    assert.equal((await step('open', { target: SETTINGS })).data.application_id, SETTINGS);
    assert.equal(
      (await step('wait', { selector: { textEquals: 'Settings' }, timeoutMs: 5000 })).actionType,
      'wait_for_node',
    );
    const snap = await step('snapshot', {});
    assert.equal(snap.actionType, 'snapshot_ui');
    assert.match(snap.data.text, /^e1 text "Settings" id=homepage_title /m, 'compact by default');
    const xml = await step('snapshot', { format: 'xml' });
    assert.match(xml.data.text, /<hierarchy[\s\S]*text="Settings"/);
    const read = await step('read', { selector: { resourceId: `${SETTINGS}:id/homepage_title` } });
    assert.equal(read.data.text, 'Settings');
  });

  test('type enters text and click clicks an element', async () => {
    const typed = await step('type', { selector: { resourceId: `${SETTINGS}:id/search_src_text` }, text: 'wifi' });
    assert.equal(typed.actionType, 'enter_text');
    // What was typed is not echoed back, only its length.
    assert.equal(typed.data.text, undefined);
    assert.equal(typed.data.text_length, '4');
    const clicked = await step('click', { selector: { textEquals: 'Network & internet' } });
    assert.equal(clicked.actionType, 'click');
    assert.equal((await step('press-key', { key: 'back' })).data.key, 'back');
  });

  test('read-value reads the value beside a label; on-screen-log-set and -clear drive the panel', async () => {
    await step('open', { target: SETTINGS });
    await step('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
    const value = await step('read-value', { label: { textEquals: 'Android version' } });
    assert.equal(value.actionType, 'read_key_value_pair');
    assert.equal(value.data.label, 'Android version');
    assert.ok(value.data.value, JSON.stringify(value.data));
    const shown = await step('on-screen-log-set', { text: 'step 2 of 4', ttlMs: 0 });
    assert.equal(shown.actionType, 'set_on_screen_log');
    assert.equal(shown.data.visible, 'true');
    const cleared = await step('on-screen-log-clear', {});
    assert.deepEqual(cleared.data, { visible: 'false' });
    assert.equal((await step('press-key', { key: 'back' })).data.key, 'back');
  });

  test('scroll-until finds an entry and, with click, opens it', async () => {
    const until = await step('scroll-until', { selector: { textEquals: 'About phone' } });
    assert.equal(until.actionType, 'scroll_until');
    assert.equal(until.data.direction, 'down');
    const clicked = await step('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
    assert.equal(clicked.actionType, 'scroll_and_click');
    await step('wait', { selector: { textEquals: 'Build number' }, timeoutMs: 3000 });
    assert.equal((await step('press-key', { key: 'home' })).data.key, 'home');
  });

  test('close-app, open, wait-for-nav, scroll and sleep map to their actions on the device', async () => {
    const closed = await step('close-app', { target: SETTINGS });
    assert.equal(closed.actionType, 'close_app');
    assert.deepEqual(closed.data, { application_id: SETTINGS }, 'the host force-stopped it (close_app normalized)');
    await step('open', { target: SETTINGS });
    const nav = await step('wait-for-nav', { app: SETTINGS, selector: { textEquals: 'Settings' }, timeoutMs: 5000 });
    assert.equal(nav.actionType, 'wait_for_navigation');
    const scrolled = await step('scroll', { direction: 'down' });
    assert.equal(scrolled.actionType, 'scroll');
    const slept = await step('sleep', { durationMs: 10 });
    assert.equal(slept.actionType, 'sleep');
    // The tools build exactly what the CLI builds: wait-for-nav needs its timeout, sleep a duration.
    const noTimeout = await expectProtocolError(session.client, 'wait-for-nav', { deviceId: serial, app: SETTINGS });
    assert.match(noTimeout.message, /timeoutMs/);
    const noDuration = await expectProtocolError(session.client, 'sleep', { deviceId: serial });
    assert.match(noDuration.message, /durationMs/);
    assert.equal((await step('press-key', { key: 'home' })).data.key, 'home');
  });

  test('screenshot returns the image (a scaled JPEG by default) as image content and the path of the same bytes', async () => {
    const result: Loose = await call('screenshot', { deviceId: serial, path: join(cwd, 'shot.jpg') });
    assert.equal(result.isError, false, JSON.stringify(result.structuredContent));
    const path = result.structuredContent.envelope.stepResults[0].data.path;
    assert.equal(path, join(cwd, 'shot.jpg'));
    assert.ok(existsSync(path));
    const images = result.content.filter((item: Loose) => item.type === 'image');
    assert.equal(images.length, 1);
    assert.equal(images[0].mimeType, 'image/jpeg');
    const bytes = Buffer.from(images[0].data, 'base64');
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.ok(bytes.equals(readFileSync(path)));
    const png: Loose = await call('screenshot', { deviceId: serial, maxSize: 10000, format: 'png' });
    const full = png.content.find((item: Loose) => item.type === 'image');
    assert.equal(full.mimeType, 'image/png');
    assert.deepEqual([...Buffer.from(full.data, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test('execute runs a full execution and accepts the spec aliases', async () => {
    const execution = {
      command_id: `mcp-test-${Date.now()}`,
      taskId: 't',
      source: 'mcp-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [
        // close first: open_app would resume the page the earlier tests left open.
        { id: 'close', type: 'close_app', params: { app_id: SETTINGS } },
        { id: 'open', type: 'open_app', params: { package: SETTINGS } },
        { id: 'tap', type: 'tap', params: { selector: { text: 'Network & internet' } } },
        { id: 'nap', type: 'sleep', params: { durationMs: 50 } },
        { id: 'snap', type: 'snapshot' },
      ],
    };
    const result: Loose = await call('execute', { execution, deviceId: serial });
    const steps = result.structuredContent.envelope.stepResults;
    assert.deepEqual(
      steps.map((s: Loose) => [s.id, s.actionType, s.success]),
      [
        ['close', 'close_app', true],
        ['open', 'open_app', true],
        ['tap', 'click', true],
        ['nap', 'sleep', true],
        ['snap', 'snapshot_ui', true],
      ],
    );
    assert.equal(result.isError, false);
    assert.equal(result.structuredContent.envelope.commandId, execution.command_id);
  });

  test('a failed step is flagged isError and still returns the envelope with the step code', async () => {
    const result: Loose = await call('wait', {
      deviceId: serial,
      selector: { textEquals: 'No such node anywhere' },
      timeoutMs: 300,
    });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.ok, true);
    assert.equal(result.structuredContent.envelope.stepResults[0].data.error, 'NODE_NOT_FOUND');
    assert.match(result.content[0].text, /NODE_NOT_FOUND/);
  });

  test('a device failure is an isError result carrying the svc code, details and hint', async () => {
    const result: Loose = await call('snapshot', { deviceId: 'emulator-5990' });
    assert.equal(result.isError, true);
    const { error } = result.structuredContent;
    assert.equal(result.structuredContent.ok, false);
    assert.equal(error.code, 'DEVICE_NOT_FOUND');
    assert.deepEqual(error.details.connected, [serial]);
    assert.match(error.hint, /svc devices/);
    assert.match(result.content[0].text, /^DEVICE_NOT_FOUND: /);
  });

  test('a busy device is waited for by default; with waitDeviceMs 0 the second call is EXECUTION_CONFLICT_IN_FLIGHT', async () => {
    const locks = join(lab.home, '.svc', 'locks');
    assert.deepEqual(existsSync(locks) ? readdirSync(locks) : [], [], 'no lock is held before the test');
    const busy = call('execute', {
      deviceId: serial,
      execution: {
        commandId: `mcp-busy-${Date.now()}`,
        taskId: 't',
        source: 'mcp-test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30000,
        actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 2500 } }],
      },
    });
    // Deterministic, not timed: the second call goes once the first holds the device's lock file.
    // A `.lock` file, not the temporary file it is written through (that one exists before the lock is held).
    while (!existsSync(locks) || !readdirSync(locks).some((name) => name.endsWith('.lock'))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const refused: Loose = await call('snapshot', { deviceId: serial, waitDeviceMs: 0 });
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent.error.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    assert.match(refused.structuredContent.error.hint, /wait/i);
    // Without waitDeviceMs the call waits for the running execution and then runs: both succeed.
    const waited: Loose = await call('snapshot', { deviceId: serial });
    assert.equal(waited.isError, false, JSON.stringify(waited.structuredContent));
    const first: Loose = await busy;
    assert.equal(first.isError, false, JSON.stringify(first.structuredContent));
  });

  test('arguments that break the tool schema are refused with InvalidParams naming the svc code', async () => {
    const unknownKey = await expectProtocolError(session.client, 'click', { selector: { bogus: 'x' } });
    assert.equal(unknownKey.code, ErrorCode.InvalidParams);
    assert.equal((unknownKey.data as Loose).code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal((unknownKey.data as Loose).details.path, 'selector.bogus', 'the bad argument is named');
    assert.match((unknownKey.data as Loose).hint, /details\.path/);
    const unknownArg = await expectProtocolError(session.client, 'click', { text: 'OK' });
    assert.equal((unknownArg.data as Loose).details.path, 'text');
    assert.match(unknownArg.message, /unknown argument "text"/);
    const missing = await expectProtocolError(session.client, 'type', { selector: { textEquals: 'x' } });
    assert.equal(missing.code, ErrorCode.InvalidParams);
    assert.equal((missing.data as Loose).details.path, 'text');
    const badKey = await expectProtocolError(session.client, 'press-key', { key: 'volume_up' });
    assert.equal(badKey.code, ErrorCode.InvalidParams);
    assert.equal((badKey.data as Loose).details.path, 'key');
    const badDriver = await expectProtocolError(session.client, 'snapshot', { driver: 'magic' });
    assert.equal((badDriver.data as Loose).details.path, 'driver');
    const neither = await expectProtocolError(session.client, 'click', {});
    assert.equal((neither.data as Loose).code, 'EXECUTION_VALIDATION_FAILED');
    // What the action's own rules refuse is said in the tool's argument names, not the execution's.
    assert.equal((neither.data as Loose).details.path, 'selector');
    assert.equal((neither.data as Loose).details.executionPath, 'actions[0].params.matcher');
    assert.match(
      neither.message,
      /Invalid arguments for click: selector: is required: give exactly one of selector or coordinate/,
    );
    const both = await expectProtocolError(session.client, 'click', {
      selector: { textEquals: 'x' },
      coordinate: { x: 1, y: 1 },
    });
    assert.equal((both.data as Loose).details.path, 'coordinate');
    const nav = await expectProtocolError(session.client, 'wait-for-nav', { timeoutMs: 1000 });
    assert.equal((nav.data as Loose).details.path, 'app');
    assert.match(nav.message, /give app or selector/);
    const refAndMore = await expectProtocolError(session.client, 'read-value', {
      label: { ref: 'e1', textEquals: 'x' },
    });
    assert.equal((refAndMore.data as Loose).details.path, 'label.textEquals');
    const unknownTool = await expectProtocolError(session.client, 'no-such-tool', {});
    assert.equal(unknownTool.code, ErrorCode.InvalidParams);
  });

  test('an execution the contracts reject is InvalidParams with EXECUTION_VALIDATION_FAILED and the path', async () => {
    const error = await expectProtocolError(session.client, 'execute', {
      execution: {
        commandId: 'c',
        taskId: 't',
        source: 's',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 5,
        actions: [{ id: 'a', type: 'snapshot_ui' }],
      },
    });
    assert.equal(error.code, ErrorCode.InvalidParams);
    const data = error.data as Loose;
    assert.equal(data.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(data.details.path, 'timeoutMs');
    assert.match(data.hint, /details\.path/);
  });

  test('skills-list, skills-search and skills-run use the registry and run a script with the device first', async () => {
    const list: Loose = await call('skills-list');
    assert.equal(list.structuredContent.ok, true);
    assert.ok(list.structuredContent.count >= 5);
    const found: Loose = await call('skills-search', { app: SETTINGS });
    assert.deepEqual(
      found.structuredContent.skills.map((s: Loose) => s.id),
      ['com.example.settings.read-wifi'],
    );
    const ran: Loose = await call('skills-run', {
      skillId: 'com.example.settings.read-wifi',
      deviceId: serial,
      args: ['x'],
      expectContains: 'args:',
    });
    assert.equal(ran.isError, undefined, JSON.stringify(ran.structuredContent));
    assert.match(ran.structuredContent.output, new RegExp(`args: ${serial} x`));
    assert.deepEqual(ran.structuredContent.skillResult, { network: 'HomeNet', n: 2 });
    const missing: Loose = await call('skills-run', { skillId: 'com.example.none' });
    assert.equal(missing.isError, true);
    assert.equal(missing.structuredContent.error.code, 'SKILL_NOT_FOUND');
    const failed: Loose = await call('skills-run', { skillId: 'com.example.broken.fails' });
    assert.equal(failed.structuredContent.error.code, 'SKILL_EXECUTION_FAILED');
    assert.equal(failed.structuredContent.error.details.exitCode, 3);
    const forced: Loose = await call('skills-run', {
      skillId: 'com.example.notes.create-note',
      deviceId: serial,
      driver: 'adb',
    });
    assert.equal(forced.structuredContent.skillResult.env.SVC_DRIVER, 'adb', JSON.stringify(forced.structuredContent));
    const noFilter = await expectProtocolError(session.client, 'skills-search', {});
    assert.equal(noFilter.code, ErrorCode.InvalidParams);
  });

  test('doctor returns the SPEC 2.11 report, flagged isError exactly when a critical check failed', async () => {
    const result: Loose = await call('doctor', { deviceId: serial });
    const report = result.structuredContent;
    assert.equal(typeof report.criticalOk, 'boolean');
    assert.equal(report.ok, report.criticalOk);
    assert.equal(result.isError, !report.criticalOk);
    assert.equal(report.checks[0].id, 'host.node.version');
    assert.ok(report.checks.some((check: Loose) => check.id === 'device.discovery' && check.status === 'pass'));
    assert.equal(report.deviceId, serial);
    assert.ok(!report.checks.some((check: Loose) => check.id === 'readiness.driver.adb'), 'auto picks the operator');
    const forced: Loose = await call('doctor', { deviceId: serial, driver: 'adb' });
    const adb = forced.structuredContent.checks.find((check: Loose) => check.id === 'readiness.driver.adb');
    assert.equal(adb?.status, 'pass', JSON.stringify(forced.structuredContent));
  });

  test("the server's own log line went to stderr, not to the protocol channel", () => {
    assert.match(session.stderr(), /svc mcp: serving MCP on stdio/);
  });
});
