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
import { ACTION_DEFINITIONS } from '../src/contracts/actions/index.ts';
import { CHORE_DEFINITIONS } from '../src/contracts/chores/index.ts';
import { executionJsonSchema } from '../src/contracts/schema.ts';
import {
  codeOfText,
  connectStdio,
  expectProtocolError,
  jsonOf,
  type Loose,
  lastJsonOf,
  type StdioSession,
  stepOfText,
  textOf,
} from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';
import { createFixtureRepo, type FixtureRepo } from './skills-fixture.ts';

const SETTINGS = 'com.android.settings';
const TOOLS = [
  'execute',
  'snapshot',
  'screenshot',
  // The flat action tools, one per definition that has one (open is shared by open_app and open_uri), in the order
  // the definitions list them: a new action's tool is listed with no edit here.
  ...new Set(ACTION_DEFINITIONS.flatMap((definition) => (definition.mcp === undefined ? [] : [definition.mcp.name]))),
  ...CHORE_DEFINITIONS.map((chore) => chore.name),
  'devices',
  'skills',
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
  /** A device tool call that must fully succeed: its one step, as the text says it (`ok key=value ...`). */
  const step = async (name: string, args: Record<string, unknown>) => {
    const result = await call(name, { deviceId: serial, ...args });
    const text = textOf(result);
    assert.equal(result.isError, false, `${name} → ${text}`);
    const parsed = stepOfText(text);
    assert.equal(parsed.head, 'ok', text);
    return parsed;
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
    rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
    rmSync(cwd, { recursive: true, force: true, maxRetries: 5 });
  });

  test('lists every tool, lean: short descriptions, schemas from the contracts, shared rules said once', async () => {
    const listed = await session.client.listTools();
    const { tools } = listed;
    assert.deepEqual(
      tools.map((tool) => tool.name),
      TOOLS,
    );
    // An agent pays for every byte of tools/list: at most 15 KB (mobile-mcp 1.0.4 lists 27,569 bytes for 32 tools,
    // measured on the same simulated phone), with every tool kept and every selector's keys shown.
    const bytes = JSON.stringify(listed).length;
    assert.ok(bytes <= 15 * 1024, `tools/list is ${bytes} bytes`);
    const byName = new Map(tools.map((tool) => [tool.name, tool as Loose]));
    const contracts = executionJsonSchema() as Loose;
    // Every selector shows its keys, from one shared definition (a string, a ref or a text, is said in the
    // instructions: tools/list stays plain).
    const selectorKeys = ['ref', 'text', 'textContains', 'desc', 'descContains', 'id', 'role'];
    for (const [tool, argument] of [
      ['click', 'selector'],
      ['read', 'container'],
      ['read-value', 'label'],
      ['scroll-until', 'container'],
      ['drag', 'to'],
      ['double-tap', 'selector'],
      ['swipe', 'selector'],
    ] as const) {
      const schema = byName.get(tool).inputSchema.properties[argument];
      assert.equal(schema.type, 'object', `${tool}.${argument}`);
      assert.deepEqual(Object.keys(schema.properties), selectorKeys, `${tool}.${argument}`);
    }
    assert.deepEqual(
      byName.get('click').inputSchema.properties.clickType.enum,
      contracts.$defs.action_click.properties.params.properties.clickType.enum,
    );
    assert.deepEqual(byName.get('execute').inputSchema.properties.execution.required, ['actions']);
    // Every action type is named in execute with its params, read off the same definitions the validator uses.
    for (const type of Object.keys(contracts.$defs).filter((key) => key.startsWith('action_'))) {
      assert.match(byName.get('execute').description, new RegExp(`\\b${type.slice('action_'.length)}\\b`), type);
    }
    /** Only plain schemas: objects all the way down, no boolean schema, no combinator a client may refuse. */
    const plain = (schema: unknown, where: string): void => {
      assert.ok(schema !== null && typeof schema === 'object' && !Array.isArray(schema), where);
      for (const key of ['oneOf', 'anyOf', 'allOf', 'not', '$ref']) assert.ok(!(key in schema), `${where}: ${key}`);
      const { properties = {}, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
      for (const [name, value] of Object.entries(properties)) plain(value, `${where}.${name}`);
      if (items !== undefined) plain(items, `${where}[]`);
    };
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      plain(tool.inputSchema, tool.name);
      const description = tool.description ?? '';
      assert.ok(description.length > 20, `${tool.name} says what it does`);
      if (tool.name !== 'execute') assert.ok(description.length <= 160, `${tool.name}: ${description}`);
      // A model reads these: the rule itself, never a pointer into svc's own design papers.
      assert.doesNotMatch(JSON.stringify(tool), /\bSPEC\b|OPERATOR-PROTOCOL|DECISIONS/, tool.name);
      // What every tool shares is in the instructions, not repeated in each tool.
      assert.doesNotMatch(description, /EXECUTION_CONFLICT_IN_FLIGHT|STALE_REF/, tool.name);
      assert.ok(!('waitDeviceMs' in (tool.inputSchema.properties ?? {})), `${tool.name} lists waitDeviceMs`);
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
    const instructions = session.client.getInstructions() ?? '';
    for (const said of ['STALE_REF', 'EXECUTION_CONFLICT_IN_FLIGHT', 'waitDeviceMs', 'timeoutMs', 'textContains']) {
      assert.ok(instructions.includes(said), `the instructions say ${said}`);
    }
  });

  test('devices lists the simulated device in state device', async () => {
    const result: Loose = await call('devices');
    assert.equal(result.isError, undefined);
    assert.deepEqual(jsonOf(result).devices, [
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
    await step('open', { target: SETTINGS });
    await step('wait', { selector: { textEquals: 'Settings' }, timeoutMs: 5000 });
    const snap: Loose = await call('snapshot', { deviceId: serial });
    assert.equal(snap.isError, false, textOf(snap));
    assert.match(textOf(snap), /^e\d+ text "Settings" id=homepage_title /m, 'compact by default');
    const xml: Loose = await call('snapshot', { deviceId: serial, format: 'xml' });
    assert.match(textOf(xml), /<hierarchy[\s\S]*text="Settings"/);
    const read = await step('read', { selector: { resourceId: `${SETTINGS}:id/homepage_title` }, screen: 'none' });
    assert.equal(read.data.text, 'Settings');
    assert.equal(read.rest, '', 'screen none: only the step');
  });

  test('type enters text and click clicks an element', async () => {
    const typed = await step('type', { selector: { resourceId: `${SETTINGS}:id/search_src_text` }, text: 'wifi' });
    // What was typed is not echoed back, nor its length (the caller knows it): the result is the screen after it.
    assert.equal(typed.data.text, undefined);
    assert.equal(typed.data.text_length, undefined);
    assert.match(typed.rest, /^e\d+ textfield "wifi" /m, typed.rest);
    const read = await step('read', { selector: { resourceId: `${SETTINGS}:id/search_src_text` } });
    assert.equal(read.data.text, 'wifi');
    await step('click', { selector: { textEquals: 'Network & internet' } });
    await step('wait', { selector: { textEquals: 'Internet' }, timeoutMs: 5000 });
    // The key pressed is not said back (the agent sent it); the screen after it shows where back led.
    const back = await step('press-key', { key: 'back', screen: 'full' });
    assert.deepEqual(back.data, {}, 'nothing echoed');
    assert.match(back.rest, /^e\d+ text "Settings" id=homepage_title /m, 'back left Network & internet');
    assert.doesNotMatch(back.rest, /"Network & internet" id=toolbar_title/);
  });

  test('read-value reads the value beside a label; on-screen-log-set and -clear drive the panel', async () => {
    await step('open', { target: SETTINGS });
    await step('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
    const value = await step('read-value', { label: { textEquals: 'Android version' } });
    assert.equal(value.data.label, 'Android version');
    assert.ok(value.data.value, JSON.stringify(value.data));
    await step('on-screen-log-set', { text: 'step 2 of 4', ttlMs: 0 });
    await step('on-screen-log-clear', {});
    await step('press-key', { key: 'back' });
  });

  test('scroll-until finds an entry and, with click, opens it', async () => {
    const until = await step('scroll-until', { selector: { textEquals: 'About phone' } });
    assert.ok(until.data.termination_reason, JSON.stringify(until.data));
    await step('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
    await step('wait', { selector: { textEquals: 'Build number' }, timeoutMs: 3000 });
    await step('press-key', { key: 'home' });
  });

  test('close-app, open, wait-for-nav, scroll and sleep map to their actions on the device', async () => {
    await step('close-app', { target: SETTINGS });
    await step('open', { target: SETTINGS });
    await step('wait-for-nav', { app: SETTINGS, selector: { textEquals: 'Settings' }, timeoutMs: 5000 });
    await step('scroll', { direction: 'down' });
    await step('sleep', { durationMs: 10 });
    // The tools build exactly what the CLI builds: wait-for-nav needs its timeout, sleep a duration.
    const noTimeout = await expectProtocolError(session.client, 'wait-for-nav', { deviceId: serial, app: SETTINGS });
    assert.match(noTimeout.message, /timeoutMs/);
    const noDuration = await expectProtocolError(session.client, 'sleep', { deviceId: serial });
    assert.match(noDuration.message, /durationMs/);
    // timeoutMs and waitDeviceMs are named once in the instructions, and taken by every action tool.
    await step('press-key', { key: 'home', timeoutMs: 20000, waitDeviceMs: 1000 });
  });

  test('screenshot returns the image (a scaled JPEG by default) as image content and the path of the same bytes', async () => {
    const result: Loose = await call('screenshot', { deviceId: serial, path: join(cwd, 'shot.jpg') });
    assert.equal(result.isError, false, textOf(result));
    const path = join(cwd, 'shot.jpg');
    assert.ok(textOf(result).includes(`Saved to ${path}`), textOf(result));
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
    const result: Loose = await call('execute', { execution, deviceId: serial, screen: 'full' });
    const text = textOf(result);
    assert.equal(result.isError, false, text);
    // All succeeded: "ok" once, then only the steps with something to say (the snapshot's screen).
    const lines = text.split('\n').filter((line) => /^(ok|FAILED)( |$)/.test(line));
    assert.deepEqual(
      lines.map((line) => line.split(' ').slice(0, 3).join(' ')),
      ['ok', 'ok snap snapshot_ui'],
    );
    // The snapshot inside the execution is the compact screen too.
    assert.match(text, /^# com\.android\.settings 1080x2400, \d+ elements$/m, text);
  });

  test('a failed step is flagged isError and says its code and what is on screen', async () => {
    // On the Network & internet page the execution above opened: a near miss, and nothing like it at all.
    const result: Loose = await call('wait', {
      deviceId: serial,
      selector: { textEquals: 'Internet access' },
      timeoutMs: 300,
    });
    assert.equal(result.isError, true);
    const text = textOf(result);
    assert.equal(codeOfText(text), 'NODE_NOT_FOUND', text);
    assert.match(text, /^closest on screen:\ne\d+ \w+ "Internet"/m, text);
    const none: Loose = await call('wait', { deviceId: serial, selector: { textEquals: 'Zebra' }, timeoutMs: 300 });
    // Nothing close: the whole screen, not only what changed.
    assert.match(textOf(none), /^# com\.android\.settings 1080x2400, \d+ elements$/m, textOf(none));
  });

  test('a device failure is an isError result carrying the svc code, details and hint', async () => {
    const result: Loose = await call('snapshot', { deviceId: 'emulator-5990' });
    assert.equal(result.isError, true);
    const text = textOf(result);
    assert.match(text, /^DEVICE_NOT_FOUND: /);
    // In MCP terms: the tool, not the CLI command.
    assert.match(text, /^hint: .*the `devices` tool/m);
    const details = JSON.parse(/^details: (.*)$/m.exec(text)?.[1] ?? '{}');
    assert.deepEqual(details.connected, [serial]);
  });

  test('a busy device is waited for by default; with waitDeviceMs 0 the second call is EXECUTION_CONFLICT_IN_FLIGHT', async () => {
    const locks = join(lab.home, '.svc', 'locks');
    assert.deepEqual(existsSync(locks) ? readdirSync(locks) : [], [], 'no lock is held before the test');
    // The bookkeeping of an execution (ids, source, format, timeout) may be left out over MCP.
    const busy = call('execute', {
      deviceId: serial,
      execution: { actions: [{ type: 'sleep', params: { durationMs: 2500 } }] },
    });
    // Deterministic, not timed: the second call goes once the first holds the device's lock file.
    // A `.lock` file, not the temporary file it is written through (that one exists before the lock is held).
    while (!existsSync(locks) || !readdirSync(locks).some((name) => name.endsWith('.lock'))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const refused: Loose = await call('snapshot', { deviceId: serial, waitDeviceMs: 0 });
    assert.equal(refused.isError, true);
    assert.equal(codeOfText(textOf(refused)), 'EXECUTION_CONFLICT_IN_FLIGHT', textOf(refused));
    assert.match(textOf(refused), /^hint: .*wait/im);
    // Without waitDeviceMs the call waits for the running execution and then runs: both succeed.
    const waited: Loose = await call('snapshot', { deviceId: serial });
    assert.equal(waited.isError, false, textOf(waited));
    const first: Loose = await busy;
    assert.equal(first.isError, false, textOf(first));
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
    const badKey = await expectProtocolError(session.client, 'press-key', { key: 'warp_drive' });
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

  test('skills lists the registry, filters it, and skills-run runs a script with the device first', async () => {
    const list = jsonOf(await call('skills'));
    assert.equal(list.ok, true);
    assert.ok(list.count >= 5);
    const found = jsonOf(await call('skills', { app: SETTINGS }));
    assert.deepEqual(
      found.skills.map((s: Loose) => s.id),
      ['com.example.settings.read-wifi'],
    );
    const ran: Loose = await call('skills-run', {
      skillId: 'com.example.settings.read-wifi',
      deviceId: serial,
      args: ['x'],
      expectContains: 'args:',
    });
    assert.equal(ran.isError, undefined, textOf(ran));
    assert.match(jsonOf(ran).output, new RegExp(`args: ${serial} x`));
    assert.deepEqual(jsonOf(ran).skillResult, { network: 'HomeNet', n: 2 });
    const missing: Loose = await call('skills-run', { skillId: 'com.example.none' });
    assert.equal(missing.isError, true);
    assert.equal(codeOfText(textOf(missing)), 'SKILL_NOT_FOUND');
    const failed: Loose = await call('skills-run', { skillId: 'com.example.broken.fails' });
    const failure = textOf(failed);
    assert.equal(codeOfText(failure), 'SKILL_EXECUTION_FAILED');
    assert.equal(JSON.parse(/^details: (.*)$/m.exec(failure)?.[1] ?? '{}').exitCode, 3);
    const forced: Loose = await call('skills-run', {
      skillId: 'com.example.notes.create-note',
      deviceId: serial,
      driver: 'adb',
    });
    assert.equal(jsonOf(forced).skillResult.env.SVC_DRIVER, 'adb', textOf(forced));
  });

  test('doctor returns the SPEC 2.11 report, flagged isError exactly when a critical check failed', async () => {
    const result: Loose = await call('doctor', { deviceId: serial });
    const report = lastJsonOf(result);
    assert.equal(typeof report.criticalOk, 'boolean');
    assert.equal(report.ok, report.criticalOk);
    assert.equal(result.isError, !report.criticalOk);
    assert.equal(report.checks[0].id, 'host.node.version');
    assert.ok(report.checks.some((check: Loose) => check.id === 'device.discovery' && check.status === 'pass'));
    assert.equal(report.deviceId, serial);
    assert.ok(!report.checks.some((check: Loose) => check.id === 'readiness.driver.adb'), 'auto picks the operator');
    const forced: Loose = await call('doctor', { deviceId: serial, driver: 'adb' });
    const adb = lastJsonOf(forced).checks.find((check: Loose) => check.id === 'readiness.driver.adb');
    assert.equal(adb?.status, 'pass', textOf(forced));
  });

  test("the server's own log line went to stderr, not to the protocol channel", () => {
    assert.match(session.stderr(), /svc mcp: serving MCP on stdio/);
  });
});
