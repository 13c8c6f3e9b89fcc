// "Copy as" is only worth copying if it does the same thing: each command line the inspector writes is run through a
// POSIX shell and the real CLI with --dry-run, and each MCP tool call through svc's MCP server (its schemas, its
// tools), and both must build the very actions they were made from.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { VALID } from '../src/contracts/test-support/valid-actions.ts';
import type { Action, Execution, RunResult } from '../src/contracts/types.ts';
import { normalizeAndValidateExecution } from '../src/contracts/validate.ts';
import { createMcpServer } from '../src/mcp/create-server.ts';
import { copyForms } from '../src/server/inspector/copy-as.ts';
import { collectOutput, isolatedEnv, MAIN } from './run-cli.ts';

function execution(actions: Action[], timeoutMs = 30_000) {
  const outcome = normalizeAndValidateExecution({
    commandId: 'copy-1',
    taskId: 'copy-1',
    source: 'svc-inspector',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions,
  });
  assert.ok(outcome.ok);
  return outcome.execution;
}

/** Runs a copied command line in sh, with `svc` being this repository's CLI, and returns the dry run's execution. */
async function dryRun(line: string): Promise<{ timeoutMs: number; actions: Action[] }> {
  const child = spawn('/bin/sh', ['-c', `svc() { "$SVC_NODE" "$SVC_MAIN" "$@"; }; ${line} --dry-run`], {
    env: isolatedEnv({ SVC_NODE: process.execPath, SVC_MAIN: MAIN }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = await collectOutput(child);
  assert.equal(run.code, 0, `${line}\n${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout).execution;
}

/**
 * Calls a copied MCP tool call on svc's MCP server (schemas enforced, the tool's own builder) and returns the
 * execution it would submit: the submit step records it instead of reaching a device.
 */
async function toolExecution(call: { name: string; arguments: Record<string, unknown> }): Promise<Execution> {
  let submitted: Execution | undefined;
  const server = createMcpServer({
    env: { ANDROID_SERIAL: 'emulator-5554' },
    cwd: process.cwd(),
    client: 'copy-as-test',
    log: () => {},
    submit: async (request): Promise<RunResult> => {
      submitted = request.execution;
      return { ok: false, error: { code: 'DEVICE_NOT_FOUND', message: 'recorded, not run' } };
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'copy-as-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    await client.callTool(call);
  } finally {
    await client.close();
  }
  assert.ok(submitted, `the tool call ${JSON.stringify(call)} submitted nothing`);
  return submitted;
}

const withoutIds = (actions: Action[]) => actions.map(({ type, params }) => ({ type, params: params ?? {} }));

const CASES: { name: string; actions: Action[]; command: RegExp; tool: string }[] = [
  {
    name: 'a tap by id and text',
    actions: [
      { id: 'a', type: 'click', params: { matcher: { resourceId: 'p:id/title', textEquals: "Owner's Wi-Fi & more" } } },
    ],
    command: /^svc click --id p:id\/title --text 'Owner'"'"'s Wi-Fi & more'$/,
    tool: 'click',
  },
  {
    name: 'a long press at a coordinate',
    actions: [{ id: 'a', type: 'click', params: { coordinate: { x: 540, y: 1200 }, clickType: 'long_click' } }],
    command: /^svc click --coordinate 540 1200 --long$/,
    tool: 'click',
  },
  {
    name: 'typing into a field found by its text',
    actions: [
      { id: 'a', type: 'enter_text', params: { matcher: { textEquals: 'Search' }, text: 'wi fi', submit: true } },
    ],
    command: /^svc type --selector .* --text 'wi fi' --submit$/,
    tool: 'type',
  },
  {
    name: 'a read inside a container',
    actions: [
      { id: 'a', type: 'read_text', params: { matcher: { role: 'text' }, container: { resourceId: 'p:id/list' } } },
    ],
    command: /^svc read --role text --container-id p:id\/list$/,
    tool: 'read',
  },
  {
    name: 'a scroll up',
    actions: [{ id: 'a', type: 'scroll', params: { direction: 'up' } }],
    command: /^svc scroll up$/,
    tool: 'scroll',
  },
  {
    name: 'a key and an app',
    actions: [{ id: 'a', type: 'press_key', params: { key: 'recents' } }],
    command: /^svc press recents$/,
    tool: 'press-key',
  },
  {
    name: 'opening an app',
    actions: [{ id: 'a', type: 'open_app', params: { applicationId: 'com.android.settings' } }],
    command: /^svc open com\.android\.settings$/,
    tool: 'open',
  },
  {
    name: 'a scroll of the list the selection is in',
    actions: [{ id: 'a', type: 'scroll', params: { direction: 'down', container: { resourceId: 'p:id/list' } } }],
    command: /^svc scroll down --container-id p:id\/list$/,
    tool: 'scroll',
  },
  {
    name: 'a whole recording',
    actions: [
      { id: 'a', type: 'open_app', params: { applicationId: 'com.android.settings' } },
      { id: 'b', type: 'click', params: { matcher: { textEquals: 'Network & internet' } } },
      { id: 'c', type: 'press_key', params: { key: 'back' } },
    ],
    command: /^svc exec '\{.*\}'$/,
    tool: 'execute',
  },
];

describe('inspector copy-as', () => {
  for (const c of CASES) {
    it(`writes ${c.name} as a command line and an MCP tool call that build the same actions`, async () => {
      const source = execution(c.actions);
      const forms = copyForms(source);
      assert.match(forms.cli, c.command);
      const built = await dryRun(forms.cli);
      assert.deepEqual(withoutIds(built.actions), withoutIds(source.actions));
      assert.equal(built.timeoutMs, source.timeoutMs);
      const call = JSON.parse(forms.mcp);
      assert.equal(call.name, c.tool);
      const viaMcp = await toolExecution(call);
      assert.deepEqual(withoutIds(viaMcp.actions), withoutIds(source.actions));
      assert.equal(viaMcp.timeoutMs, source.timeoutMs);
      assert.deepEqual(JSON.parse(forms.json), JSON.parse(JSON.stringify(source)));
    });
  }

  it('writes one action of every type as a flat command or tool exactly when one builds the very same action', async () => {
    // The flat forms are read off the action definitions, not written per action: each one offered must build back
    // what it was made from, and an action no flat form can say (params no flag takes) falls back to exec/execute.
    const flatLines: string[] = [];
    const flatTools: string[] = [];
    for (const [, action] of VALID) {
      const source = execution([action]);
      const forms = copyForms(source);
      if (!forms.cli.startsWith('svc exec ')) {
        const built = await dryRun(forms.cli);
        assert.deepEqual(withoutIds(built.actions), withoutIds(source.actions), forms.cli);
        assert.equal(built.timeoutMs, source.timeoutMs, forms.cli);
        if (!flatLines.includes(action.type)) flatLines.push(action.type);
      }
      const call = JSON.parse(forms.mcp);
      if (call.name !== 'execute') {
        const viaMcp = await toolExecution(call);
        assert.deepEqual(withoutIds(viaMcp.actions), withoutIds(source.actions), forms.mcp);
        assert.equal(viaMcp.timeoutMs, source.timeoutMs, forms.mcp);
        if (!flatTools.includes(action.type)) flatTools.push(action.type);
      }
    }
    assert.deepEqual(flatLines, [
      'open_app',
      'open_uri',
      'close_app',
      'wait_for_node',
      'click',
      'read_text',
      'enter_text',
      'snapshot_ui',
      'take_screenshot',
      'press_key',
      'set_on_screen_log',
      'clear_on_screen_log',
      'double_tap',
      'long_press',
      'swipe',
    ]);
    assert.deepEqual(flatTools, [
      'open_app',
      'open_uri',
      'close_app',
      'wait_for_node',
      'click',
      'read_text',
      'read_key_value_pair',
      'press_key',
      'set_on_screen_log',
      'clear_on_screen_log',
      'drag',
      'double_tap',
      'long_press',
      'swipe',
    ]);
  });

  it('keeps a timeout other than the default on the command line and in the tool call', async () => {
    const source = execution([{ id: 'a', type: 'press_key', params: { key: 'home' } }], 45_000);
    const forms = copyForms(source);
    assert.equal(forms.cli, 'svc press home --timeout 45000');
    assert.equal((await dryRun(forms.cli)).timeoutMs, 45_000);
    assert.deepEqual(JSON.parse(forms.mcp), { name: 'press-key', arguments: { key: 'home', timeoutMs: 45_000 } });
    assert.equal((await toolExecution(JSON.parse(forms.mcp))).timeoutMs, 45_000);
  });
});
