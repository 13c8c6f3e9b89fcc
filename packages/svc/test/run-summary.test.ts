// A run an agent can read at a glance, on every surface and through both drivers (issue 20 items 10 and 16): a click
// on a node that never appears ends in EXECUTION_TIMEOUT whose step results still hold the running step, failed
// (on the adb driver with its attempts and its last failure so far, NODE_NOT_FOUND; the operator app's deadline
// answer names neither: `Agent command timed out after <n>ms`, AgentCommandExecutorDefault.kt:92-105 @ v0.5.2), and
// the run result carries the summary beside the envelope (succeeded, failedStepId, failedCode, hint) on the CLI,
// HTTP and MCP.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { connectStdio, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';

/** The summary and the cut-short step every surface must show for `click --text Nope` with a 3 s budget. */
function assertTimedOutClick(result: Loose, driver: string): void {
  assert.equal(result.ok, true, JSON.stringify(result));
  assert.equal(result.driver, driver);
  assert.equal(result.envelope.status, 'failed');
  assert.equal(result.envelope.errorCode, 'EXECUTION_TIMEOUT');
  const steps = result.envelope.stepResults;
  assert.equal(steps.length, 1, JSON.stringify(steps));
  const [step] = steps;
  assert.equal(step.success, false);
  assert.equal(step.data.error, 'EXECUTION_TIMEOUT');
  if (driver === 'adb') {
    assert.equal(step.data.last_error, 'NODE_NOT_FOUND', JSON.stringify(step.data));
    assert.ok(Number(step.data.attempts) >= 1, step.data.attempts);
    assert.match(result.hint, /last_error/);
  } else {
    assert.equal(step.data.message, 'Agent command timed out after 3000ms during this step');
    assert.equal(step.data.last_error, undefined, 'the app says nothing about the attempts');
    assert.doesNotMatch(result.hint, /last_error/);
  }
  assert.equal(result.succeeded, false);
  assert.equal(result.failedStepId, step.id);
  assert.equal(result.failedCode, 'EXECUTION_TIMEOUT');
}

const NOPE = {
  commandId: 'nope-1',
  taskId: 'nope',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 3000,
  actions: [{ id: 'click', type: 'click', params: { matcher: { textEquals: 'Nope' } } }],
};

describe('a timed-out run says which step was running and why, on every surface', () => {
  let lab: Lab;
  let serial: string;
  let server: RunningServer;
  let session: StdioSession;
  let cwd: string;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
      host: '127.0.0.1',
      port: 0,
    });
    cwd = await mkdtemp(join(tmpdir(), 'svc-summary-'));
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), cwd);
  });
  after(async () => {
    await session?.close();
    await server?.close();
    await lab?.close();
    await rm(cwd, { recursive: true, force: true, maxRetries: 5 });
  });

  for (const driver of ['operator', 'adb']) {
    test(`the CLI through the ${driver} driver`, async () => {
      const run = await runCliJson(
        ['click', '--text', 'Nope', '--timeout', '3000', '--driver', driver, '--no-daemon'],
        {
          env: lab.env,
        },
      );
      assert.equal(run.code, 1);
      assertTimedOutClick(run.json, driver);
    });
  }

  test("the CLI through the device's daemon, as an agent calls it", async () => {
    try {
      const run = await runCliJson(['click', '--text', 'Nope', '--timeout', '3000', '--driver', 'operator'], {
        env: lab.env,
      });
      assert.equal(run.code, 1);
      assertTimedOutClick(run.json, 'operator');
      const status = await runCliJson(['daemon', 'status'], { env: lab.env });
      assert.equal(status.json.daemon.status, 'running', 'the call went through the daemon');
    } finally {
      await stopDaemonsOf(lab.home);
    }
  });

  test('HTTP POST /execute through the adb driver', async () => {
    const response = await postJson(server.url, '/execute', { execution: NOPE, driver: 'adb', deviceId: serial });
    assert.equal(response.status, 200);
    assertTimedOutClick(response.body, 'adb');
  });

  test('the MCP execute tool through the operator driver, said once as text', async () => {
    const result = (await session.client.callTool({
      name: 'execute',
      arguments: { deviceId: serial, execution: NOPE, driver: 'operator', screen: 'none' },
    })) as Loose;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    const [text] = result.content.map((part: { text: string }) => part.text);
    // Said once: the step the time ran out in carries the code and the app's message; no line repeats them.
    const [head, ...rest] = text.split('\n');
    assert.equal(head, 'FAILED: EXECUTION_TIMEOUT Agent command timed out after 3000ms during this step');
    assert.equal(text.match(/timed out after/g)?.length, 1, text);
    // The app names no attempts, so the hint does not send the agent to a last_error there is not.
    assert.match(rest.join('\n'), /^hint: .*raise timeoutMs/m);
    assert.doesNotMatch(text, /last_error/);
  });
});
