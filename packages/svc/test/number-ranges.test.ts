// Issue 36: MCP's waitDeviceMs of 1e15 was accepted (a call waited 175 s past the 120 s cap), and at 2^31 or more
// five tools answered DAEMON_PROXY_ERROR at once: Node fires a timer of 2^31 ms or more after 1 ms (with a
// TimeoutOverflowWarning). Every number an MCP tool takes is now checked by its schema, waitDeviceMs by the one
// schema every surface shares, and every timer goes through timerMs, which keeps it below 2^31 ms.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { runChild } from '../src/adapters/process/run-child.ts';
import { LIMITS, MAX_TIMER_MS, timerMs, WAIT_DEVICE_MS_SCHEMA } from '../src/contracts/limits.ts';
import { allTools } from '../src/mcp/tools.ts';
import { connectStdio, type StdioSession } from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';

type Schema = Record<string, unknown>;

/** Every number argument of a tool's enforced schema, by path. */
function numbersOf(schema: Schema, path = ''): [string, Schema][] {
  const out: [string, Schema][] = [];
  const type = schema.type;
  if (type === 'integer' || type === 'number') out.push([path, schema]);
  for (const [key, value] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) {
    out.push(...numbersOf(value, path === '' ? key : `${path}.${key}`));
  }
  return out;
}

/** wait's timeoutMs is clamped into 1..120000 by the contracts (what is sent is what runs), never refused. */
const CLAMPED = new Set(['wait timeoutMs']);

describe('numbers in range', () => {
  it('timerMs keeps every delay Node can hold: 0 to 2^31−1', () => {
    assert.equal(MAX_TIMER_MS, 2 ** 31 - 1);
    assert.deepEqual([1e15, 2 ** 31, 2 ** 31 - 1, 1500.2, -5, Number.NaN, Number.POSITIVE_INFINITY].map(timerMs), [
      MAX_TIMER_MS,
      MAX_TIMER_MS,
      MAX_TIMER_MS,
      1501,
      0,
      0,
      MAX_TIMER_MS,
    ]);
  });

  it('a child given a time limit of 2^32 ms is not killed at once', async () => {
    const run = await runChild(process.execPath, ['-e', 'setTimeout(() => console.log("done"), 300)'], {
      timeoutMs: 2 ** 32,
    });
    assert.equal(run.timedOut, false);
    assert.equal(run.stdout.trim(), 'done');
  });

  it('every number argument of every MCP tool has a range its schema enforces, within a timer', () => {
    const unbounded: string[] = [];
    for (const tool of allTools()) {
      for (const [path, schema] of numbersOf((tool.enforcedSchema ?? tool.inputSchema) as Schema)) {
        const max = schema.maximum as number | undefined;
        if (CLAMPED.has(`${tool.name} ${path}`)) continue;
        const min = schema.minimum ?? schema.exclusiveMinimum;
        if (max === undefined || min === undefined || max > MAX_TIMER_MS) unbounded.push(`${tool.name} ${path}`);
      }
    }
    assert.deepEqual(unbounded, []);
  });

  describe('MCP waitDeviceMs over its cap, through svc mcp and real adb', () => {
    let lab: Lab;
    let mcp: StdioSession;
    before(async () => {
      lab = await createLab({ devices: [{}] });
      mcp = await connectStdio([], isolatedEnv(lab.env) as Record<string, string>, lab.home);
    });
    after(async () => {
      await mcp?.close();
      await lab?.close();
    });

    it('is refused as InvalidParams naming waitDeviceMs by every tool that takes it, before the device is touched', async () => {
      assert.deepEqual(WAIT_DEVICE_MS_SCHEMA, { type: 'integer', minimum: 0, maximum: LIMITS.MAX_WAIT_DEVICE_MS });
      const tools = allTools().filter((t) => 'waitDeviceMs' in ((t.inputSchema.properties as Schema) ?? {}));
      assert.ok(tools.length >= 20, `${tools.length} tools take waitDeviceMs`);
      const commands = lab.devices[0]?.device.commandLog ?? [];
      const before = commands.length;
      for (const tool of tools) {
        for (const wait of [1e15, 2 ** 31, LIMITS.MAX_WAIT_DEVICE_MS + 1, -1]) {
          let error: unknown;
          try {
            await mcp.client.callTool({ name: tool.name, arguments: { waitDeviceMs: wait } });
          } catch (caught) {
            error = caught;
          }
          assert.ok(error instanceof McpError, `${tool.name} accepted waitDeviceMs ${wait}`);
          const issues = (error.data as { details?: { issues?: { path: string }[] } }).details?.issues ?? [];
          assert.ok(
            issues.some((issue) => issue.path === 'waitDeviceMs'),
            `${tool.name} ${wait}: ${JSON.stringify(error.data)}`,
          );
        }
      }
      assert.equal(commands.length, before, 'no device command ran');
    });
  });
});
