// `svc mcp` submits executions through the submit layer (`viaDaemon`), so without --no-daemon it takes the daemon's
// warm path exactly like the CLI (issue 11: "uses the daemon's warm path when available").
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

describe('svc mcp and the daemon', () => {
  let lab: Lab;
  let serial: string;
  let cwd: string;
  let session: StdioSession | undefined;

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
    cwd = await mkdtemp(join(tmpdir(), 'svc-mcp-daemon-'));
  });
  after(async () => {
    await session?.close();
    await runCliJson(['daemon', 'stop', '--device', serial], { env: lab.env });
    await lab?.close();
    await rm(cwd, { recursive: true, force: true, maxRetries: 5 });
  });

  test('a tool call starts and uses the daemon of its device; --no-daemon never does', async () => {
    const direct = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), cwd);
    try {
      const snap: Loose = await direct.client.callTool({ name: 'snapshot', arguments: { deviceId: serial } });
      assert.equal(snap.isError, false, textOf(snap));
    } finally {
      await direct.close();
    }
    const idle = await runCliJson(['daemon', 'status', '--device', serial], { env: lab.env });
    assert.equal(idle.json.daemon.status, 'not_running', idle.stdout);

    session = await connectStdio([], isolatedEnv(lab.env), cwd);
    const snap: Loose = await session.client.callTool({ name: 'snapshot', arguments: { deviceId: serial } });
    assert.equal(snap.isError, false, textOf(snap));
    assert.match(textOf(snap), /^# \S+ 1080x2400, \d+ elements\n/);
    const running = await runCliJson(['daemon', 'status', '--device', serial], { env: lab.env });
    assert.equal(running.json.daemon.status, 'running', running.stdout);
  });
});
