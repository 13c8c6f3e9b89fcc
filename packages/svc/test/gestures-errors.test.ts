// A gesture asked for wrongly is refused before anything runs, with a code, the path of the bad input and a hint, in
// the caller's own terms: the flags and positional pixels on the command line, the tool's arguments on MCP.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { connectStdio, expectProtocolError, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

/** argv, the code, the path and what the message must say. */
const CLI_CASES: [string[], string, string, RegExp][] = [
  [['double-tap'], 'EXECUTION_VALIDATION_FAILED', 'actions[0].params.matcher', /needs an element selector.*<x> <y>/],
  [['long-press', '540', '900', '--text', 'Wi-Fi'], 'EXECUTION_VALIDATION_FAILED', 'x y', /exactly one of selector/],
  [['double-tap', '540'], 'CLI_USAGE_ERROR', 'y', /<x> and <y> together/],
  [['double-tap', 'abc', '3'], 'EXECUTION_VALIDATION_FAILED', 'x', /expects an integer/],
  [['long-press', '1', '2', '--duration-ms', '5'], 'EXECUTION_VALIDATION_FAILED', '--duration-ms', /100 to 10000/],
  [['swipe'], 'EXECUTION_VALIDATION_FAILED', 'actions[0].params.matcher', /needs an element selector.*<x1> <y1>/],
  [['swipe', '1', '2'], 'EXECUTION_VALIDATION_FAILED', 'x2 y2', /is required with from/],
  [['swipe', '--text', 'Row'], 'EXECUTION_VALIDATION_FAILED', '--direction', /is required with selector/],
  [['swipe', '--text', 'Row', '--direction', 'sideways'], 'EXECUTION_VALIDATION_FAILED', '--direction', /one of down/],
  [['swipe', '1', '2', '3', '4', '--direction', 'up'], 'EXECUTION_VALIDATION_FAILED', '--direction', /goes with/],
  [['swipe', '1', '2', '3', '4', '--text', 'Row'], 'EXECUTION_VALIDATION_FAILED', 'x1 y1', /not both/],
];

describe('gestures asked for wrongly', () => {
  let lab: Lab;
  let session: StdioSession;
  before(async () => {
    lab = await createLab();
    const cwd = await mkdtemp(join(tmpdir(), 'svc-gestures-'));
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), cwd);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  test('on the command line: a missing or doubled target and a bad direction are named by the flag typed', async () => {
    for (const [argv, code, path, message] of CLI_CASES) {
      const run = await runCliJson(argv, { env: lab.env });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, code, `${argv.join(' ')}: ${run.stdout}`);
      assert.equal(run.json.details.path, path, `${argv.join(' ')}: ${run.stdout}`);
      assert.match(run.json.message, message, argv.join(' '));
      assert.ok(run.json.hint, argv.join(' '));
    }
  });

  test('on MCP: the same problems are named by the tool arguments', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['double-tap', {}, 'selector'],
      ['long-press', { selector: { textEquals: 'Wi-Fi' }, coordinate: { x: 1, y: 2 } }, 'coordinate'],
      ['swipe', { selector: { textEquals: 'Row' } }, 'direction'],
      ['swipe', { selector: { textEquals: 'Row' }, direction: 'sideways' }, 'direction'],
      ['swipe', { from: { x: 1, y: 2 } }, 'to'],
      ['long-press', { coordinate: { x: 1, y: 2 }, durationMs: 5 }, 'durationMs'],
    ];
    for (const [tool, args, path] of cases) {
      const error = await expectProtocolError(session.client, tool, args);
      assert.equal(error.code, ErrorCode.InvalidParams, `${tool} ${JSON.stringify(args)}: ${error.message}`);
      const data = error.data as Loose;
      assert.equal(data?.code, 'EXECUTION_VALIDATION_FAILED', error.message);
      assert.equal(data?.details?.path, path, `${tool} ${JSON.stringify(args)}: ${error.message}`);
      assert.ok(data?.hint, error.message);
    }
  });

  test('the MCP tools keep their names and take an element or a point', async () => {
    const { tools } = await session.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['double-tap', 'long-press', 'swipe']) {
      const properties = Object.keys(byName.get(name)?.inputSchema.properties ?? {});
      assert.ok(properties.includes('selector'), `${name}: ${properties.join(', ')}`);
      assert.ok(properties.includes(name === 'swipe' ? 'from' : 'coordinate'), `${name}: ${properties.join(', ')}`);
    }
  });
});
